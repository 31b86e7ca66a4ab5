// The command line behaves like one: --version, help per command drawn from the
// table the parser reads, suggestions, usage on stderr when there is nothing to do.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { ALGOS } from '../../../cli/algos.js';
import { COMMANDS } from '../../../cli/commands.js';
import { closest, editDistance, parseCommandLine, renderHelp, type OptionSpec } from '../../../cli/options.js';
import { writeFixtures } from '../../support/cli-fixtures.js';
import { run } from '../../support/cli-run.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

test('--version and -v print the version in package.json', async () => {
  for (const flag of ['--version', '-v']) {
    expect(await run(flag)).toEqual({ code: 0, out: [`bestfirst ${PACKAGE.version}`], err: [] });
  }
  const extra = await run('--version', 'plan');
  expect(extra.code).toBe(2);
  expect(extra.err).toEqual(['bestfirst: --version takes nothing after it, got "plan"']);
});

test('the shipped entry point finds the version from dist/, also in a copy laid out like the installed package', () => {
  expect(existsSync(join(ROOT, 'dist/cli/main.js')), 'dist/ is missing: run `npm run build` (npm test does)').toBe(true);
  const here = execFileSync(process.execPath, [join(ROOT, 'bin/bestfirst.js'), '--version'], { encoding: 'utf8' });
  expect(here).toBe(`bestfirst ${PACKAGE.version}\n`);
  // The tarball holds package.json, bin/ and dist/ (the "files" whitelist), nothing else.
  const pkg = join(mkdtempSync(join(tmpdir(), 'bestfirst-pkg-')), 'bestfirst');
  for (const part of ['package.json', 'bin', 'dist/cli', 'dist/src']) cpSync(join(ROOT, part), join(pkg, part), { recursive: true });
  const installed = execFileSync(process.execPath, [join(pkg, 'bin/bestfirst.js'), '-v'], { encoding: 'utf8', cwd: tmpdir() });
  expect(installed).toBe(`bestfirst ${PACKAGE.version}\n`);
});

test('bare bestfirst prints the usage on stderr and exits 2; bestfirst help and --help print it on stdout, exit 0', async () => {
  const bare = await run();
  expect(bare.code).toBe(2);
  expect(bare.out).toEqual([]);
  expect(bare.err[0]).toBe('usage: bestfirst <command> [options]');
  for (const name of Object.keys(COMMANDS)) expect(bare.err.some((l) => l.startsWith(`  ${name} `))).toBe(true);
  for (const argv of [['help'], ['--help'], ['-h']]) {
    const r = await run(...argv);
    expect(r.code).toBe(0);
    expect(r.err).toEqual([]);
    expect(r.out).toEqual(bare.err);
  }
});

test('bestfirst help CMD, CMD --help and CMD -h print the same help, exit 0, for every command', async () => {
  for (const name of Object.keys(COMMANDS)) {
    const a = await run('help', name), b = await run(name, '--help'), c = await run(name, '-h');
    expect(a.code).toBe(0);
    expect(a.err).toEqual([]);
    expect(a.out[0]).toMatch(new RegExp(`^usage: bestfirst ${name}\\b`));
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    // Help wins over everything else on the line, even a mistake.
    expect(await run(name, '--no-such-option', '--help')).toEqual(a);
  }
  expect(await run('help', 'plna')).toEqual({ code: 2, out: [], err: ['bestfirst: unknown command "plna"; did you mean "plan"? (known: trace, plan, scen, merge, flood, replan, field, ara, apartment, route, preprocess, costmap, fleet)'] });
  expect((await run('help', 'plan', 'scen')).code).toBe(2);
});

test('the help lists every option the parser takes, its accepted values and its default; every --algo value', () => {
  for (const spec of Object.values(COMMANDS)) {
    const text = renderHelp(spec).join('\n');
    const flat = text.replace(/\s+/g, ' '); // wrapped lines joined
    for (const o of spec.options) {
      expect(text, `${spec.name} --${o.name}`).toMatch(new RegExp(`^  --${o.name}\\b`, 'm'));
      if (o.default !== undefined) expect(flat).toContain(`[default: ${o.default}]`);
      if (o.required) expect(flat).toContain('[required]');
      if (o.choices) expect(flat).toContain(`one of ${o.choices.map((c) => (c.includes(' ') ? JSON.stringify(c) : c)).join(', ')}`);
      if (o.min !== undefined && o.max !== undefined) expect(flat).toContain(`from ${o.min} to ${o.max}`);
    }
    expect(text).toMatch(/^ {2}-h, --help /m);
    // Every default the help shows is one the parser takes (it goes through the same parser).
    expect(() => parseCommandLine({ ...spec, options: spec.options.map((o): OptionSpec => ({ ...o, required: false })) }, spec.positionals?.map(() => 'x') ?? [])).not.toThrow();
  }
  const plan = renderHelp(COMMANDS.plan).join('\n');
  for (const e of Object.values(ALGOS)) expect(plan).toContain(e.usage);
  // Lines fit an 80-column terminal.
  for (const spec of Object.values(COMMANDS)) for (const l of renderHelp(spec)) expect(l.length, l).toBeLessThanOrEqual(80);
});

test('an algorithm added to the table is listed in the help and parsed, from the one table', async () => {
  const F = writeFixtures();
  const plan = (algo: string) => run('plan', '--map', F.map, '--from', '0,0', '--to', '7,5', '--algo', algo, '--json');
  try {
    // An --algo parsed before the table grows: nothing may keep a copy of the table from then.
    expect((await plan('astar')).code).toBe(0);
    ALGOS.zigzag = { usage: 'zigzag', help: 'test only', build: ALGOS.astar.build };
    try {
      expect(renderHelp(COMMANDS.plan).join('\n')).toMatch(/^\s+zigzag\s+test only$/m);
      expect((await run('plan', '--algo', 'zigzag', '--help')).code).toBe(0);
      // --help wins over anything else on the line, so only a query shows that the value parses.
      const r = await plan('zigzag');
      expect(r.code, r.err.join('\n')).toBe(0);
      expect(JSON.parse(r.out[0]).status).toBe('found');
    } finally {
      delete ALGOS.zigzag;
    }
    expect((await plan('zigzag')).err[0]).toMatch(/--algo must be one of .*, got "zigzag"/);
  } finally {
    rmSync(F.dir, { recursive: true, force: true });
  }
});

test('unknown commands, options and values suggest the nearest known one', async () => {
  expect((await run('plna')).err).toEqual(['bestfirst: unknown command "plna"; did you mean "plan"? (known: trace, plan, scen, merge, flood, replan, field, ara, apartment, route, preprocess, costmap, fleet)']);
  expect((await run('secn')).err[0]).toMatch(/did you mean "scen"\?/);
  expect((await run('--map')).err).toEqual(['bestfirst: unknown option "--map"; options come after the command (bestfirst <command> [options]; bestfirst help lists the commands)']);
  expect((await run('plan', '--form', '1,1')).err).toEqual(['bestfirst plan: unknown option --form; did you mean --from?']);
  expect((await run('plan', '-from', '1,1')).err).toEqual(['bestfirst plan: unknown option -from; did you mean --from?']);
  expect((await run('scen', 'x.scen', '--sampel', '3')).err).toEqual(['bestfirst scen: unknown option --sampel; did you mean --sample?']);
  expect((await run('plan', '--velocity', '3')).err).toEqual(['bestfirst plan: unknown option --velocity (known: --map, --ros, --from, --to, --algo, --any-angle, --saved, --terrain, --partial, --radius, --unknown, --inflation, --scaling, --penalty, --tolerance, --allow-unknown, --keepout, --speed, --footprint, --min-turning-radius, --motion, --max-planning-time, --svg, --png, --json, --help)']);
  expect((await run('plan', '--algo', 'astr', '--map', 'x', '--from', '1,1', '--to', '1,1')).err[0]).toMatch(/got "astr"; did you mean "astar"\?$/);
  expect((await run('trace', '--world', 'hnad')).err).toEqual(['bestfirst trace: --world must be one of hand, lesson, got "hnad"; did you mean "hand"?']);
});

test('edit distance counts a swap of neighbours as one edit; nothing is suggested for a far word', () => {
  expect(editDistance('form', 'from')).toBe(1);
  expect(editDistance('', 'abc')).toBe(3);
  expect(editDistance('kitten', 'sitting')).toBe(3);
  expect(closest('--form', ['--map', '--from', '--to'])).toBe('--from');
  expect(closest('--x', ['--map', '--to'])).toBeUndefined();
  expect(closest('banana', ['plan', 'scen'])).toBeUndefined();
});

test('the binary prints usage to stderr and help to stdout with the right exit codes', () => {
  const bin = join(ROOT, 'bin/bestfirst.js');
  const help = execFileSync(process.execPath, [bin, 'plan', '--help'], { encoding: 'utf8' });
  expect(help.split('\n')[0]).toBe('usage: bestfirst plan --map FILE.map --from X,Y --to X,Y [options]');
  let status = 0, stderr = '', stdout = '';
  try { execFileSync(process.execPath, [bin], { encoding: 'utf8', stdio: 'pipe' }); } catch (e) {
    ({ status, stderr, stdout } = e as { status: number; stderr: string; stdout: string });
  }
  expect(status).toBe(2);
  expect(stdout).toBe('');
  expect(stderr.split('\n')[0]).toBe('usage: bestfirst <command> [options]');
});
