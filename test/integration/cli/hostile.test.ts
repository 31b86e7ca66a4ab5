// A hostile table: hundreds of generated command lines (unknown options, missing
// and empty values, bad numbers, points off the map, missing, endless, binary and
// wrong-kind files) through main() with a collector Io, each in a worker thread
// with a timeout. Every case must end, with exit 0, 1 or 2 as the case calls for,
// a refusal in one line without a stack, and never an uncaught exception.
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { COMMANDS } from '../../../cli/commands.js';
import type { OptionSpec } from '../../../cli/options.js';
import { mulberry32 } from '#bestfirst/internal';
import { writeFixtures } from '../../support/cli-fixtures.js';
import { expectFreshBuild } from '../../support/build-fresh.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const MAIN = join(ROOT, 'dist/cli/main.js');
/** Generous: the machine is shared; a case takes milliseconds. */
const CASE_TIMEOUT_MS = 30_000;

const F = writeFixtures();

interface Case {
  argv: string[];
  /** The exit code the case calls for, or 'any' (0, 1 or 2) for the random ones. */
  want: 0 | 1 | 2 | 'any';
}

// --- the table ---------------------------------------------------------------------------

/** Values no option of the kind accepts. */
function hostileValues(o: OptionSpec, command: string): string[] {
  const numberJunk = ['', ' ', '-1', 'NaN', 'Infinity', '-Infinity', '0x10', '1e3', '0b1', 'abc', '\u0661', '1,5', '.', '--'];
  switch (o.kind) {
    case 'integer':
      return [...numberJunk, '1.5', '9'.repeat(30), String(o.max! + 1), ...(o.min! > 0 ? [String(o.min! - 1)] : [])];
    case 'number':
      return [...numberJunk, '9'.repeat(400)];
    case 'point':
      return ['', '1', '1,', ',1', '1,2,3', 'a,b', '0x1,1', '1e1,1', '1.5,1', '-1,0', '8,0', '0,6', '2,1', '99999999999999999999,1', ' , ', '1 1'];
    case 'file':
      return ['', F.missing, F.folder, '/dev/zero', '/dev/urandom', F.binary, F.empty, '/dev/null', 'a\nb', F.headerOnly, join(F.map, 'x'),
        command === 'scen' ? F.open : F.scen];
    case 'choice':
      return ['', 'moon', 'HAND', ' gate', '__proto__', 'toString', 'constructor'];
    case 'custom':
      return o.name === 'algo'
        ? ['', 'astar:1', 'wastar', 'wastar:', 'wastar:0x10', 'wastar:1e2', 'wastar:0.5', 'wastar:Infinity', 'wastar:NaN', 'wastar:-2', 'wastar:1:2',
          'ASTAR', '__proto__', 'toString', 'constructor', 'hasOwnProperty', 'jps:1', 'wastar:1000001', 'wastar:' + '9'.repeat(400)]
        : ['', ',', '1,', '0x3,1', '3,2,2', '1,2', '0.5', 'Infinity', 'NaN,1', '3;1', '1e1,1', '2000000,1',
          Array.from({ length: 101 }, (_, i) => String(102 - i)).join(',')];
    case 'flag':
      return [];
  }
}

interface Baseline {
  command: string;
  positionals: string[];
  options: [string, string | true][];
  want: 0 | 1;
  /** The options to mutate (all of the command's by default). */
  mutate?: string[];
}

const BASELINES: Baseline[] = [
  { command: 'trace', positionals: [], options: [], want: 0 },
  { command: 'plan', positionals: [], options: [['map', F.map], ['from', '0,0'], ['to', '7,5']], want: 0 },
  { command: 'plan', positionals: [], options: [['map', F.split], ['from', '0,0'], ['to', '4,0']], want: 1, mutate: [] },
  { command: 'scen', positionals: [F.scen], options: [], want: 0 },
  { command: 'replan', positionals: [], options: [], want: 0, mutate: ['world', 'trace'] },
  { command: 'replan', positionals: [], options: [['map', F.map], ['from', '0,0'], ['to', '7,5'], ['flips', '3']], want: 0, mutate: ['map', 'from', 'to', 'flips', 'seed', 'json'] },
  { command: 'field', positionals: [], options: [['map', F.map], ['goal', '7,5']], want: 0 },
  { command: 'ara', positionals: [], options: [['map', F.map], ['from', '0,0'], ['to', '7,5']], want: 0 },
  { command: 'ara', positionals: [], options: [['map', F.split], ['from', '0,0'], ['to', '4,0']], want: 1, mutate: [] },
  { command: 'apartment', positionals: [], options: [], want: 0 },
  { command: 'route', positionals: [], options: [['gr', F.gr], ['co', F.co], ['from', '1'], ['to', '3'], ['algo', 'astar']], want: 0 },
  { command: 'route', positionals: [], options: [['gr', F.gr], ['from', '1'], ['to', '4']], want: 1, mutate: [] },
  { command: 'route', positionals: [], options: [['gr', F.gr], ['from', '1'], ['to', '3'], ['algo', 'ch']], want: 0 },
  // ROS maps: the fixture's origin is (10, 10), so every point the table tries is off the map.
  { command: 'plan', positionals: [], options: [['ros', F.ros], ['from', '10.25,10.55'], ['to', '11.75,10.35'], ['radius', '0.1']], want: 0 },
  { command: 'plan', positionals: [], options: [['ros', F.rosSplit], ['from', '10.25,10.55'], ['to', '11.75,10.35'], ['radius', '0.1']], want: 1, mutate: [] },
  // --out is not mutated here: a good file name is a success, and the devices are for the cases below.
  { command: 'costmap', positionals: [F.ros], options: [['radius', '0.1'], ['keepout', F.keepout], ['out', join(F.dir, 'costmap.pgm')]], want: 0, mutate: ['radius', 'inflation', 'scaling', 'keepout'] },
];

function argvOf(command: string, positionals: string[], options: [string, string | true][]): string[] {
  const argv = [command, ...positionals];
  for (const [name, value] of options) argv.push(`--${name}`, ...(value === true ? [] : [value]));
  return argv;
}

/**
 * The picture files (plan and fleet --svg/--png, route --svg/--geojson) and
 * the results files (scen --jsonl, --resume) are written, not read: the file values above are good names to write to (and
 * writing over the fixtures would spoil later cases), so they are not
 * mutated; the places a picture may not be written are the cases below.
 */
const OUTPUTS = ['svg', 'png', 'geojson', 'jsonl', 'resume'];

function table(): Case[] {
  const cases: Case[] = [];
  for (const b of BASELINES) {
    const spec = COMMANDS[b.command];
    cases.push({ argv: argvOf(b.command, b.positionals, b.options), want: b.want });
    const mutate = spec.options.filter((o) => (b.mutate ?? spec.options.map((x) => x.name)).includes(o.name) && !OUTPUTS.includes(o.name));
    for (const o of mutate) {
      const without = b.options.filter(([n]) => n !== o.name);
      // Each bad value, written both ways.
      hostileValues(o, b.command).forEach((v, k) => {
        cases.push({ argv: argvOf(b.command, b.positionals, [...without, [o.name, v]]), want: 2 });
        if (k % 3 === 0) cases.push({ argv: [...argvOf(b.command, b.positionals, without), `--${o.name}=${v}`], want: 2 });
      });
      if (o.kind === 'flag') cases.push({ argv: [...argvOf(b.command, b.positionals, without), `--${o.name}=1`], want: 2 });
      if (o.required) cases.push({ argv: argvOf(b.command, b.positionals, without), want: 2 });
      // A value option last on the line, with its value missing; an option given twice.
      if (o.kind !== 'flag') cases.push({ argv: [...argvOf(b.command, b.positionals, without), `--${o.name}`], want: 2 });
      const given = b.options.find(([n]) => n === o.name);
      if (given) cases.push({ argv: argvOf(b.command, b.positionals, [...b.options, given]), want: 2 });
    }
    for (const junk of ['--nope', '-x', '---map', '--=', '-', '--JSON', '--help=1', 'extra', '--map=']) {
      // `--map=` is fine where --map is unknown too: refused either way.
      cases.push({ argv: [...argvOf(b.command, b.positionals, b.options), junk], want: 2 });
    }
    if (b.positionals.length) cases.push({ argv: argvOf(b.command, [], b.options), want: 2 });
  }
  // Files the scenario runner reads.
  for (const file of ['', F.missing, F.folder, '/dev/zero', '/dev/urandom', F.binary, F.empty, '/dev/null', F.headerOnly, F.map, 'a\nb']) {
    cases.push({ argv: ['scen', file], want: 2 });
  }
  cases.push({ argv: ['scen', F.scen, '--map', F.open], want: 2 }); // another map's name
  cases.push({ argv: ['scen', F.scen, '--map', F.open, '--force-map'], want: 1 }); // forced: its shortcuts break the promise
  // Where the costmap may not be written: never over a device, a folder, a missing folder or the map's own files.
  for (const out of ['', F.folder, '/dev/null', '/dev/zero', '/dev/urandom', join(F.map, 'x'), join(F.missing, 'x.pgm'), F.ros, join(F.dir, 'ros.pgm.gz')]) {
    cases.push({ argv: ['costmap', F.ros, '--radius', '0.1', '--out', out], want: 2 });
  }
  // Where a picture may not be written: the same places, and the files the command reads.
  const bad = ['', F.folder, '/dev/null', '/dev/zero', join(F.map, 'x'), join(F.missing, 'x.svg')];
  for (const out of [...bad, F.map]) {
    for (const option of ['--svg', '--png']) cases.push({ argv: ['plan', '--map', F.map, '--from', '0,0', '--to', '7,5', option, out], want: 2 });
  }
  for (const out of [...bad, F.gr, F.co]) {
    for (const option of ['--svg', '--geojson']) cases.push({ argv: ['route', '--gr', F.gr, '--co', F.co, '--from', '1', '--to', '3', option, out], want: 2 });
  }
  cases.push({ argv: ['route', '--gr', F.gr, '--from', '1', '--to', '3', '--geojson', join(F.dir, 'x.geojson')], want: 2 }); // no --co
  cases.push({ argv: ['plan', '--map', F.map, '--from', '0,0', '--to', '7,5', '--png', join(F.dir, 'plan.png')], want: 0 });
  // Steps and closures only the Apartment scenario can judge.
  for (const extra of [['--close-at', '9'], ['--close-at', '1000'], ['--door', 'room', '--close-at', '10'], ['--door', 'kitchen', '--close-at', '0']]) {
    cases.push({ argv: ['apartment', ...extra], want: extra.includes('kitchen') ? 'any' : 2 });
  }
  // Commands.
  for (const argv of [['plna'], [''], [' '], ['__proto__'], ['constructor'], ['toString'], ['hasOwnProperty'], ['-x'], ['--nope'],
    ['help', 'nope'], ['help', '__proto__'], ['help', 'plan', 'x'], ['--version', 'x'], ['HELP'], ['Plan'], ['\u0000'], ['plan\n']]) {
    cases.push({ argv, want: 2 });
  }
  for (const argv of [['help'], ['--help'], ['-h'], ['-v'], ['--version'], ...Object.keys(COMMANDS).flatMap((c) => [['help', c], [c, '--help'], [c, '-h']])]) {
    cases.push({ argv, want: 0 });
  }
  cases.push(...randomCases(200, 20261201));
  return cases;
}

/** Seeded random lines from a pool of option names, values good and bad, and junk. */
function randomCases(n: number, seed: number): Case[] {
  const next = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
  const names = [...new Set(Object.values(COMMANDS).flatMap((c) => c.options.map((o) => `--${o.name}`)))];
  const values = [
    ...new Set(Object.values(COMMANDS).flatMap((c) => c.options.flatMap((o) => hostileValues(o, c.name)))),
    F.map, F.scen, F.open, '0,0', '7,5', '3', '1', '0', 'astar', 'jps', 'wastar:2', 'gate', 'hand', 'lesson', 'room', '3,2,1',
  ];
  const junk = () => Array.from({ length: 1 + Math.floor(next() * 8) }, () => String.fromCodePoint(pick([0, 10, 27, 45, 61, 44, 48, 57, 97, 0x263a, 0x1f600, 0xfffd]))).join('');
  const commands = [...Object.keys(COMMANDS), 'help'];
  const cases: Case[] = [];
  for (let i = 0; i < n; i++) {
    const argv = [next() < 0.95 ? pick(commands) : junk()];
    const len = Math.floor(next() * 7);
    for (let k = 0; k < len; k++) {
      const r = next();
      if (r < 0.4) argv.push(pick(names));
      else if (r < 0.85) argv.push(pick(values));
      else if (r < 0.95) argv.push(`${pick(names)}=${pick(values)}`);
      else argv.push(junk());
    }
    cases.push({ argv, want: 'any' });
  }
  return cases;
}

// --- running ---------------------------------------------------------------------------------

interface Reply { id: number; code: number | null; thrown: string | null; out: string[]; outLines: number; err: string[] }

/** One child at a time, reused; a case that times out or kills it gets a fresh one for the next case. */
class Runner {
  private child: ChildProcess | null = null;
  private ready: Promise<void> = Promise.resolve();
  private pending: ((r: Reply | Error) => void) | null = null;
  private stderr = '';

  private start(): void {
    const worker = fileURLToPath(new URL('../../support/cli-hostile-worker.mjs', import.meta.url));
    const child = fork(worker, [pathToFileURL(MAIN).href], { execArgv: [], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    this.child = child;
    this.stderr = '';
    child.stderr!.on('data', (d: Buffer) => { this.stderr = (this.stderr + d.toString()).slice(-500); });
    this.ready = new Promise((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('error', reject);
    });
    child.on('message', (m: Reply & { ready?: boolean }) => { if (!m.ready) this.settle(m); });
    child.on('exit', (code, signal) => {
      if (this.child === child) this.child = null;
      this.settle(new Error(`the process exited (code ${code}, signal ${signal}): ${this.stderr.trim().split('\n').slice(-2).join(' | ')}`));
    });
  }

  private settle(r: Reply | Error): void {
    const p = this.pending;
    this.pending = null;
    p?.(r);
  }

  async run(id: number, argv: string[]): Promise<Reply | 'timeout' | Error> {
    if (!this.child) this.start();
    await this.ready;
    let timer: NodeJS.Timeout | undefined;
    const result = await new Promise<Reply | Error | 'timeout'>((resolve) => {
      this.pending = resolve;
      timer = setTimeout(() => resolve('timeout'), CASE_TIMEOUT_MS);
      this.child!.send({ id, argv });
    });
    clearTimeout(timer);
    if (result === 'timeout') this.stop();
    return result;
  }

  stop(): void {
    const c = this.child;
    this.child = null;
    this.pending = null;
    if (c) { c.removeAllListeners(); c.kill('SIGKILL'); }
  }
}

const runner = new Runner();
afterAll(() => runner.stop());

test('hostile command lines: every case ends, with the right exit code, one line and no stack for a refusal', async () => {
  expectFreshBuild('dist/cli/main.js', ['cli', 'src']);
  const cases = table();
  expect(cases.length).toBeGreaterThan(500);
  const problems: string[] = [];
  const counts = { 0: 0, 1: 0, 2: 0 } as Record<number, number>;
  for (let i = 0; i < cases.length; i++) {
    const { argv, want } = cases[i];
    const line = JSON.stringify(argv);
    const r = await runner.run(i, argv);
    if (r === 'timeout') { problems.push(`${line}: no answer in ${CASE_TIMEOUT_MS} ms`); continue; }
    if (r instanceof Error) { problems.push(`${line}: ${r.message}`); continue; }
    if (r.thrown !== null) { problems.push(`${line}: main() threw: ${r.thrown.split('\n')[0]}`); continue; }
    const code = r.code!;
    counts[code] = (counts[code] ?? 0) + 1;
    const stack = r.err.some((l) => /^\s+at |internal error/m.test(l));
    if (want === 'any' ? ![0, 1, 2].includes(code) : code !== want) problems.push(`${line}: exit ${code}, expected ${want}: ${r.err.join(' | ')}`);
    else if (stack) problems.push(`${line}: exit ${code} with a stack trace: ${r.err[0]}`);
    else if (code === 2 && argv.length > 0) {
      if (r.err.length !== 1 || r.err[0].includes('\n') || !r.err[0].startsWith('bestfirst')) problems.push(`${line}: a refusal must be one line starting "bestfirst", got ${JSON.stringify(r.err)}`);
      if (r.outLines !== 0) problems.push(`${line}: a refusal printed on stdout: ${r.out[0]}`);
    }
  }
  expect(problems).toEqual([]);
  // The table exercises all three outcomes; the count is reported by the test's name in the log below.
  expect(counts[0]).toBeGreaterThan(20);
  expect(counts[1]).toBeGreaterThan(2);
  expect(counts[2]).toBeGreaterThan(400);
  console.log(`cli-hostile: ${cases.length} cases, exit 0: ${counts[0]}, exit 1: ${counts[1]}, exit 2: ${counts[2]}`);
}, 900_000);
