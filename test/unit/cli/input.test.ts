// The command line refuses what it used to accept silently, and tells a user's
// mistake (one line, exit 2) from a bug of ours (a stack, exit 1).
import { truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { main } from '../../../cli/main.js';
import { parseNumber, type CommandSpec } from '../../../cli/options.js';
import { scenCommand } from '../../../cli/scen.js';
import { InputError } from '#bestfirst';
import { MAX_MAP_BYTES, MAX_SCEN_BYTES } from '#bestfirst/internal';
import { collect } from '../../support/cli-io.js';
import { writeFixtures } from '../../support/cli-fixtures.js';
import { run } from '../../support/cli-run.js';

const F = writeFixtures();

/** A refusal: exit 2, nothing on stdout, exactly one line on stderr, no stack. */
async function refused(...argv: string[]): Promise<string> {
  const r = await run(...argv);
  expect(r.code, `${argv.join(' ')}\n${r.err.join('\n')}`).toBe(2);
  expect(r.out).toEqual([]);
  expect(r.err).toHaveLength(1);
  expect(r.err[0]).not.toMatch(/\n|^\s+at /);
  return r.err[0];
}

// --- a user's mistake and our bug -------------------------------------------------

function table(thrower: () => never): Record<string, CommandSpec> {
  return { boom: { name: 'boom', summary: 'throws', options: [], run: thrower } };
}

test('a RangeError that is not an InputError, thrown inside a command, is a defect: its stack, exit 1', async () => {
  const c = collect();
  const code = await main(['boom'], c.io, table(() => { throw new RangeError('Invalid array length'); }));
  expect(code).toBe(1);
  expect(c.out).toEqual([]);
  expect(c.err[0]).toBe('bestfirst boom: internal error (a bug in bestfirst, not in your input; please report it with the command line):');
  expect(c.err[1]).toMatch(/^RangeError: Invalid array length\n\s+at /);
  // Other defects too, and things thrown that are not errors.
  for (const thrown of [new TypeError('x is undefined'), new Error('assertion failed'), 'a string']) {
    const d = collect();
    expect(await main(['boom'], d.io, table(() => { throw thrown; }))).toBe(1);
    expect(d.err[0]).toMatch(/internal error/);
  }
});

test('an InputError and a file-system error about a path are the user\'s: one line, exit 2', async () => {
  const c = collect();
  expect(await main(['boom'], c.io, table(() => { throw new InputError('--size must be a decimal integer, got "x"'); }))).toBe(2);
  expect(c.err).toEqual(['bestfirst boom: --size must be a decimal integer, got "x"']);
  const enoent = Object.assign(new Error("ENOENT: no such file or directory, open 'x'"), { code: 'ENOENT', syscall: 'open' });
  const d = collect();
  expect(await main(['boom'], d.io, table(() => { throw enoent; }))).toBe(2);
  expect(d.err).toEqual(["bestfirst boom: ENOENT: no such file or directory, open 'x'"]);
  // A message with a newline (a file name holding one) still prints as one line.
  const e = collect();
  expect(await main(['boom'], e.io, table(() => { throw new InputError('cannot read --map a\nb.map: no such file'); }))).toBe(2);
  expect(e.err).toEqual(['bestfirst boom: cannot read --map a\\nb.map: no such file']);
});

// --- numbers are decimal ------------------------------------------------------------

test('one number parser: decimal only, no hex, exponent, Infinity, NaN or empty, the range in the message', () => {
  const int = { integer: true, min: 0, max: 10 }, num = { integer: false, min: 1 };
  expect(parseNumber('7', '--n', int)).toBe(7);
  expect(parseNumber(' 007 ', '--n', int)).toBe(7);
  expect(parseNumber('-0', '--n', int)).toBe(0);
  expect(Object.is(parseNumber('-0', '--n', int), -0)).toBe(false);
  expect(parseNumber('1.5', '--e', num)).toBe(1.5);
  expect(parseNumber('2.', '--e', num)).toBe(2);
  for (const bad of ['0x10', '1e2', '0b1', '0o7', 'Infinity', '-Infinity', 'NaN', '', ' ', '1,5', '+3', '3abc', '11', '-1', '1.5']) {
    expect(() => parseNumber(bad, '--n', int), bad).toThrow(InputError);
    expect(() => parseNumber(bad, '--n', int), bad).toThrow(`--n must be a decimal integer from 0 to 10, got ${JSON.stringify(bad)}`);
  }
  for (const bad of ['0x10', '1e3', '.', '-', '0.5', '9'.repeat(400)]) {
    expect(() => parseNumber(bad, '--e', num), bad).toThrow('--e must be a decimal number >= 1, got ');
  }
  // Integers beyond 2^53 are not exact: refused, even without a max.
  expect(() => parseNumber('9007199254740993', '--n', { integer: true })).toThrow(InputError);
});

test('--algo wastar:0x10 and --schedule 0x3,1 are refused (they were read as 16 and 3)', async () => {
  expect(await refused('plan', '--map', F.map, '--from', '0,0', '--to', '7,5', '--algo', 'wastar:0x10'))
    .toBe('bestfirst plan: --algo "wastar:0x10": EPS must be a decimal number from 1 to 1000000, got "0x10"');
  expect(await refused('plan', '--map', F.map, '--from', '0,0', '--to', '7,5', '--algo', 'wastar:1e1'))
    .toBe('bestfirst plan: --algo "wastar:1e1": EPS must be a decimal number from 1 to 1000000, got "1e1"');
  expect(await refused('plan', '--map', F.map, '--from', '0,0', '--to', '7,5', '--algo', 'wastar'))
    .toBe('bestfirst plan: --algo "wastar" needs its EPS: wastar:EPS with EPS a decimal number from 1 to 1000000 (wastar:1.5, say)');
  expect(await refused('ara', '--map', F.map, '--from', '0,0', '--to', '7,5', '--schedule', '0x3,1'))
    .toBe('bestfirst ara: --schedule: item 1 "0x3" is not a number (expected decreasing numbers >= 1 separated by commas, e.g. 3,2,1.5,1)');
  expect(await refused('ara', '--map', F.map, '--from', '0,0', '--to', '7,5', '--schedule', '3,Infinity'))
    .toMatch(/--schedule: item 2 "Infinity" is not a number/);
  expect(await refused('ara', '--map', F.map, '--from', '0,0', '--to', '7,5', '--schedule', '2,3'))
    .toBe('bestfirst ara: --schedule 2,3: schedule must decrease, but schedule[1] = 3 is not below schedule[0] = 2');
  expect(await refused('scen', F.scen, '--seed', '0x3')).toBe('bestfirst scen: --seed must be a decimal integer from 0 to 4294967295, got "0x3"');
  expect(await refused('scen', F.scen, '--sample', '1e2')).toBe('bestfirst scen: --sample must be a decimal integer from 1 to 2147483647, got "1e2"');
  expect(await refused('replan', '--map', F.map, '--from', '0,0', '--to', '7,5', '--flips', '0x10'))
    .toBe('bestfirst replan: --flips must be a decimal integer from 0 to 100000, got "0x10"');
  expect(await refused('ara', '--map', F.map, '--from', '0,0', '--to', '7,5', '--max-ms', 'Infinity'))
    .toBe('bestfirst ara: --max-ms must be a decimal number >= 0, got "Infinity"');
  expect(await refused('apartment', '--close-at', '0x1')).toBe('bestfirst apartment: --close-at must be a decimal integer from 0 to 9007199254740991, got "0x1"');
  expect(await refused('plan', '--map', F.map, '--from', '0x1,0', '--to', '7,5'))
    .toBe('bestfirst plan: --from must be X,Y or X,Y,YAW: decimal numbers, YAW in radians, got "0x1,0"');
  // Decimal input still works.
  const ok = await run('plan', '--map', F.map, '--from', '0,0', '--to', '7,5', '--algo', 'wastar:1.5', '--json');
  expect(ok.code).toBe(0);
  expect(JSON.parse(ok.out[0]).algo).toBe('wastar:1.5');
});

// --- scen ---------------------------------------------------------------------------------

test('scen on a file with no problems is an error saying so, not "optimal 100.00%"', async () => {
  expect(await refused('scen', F.empty, '--map', F.map, '--force-map'))
    .toBe(`bestfirst scen: ${F.empty} is empty: it holds no problems (a .scen file is 'version 1' and then one problem per line)`);
  expect(await refused('scen', F.headerOnly, '--map', F.map))
    .toBe(`bestfirst scen: ${F.headerOnly} holds no problems: nothing follows its 'version 1' line`);
  expect(await refused('scen', F.scen, '--sample', '0')).toMatch(/--sample must be a decimal integer from 1 to/);
  // A file with problems runs.
  const r = await run('scen', F.scen);
  expect(r.code).toBe(0);
  expect(r.out[1]).toBe('queries 6, optimal 100.00% (6), invalid 0');
});

test('scen --map naming another map (same size) is refused as such, not reported as broken promises; --force-map runs it', async () => {
  expect(await refused('scen', F.scen, '--map', F.open))
    .toBe(`bestfirst scen: ${F.scen}:2: the problem names map "tiny.map", but --map is ${F.open} ("open.map"); pass --force-map to run it on that map anyway`);
  // Forced, the wrong map runs: its shortcuts break the promise, which is then the honest report.
  const forced = collect();
  expect(scenCommand([F.scen, '--map', F.open, '--force-map'], forced.io)).toBe(1);
  expect(forced.err.at(-1)).toMatch(/^scen: FAILED: 0 invalid paths, [1-9]\d* breaking the astar promise$/);
  // The right map under another folder is fine: names are compared, not paths.
  expect((await run('scen', F.scen, '--map', F.map)).code).toBe(0);
});

// --- replan ---------------------------------------------------------------------------------

test('replan --flips 200 says how many flips ran and why the run stopped, in text and in JSON', async () => {
  const text = await run('replan', '--map', F.map, '--from', '0,0', '--to', '7,5', '--flips', '200', '--seed', '4');
  expect(text.code).toBe(0);
  const flips = text.out.filter((l) => /^\d+\s+\d+\s+\(/.test(l)).length - 1; // minus the first search
  expect(flips).toBeLessThan(200);
  expect(text.out.at(-2)).toMatch(new RegExp(`^robot reached the goal after \\d+ steps, cost [\\d.]+; ${flips} of the 200 flips ran: the robot reached the goal first$`));
  const json = await run('replan', '--map', F.map, '--from', '0,0', '--to', '7,5', '--flips', '200', '--seed', '4', '--json');
  expect(json.code).toBe(0);
  expect(json.out).toHaveLength(flips + 1); // stdout: one record per update, nothing else
  expect(json.err).toHaveLength(1);
  expect(JSON.parse(json.err[0])).toMatchObject({ summary: true, flipsAsked: 200, flips, stopped: 'arrived', robot: { x: 7, y: 5 }, failures: 0 });
  // All asked for: said too.
  const few = await run('replan', '--map', F.map, '--from', '0,0', '--to', '7,5', '--flips', '2');
  expect(few.out.at(-2)).toMatch(/; all 2 flips ran; the robot reached the goal$/);
  // Cut off with no flips left.
  const cut = await run('replan', '--map', F.split, '--from', '0,0', '--to', '4,0', '--flips', '0', '--json');
  expect(JSON.parse(cut.err[0])).toMatchObject({ flipsAsked: 0, flips: 0, stopped: 'unreachable', cost: null });
});

test('replan: the options of one form are refused in the other', async () => {
  expect(await refused('replan', '--flips', '3')).toMatch(/^bestfirst replan: --flips needs --map FILE\.map \(usage: /);
  expect(await refused('replan', '--map', F.map, '--from', '0,0', '--to', '7,5', '--trace'))
    .toMatch(/^bestfirst replan: --trace is for the gate world and does not go with --map/);
  expect(await refused('replan', '--map', F.map, '--to', '7,5')).toMatch(/^bestfirst replan: --from X,Y is required with --map/);
});

// --- files that never end or are too large ---------------------------------------------------

test('plan --map /dev/zero stops reading at the cap instead of reading forever; so does scen', async () => {
  expect(await refused('plan', '--map', '/dev/zero', '--from', '0,0', '--to', '1,1'))
    .toBe(`bestfirst plan: --map /dev/zero is more than the ${MAX_MAP_BYTES} bytes a .map file may have (stopped reading there)`);
  expect(await refused('scen', '/dev/zero', '--map', F.map))
    .toBe(`bestfirst scen: /dev/zero is more than the ${MAX_SCEN_BYTES} bytes a .scen file may have (stopped reading there)`);
});

test('a regular file larger than the cap is refused on its size, before it is read', async () => {
  // Sparse: the size is there, the bytes are not, so only a size check can be this quick.
  const big = join(F.dir, 'big.map');
  writeFileSync(big, '');
  truncateSync(big, MAX_MAP_BYTES + 1);
  expect(await refused('field', '--map', big, '--goal', '0,0'))
    .toBe(`bestfirst field: --map ${big} is ${MAX_MAP_BYTES + 1} bytes, more than the ${MAX_MAP_BYTES} a .map file may have`);
  const bigScen = join(F.dir, 'big.scen');
  writeFileSync(bigScen, '');
  truncateSync(bigScen, MAX_SCEN_BYTES + 1);
  expect(await refused('scen', bigScen)).toBe(`bestfirst scen: ${bigScen} is ${MAX_SCEN_BYTES + 1} bytes, more than the ${MAX_SCEN_BYTES} a .scen file may have`);
});

test('missing files, folders, binary files and files of the other kind: one line each', async () => {
  expect(await refused('plan', '--map', F.missing, '--from', '0,0', '--to', '1,1')).toBe(`bestfirst plan: cannot read --map ${F.missing}: no such file`);
  expect(await refused('plan', '--map', F.folder, '--from', '0,0', '--to', '1,1')).toBe(`bestfirst plan: cannot read --map ${F.folder}: it is a directory`);
  expect(await refused('plan', '--map', join(F.map, 'x.map'), '--from', '0,0', '--to', '1,1'))
    .toBe(`bestfirst plan: cannot read --map ${join(F.map, 'x.map')}: a part of the path is not a directory`);
  expect(await refused('plan', '--map', F.binary, '--from', '0,0', '--to', '1,1')).toMatch(new RegExp(`^bestfirst plan: ${F.binary.replace(/[.\\/]/g, '\\$&')}:1:1: found ".*"(\\.\\.\\.)?, expected the header line 'type octile'$`));
  expect(await refused('plan', '--map', F.scen, '--from', '0,0', '--to', '1,1')).toBe(`bestfirst plan: ${F.scen}:1:1: found "version 1", expected the header line 'type octile'`);
  expect(await refused('scen', F.map)).toBe(`bestfirst scen: ${F.map}:1:1: found "type octile", expected 'version 1'`);
  expect(await refused('scen', F.folder)).toBe(`bestfirst scen: cannot read ${F.folder}: it is a directory`);
  // A control character in a name stays on its line.
  expect(await refused('plan', '--map', 'a\nb.map', '--from', '0,0', '--to', '1,1')).toBe('bestfirst plan: cannot read --map "a\\nb.map": no such file');
});

// --- the command line's own grammar ---------------------------------------------------------

test('options: missing values, empty values, repeats, flags with values, stray arguments, positions off the map', async () => {
  const plan = ['plan', '--map', F.map, '--from', '0,0'];
  expect(await refused(...plan, '--to')).toBe('bestfirst plan: --to needs a value (X,Y)');
  expect(await refused('plan', '--map', '--from', '0,0', '--to', '1,1')).toBe('bestfirst plan: --map needs a value (FILE.map), got the option "--from"');
  expect(await refused('plan', '--map=', '--from', '0,0', '--to', '1,1')).toBe('bestfirst plan: --map must be a file name, got ""');
  expect(await refused(...plan, '--to', '7,5', '--to', '7,4')).toBe('bestfirst plan: --to is given twice; give it once');
  expect(await refused(...plan, '--to', '7,5', '--json=yes')).toBe('bestfirst plan: --json takes no value, got "--json=yes"');
  expect(await refused(...plan, '--to', '7,5', 'extra')).toMatch(/^bestfirst plan: unexpected argument "extra" \(usage: bestfirst plan --map FILE\.map --from X,Y --to X,Y \[options\] \| bestfirst plan --ros FILE\.yaml --from X,Y --to X,Y --radius R \[options\] \| bestfirst plan --ros FILE\.yaml --from X,Y,YAW --to X,Y,YAW \[options\]; bestfirst help plan for more\)$/);
  expect(await refused(...plan, '--to', '8,5')).toBe(`bestfirst plan: --to 8,5 is outside the 8 x 6 map ${F.map} (x in 0..7, y in 0..5, y from the top)`);
  expect(await refused(...plan, '--to', '-1,5')).toBe(`bestfirst plan: --to -1,5 is outside the 8 x 6 map ${F.map} (x in 0..7, y in 0..5, y from the top)`);
  expect(await refused(...plan, '--to', '1,1')).toBe(`bestfirst plan: --to 1,1 is a blocked cell of ${F.map}`);
  expect(await refused(...plan, '--to', '99999999999999999999,1')).toMatch(/^bestfirst plan: --to must be X,Y or X,Y,YAW: decimal numbers/);
  // Three numbers are a pose (X,Y,YAW), which only a ROS map's kinematic plan takes.
  expect(await refused(...plan, '--to', '1,2,3')).toMatch(/^bestfirst plan: --to 1,2,3 must be a cell with --map: X,Y decimal integers.*poses with a yaw, are for --ros\)$/);
  expect(await refused(...plan, '--to', '1,2,3,4')).toMatch(/^bestfirst plan: --to must be X,Y or X,Y,YAW: decimal numbers, YAW in radians, got "1,2,3,4"$/);
  expect(await refused('scen')).toMatch(/^bestfirst scen: FILE\.scen is missing \(usage: /);
  expect(await refused('scen', '')).toBe('bestfirst scen: FILE.scen must be a file name, got ""');
  expect(await refused('scen', F.scen, F.scen)).toMatch(/^bestfirst scen: unexpected argument/);
  // `--` ends the options: a file named like an option can still be given.
  expect(await refused('scen', '--', '--json')).toBe('bestfirst scen: cannot read --json: no such file');
});

test('the points of every command go through one parser and one check against the map', async () => {
  for (const [cmd, option, rest] of [
    ['plan', '--from', ['--to', '7,5']], ['plan', '--to', ['--from', '0,0']], ['ara', '--from', ['--to', '7,5']],
    ['field', '--goal', []], ['replan', '--from', ['--to', '7,5']], ['replan', '--to', ['--from', '0,0']],
  ] as const) {
    // plan's points are decimals too (metres with --ros): a cell is checked to be whole once the map is known to be --map.
    const form = cmd === 'plan' ? 'X,Y or X,Y,YAW: decimal numbers, YAW in radians' : 'X,Y: decimal integers, x the column, y the row from the top';
    expect(await refused(cmd, '--map', F.map, ...rest, option, '3;4')).toBe(`bestfirst ${cmd}: ${option} must be ${form}, got "3;4"`);
    if (cmd === 'plan') expect(await refused(cmd, '--map', F.map, ...rest, option, '2.5,1')).toMatch(new RegExp(`^bestfirst plan: ${option} 2\\.5,1 must be a cell with --map: X,Y decimal integers`));
    expect(await refused(cmd, '--map', F.map, ...rest, option, '2,1')).toBe(`bestfirst ${cmd}: ${option} 2,1 is a blocked cell of ${F.map}`);
    expect(await refused(cmd, '--map', F.map, ...rest, option, '0,6')).toBe(`bestfirst ${cmd}: ${option} 0,6 is outside the 8 x 6 map ${F.map} (x in 0..7, y in 0..5, y from the top)`);
  }
});

test('command names inherited from Object.prototype are unknown commands, not a TypeError', async () => {
  // `bestfirst constructor` found Object's constructor in the table and crashed calling its .run.
  for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
    expect(await refused(name)).toMatch(new RegExp(`^bestfirst: unknown command "${name}" \\(known: `));
    expect(await refused('help', name)).toMatch(/^bestfirst: unknown command/);
  }
  // The same for values looked up in tables: algorithms and choices.
  for (const algo of ['__proto__', 'constructor', 'toString']) {
    expect(await refused('plan', '--map', F.map, '--from', '0,0', '--to', '7,5', '--algo', algo)).toMatch(/--algo must be one of astar, /);
  }
  expect(await refused('trace', '--world', 'constructor')).toMatch(/--world must be one of hand, lesson/);
});
