// The bad-input table (issue 10): every function and class the entry points
// export, and their methods, fed hostile arguments (test/support/bad-input-*.ts).
// Each call runs in a child process on the built library, with a timeout. (Not a
// worker thread: a thread's out-of-memory aborted the whole test process, and a
// thread's resourceLimits do not cover typed arrays; a process under `ulimit -v`
// survives both and cannot take gigabytes from the machine.) Each
// answer must be right (checked against an independent oracle where that is
// cheap) or an InputError whose message is one line, names the parameter and,
// for a range, says what is allowed; after an InputError the same objects must
// still give right answers. An export with no row fails the test.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { spawn, type ChildProcess } from 'node:child_process';
import { transformWithOxc } from 'vite';
import { afterAll, expect, test } from 'vitest';
import type { Outcome, RowInfo } from '../../support/bad-input-kit.js';
import { expectFreshBuild } from '../../support/build-fresh.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const ENTRIES = {
  root: ['bestfirst', 'dist/src/index.js'],
  grid: ['bestfirst/grid', 'dist/src/grid/index.js'],
  costmap: ['bestfirst/costmap', 'dist/src/costmap/index.js'],
  repair: ['bestfirst/repair', 'dist/src/repair/index.js'],
  mapf: ['bestfirst/mapf', 'dist/src/mapf/index.js'],
  io: ['bestfirst/io', 'dist/src/io/index.js'],
  worlds: ['bestfirst/worlds', 'dist/src/worlds/index.js'],
  cspace: ['bestfirst/cspace', 'dist/src/cspace/index.js'],
  search: ['bestfirst/search', 'dist/src/search/index.js'],
  kinematic: ['bestfirst/kinematic', 'dist/src/kinematic/index.js'],
  lite: ['bestfirst/lite', 'dist/src/grid/lite/index.js'],
} as const;
/** A call takes milliseconds; one that takes this long is a hang. */
const ROW_TIMEOUT_MS = 5000;
const WORKERS = 2;
const BATCH = 150;

/**
 * The table's TypeScript, its types stripped as is (it imports only types from
 * src/) into a folder the workers load, with the brute-force references it
 * reads (supercover.ts: line of sight and segment costs, for the any-angle
 * rows). Vite's transform (oxc), which runs the tests anyway: the TypeScript
 * compiler's transpileModule took some 3 s of CPU, its import a third of it.
 */
async function transpileTable(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'bestfirst-bad-input-'));
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
  const support = join(ROOT, 'test/support');
  for (const f of readdirSync(support).filter((n) => /^(bad-input-.*|supercover)\.ts$/.test(n))) {
    const out = await transformWithOxc(readFileSync(join(support, f), 'utf8'), f, { target: 'es2022' });
    writeFileSync(join(dir, f.replace(/\.ts$/, '.js')), out.code);
  }
  return dir;
}

const tableDir = await transpileTable();
afterAll(() => rmSync(tableDir, { recursive: true, force: true }));

/** Virtual memory of one worker process, KiB: room for node and the table, not for a hostile size's arrays. */
const WORKER_MEMORY_KIB = 3 * 1024 * 1024;

function startWorker(): ChildProcess {
  const entries = Object.fromEntries(Object.entries(ENTRIES).map(([k, [, p]]) => [k, pathToFileURL(join(ROOT, p)).href]));
  const script = fileURLToPath(new URL('../../support/bad-input-worker.mjs', import.meta.url));
  const data = JSON.stringify({ entries, tableDir: pathToFileURL(tableDir + '/').href });
  // The shell sets the limit and becomes node; the IPC channel passes through exec.
  return spawn('/bin/sh', ['-c', `ulimit -v ${WORKER_MEMORY_KIB} && exec "$0" "$@"`, process.execPath, script, data], {
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
}

function ready(w: ChildProcess): Promise<void> {
  let stderr = '';
  w.stderr!.on('data', (d: Buffer) => { stderr = (stderr + d.toString()).slice(-2000); });
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`the worker did not start in 60 s: ${stderr}`)), 60_000);
    w.once('message', () => { clearTimeout(t); resolve(); });
    w.once('error', (e) => { clearTimeout(t); reject(e); });
    w.once('exit', (code) => { clearTimeout(t); reject(new Error(`the worker exited (${code}) before it was ready: ${stderr}`)); });
  });
}

function stop(w: ChildProcess): void {
  w.removeAllListeners();
  if (w.exitCode === null && w.signalCode === null) w.kill('SIGKILL');
}

type Result = (Outcome & { ms?: number }) | { id: number; failure: string };

/**
 * One worker process, reused for batch after batch; a row that hangs or kills it
 * is recorded as such, and the rest of its batch goes on in a fresh one.
 */
class Slot {
  /** `w`: a worker already started and ready (the one that gave the manifest), or null to start one. */
  constructor(private w: ChildProcess | null = null) {}

  async run(ids: number[]): Promise<Result[]> {
    const results: Result[] = [];
    let rest = ids;
    while (rest.length > 0) {
      if (this.w === null) {
        const w = startWorker();
        await ready(w);
        this.w = w;
      }
      const w = this.w;
      const done = await new Promise<{ got: Result[]; failure: string | null }>((resolve) => {
        const got: Result[] = [];
        let timer: NodeJS.Timeout;
        const arm = () => {
          clearTimeout(timer);
          timer = setTimeout(() => finish(`no answer in ${ROW_TIMEOUT_MS} ms`), ROW_TIMEOUT_MS);
        };
        const finish = (failure: string | null) => {
          clearTimeout(timer);
          w.removeAllListeners('message');
          w.removeAllListeners('exit');
          w.removeAllListeners('error');
          resolve({ got, failure });
        };
        w.on('message', (m: Outcome) => {
          got.push(m);
          if (got.length === rest.length) finish(null);
          else arm();
        });
        w.on('error', (e) => finish(`the worker died: ${e.message}`));
        w.on('exit', (code, signal) => finish(`the worker process exited (code ${code}, signal ${signal})`));
        arm();
        w.send({ cmd: 'run', ids: rest });
      });
      results.push(...done.got);
      rest = rest.slice(done.got.length);
      if (done.failure !== null) {
        this.stop();
        if (rest.length > 0) {
          results.push({ id: rest[0], failure: done.failure });
          rest = rest.slice(1);
        }
      }
    }
    return results;
  }

  stop(): void {
    if (this.w) stop(this.w);
    this.w = null;
  }
}

/** The table's rows and UNCHECKED, from a worker that then runs rows too (`worker`): each start loads the library and builds the table. */
async function manifest(): Promise<{ rows: RowInfo[]; unchecked: Record<string, string>; worker: ChildProcess }> {
  const w = startWorker();
  await ready(w);
  const m = await new Promise<{ manifest: RowInfo[]; unchecked: Record<string, string> }>((resolve) => {
    w.once('message', resolve as (m: unknown) => void);
    w.send({ cmd: 'manifest' });
  });
  return { rows: m.manifest, unchecked: m.unchecked, worker: w };
}

/** `private` and `protected` members of each class, read from dist's declarations: the runtime cannot tell them apart. */
function hiddenMembers(): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (p.endsWith('.d.ts')) {
        const text = readFileSync(p, 'utf8');
        const parts = text.split(/export declare (?:abstract )?class (\w+)/);
        for (let i = 1; i < parts.length; i += 2) {
          const names = new Set<string>();
          for (const m of parts[i + 1].matchAll(/^\s+(?:private|protected)\s+(?:static\s+)?(?:readonly\s+)?(\w+)/gm)) names.add(m[1]);
          out.set(parts[i], names);
        }
      }
    }
  };
  walk(join(ROOT, 'dist/src'));
  return out;
}

/** Every function and class of the entry points, and every public method of the classes, as table targets. */
async function exportedTargets(): Promise<{ exports: string[]; methods: string[] }> {
  const hidden = hiddenMembers();
  const exports: string[] = [], methods: string[] = [];
  for (const [entry, path] of Object.values(ENTRIES)) {
    const mod = (await import(pathToFileURL(join(ROOT, path)).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (typeof value !== 'function') continue; // constants and types: nothing to feed
      exports.push(`${entry}:${name}`);
      if (!/^class\b/.test(Function.prototype.toString.call(value))) continue;
      for (const key of Object.getOwnPropertyNames(value)) {
        if (typeof (value as unknown as Record<string, unknown>)[key] === 'function' && !hidden.get(name)?.has(key)) methods.push(`${entry}:${name}.${key}`);
      }
      for (let proto = (value as { prototype: object }).prototype; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
        const ctor = (proto as { constructor: { name: string } }).constructor;
        if (Function.prototype.toString.call(ctor).includes('[native code]')) break; // Error's methods are not ours
        const owner = ctor.name;
        for (const key of Object.getOwnPropertyNames(proto)) {
          const d = Object.getOwnPropertyDescriptor(proto, key)!;
          if (key === 'constructor' || typeof d.value !== 'function' || hidden.get(owner)?.has(key)) continue;
          if (!methods.includes(`${entry}:${name}#${key}`)) methods.push(`${entry}:${name}#${key}`);
        }
      }
    }
  }
  return { exports, methods };
}

function judge(info: RowInfo, r: Result): string | null {
  if ('failure' in r) return r.failure;
  if (r.returned) {
    if (info.want === 'error') return `returned instead of refusing${r.problem ? ` (${r.problem})` : ''}`;
    return r.problem ? `wrong answer: ${r.problem}` : null;
  }
  const e = r.error;
  if (e === null) return r.problem ?? 'neither returned nor threw';
  if (!e.isInputError || e.name !== 'InputError') return `threw ${e.ctor} (${e.name}): ${e.message.slice(0, 300)} | ${e.stack.slice(0, 300)}`;
  if (info.want === 'ok') return `refused a legitimate call: ${e.message}`;
  if (/[\r\n]/.test(e.message)) return `a message of more than one line: ${JSON.stringify(e.message)}`;
  if (info.names.length > 0 && !info.names.some((n) => e.message.toLowerCase().includes(n.toLowerCase()))) {
    return `the message does not name ${info.names.map((n) => JSON.stringify(n)).join(' or ')}: ${e.message}`;
  }
  if (info.allowed !== null && !new RegExp(info.allowed).test(e.message)) return `the message does not say what is allowed (/${info.allowed}/): ${e.message}`;
  return r.problem;
}

test('bad input: every export and method answers right or refuses with an InputError naming the parameter', async () => {
  expectFreshBuild(ENTRIES.root[1], ['src']);
  const t0 = performance.now();
  const { rows, unchecked, worker } = await manifest();
  const slots = Array.from({ length: WORKERS }, (_, i) => new Slot(i === 0 ? worker : null));
  const targets = new Set(rows.map((r) => r.target));
  const results: Result[] = [];
  let exports: string[];
  try {
    // Coverage: a new export or public method without rows fails here.
    const found = await exportedTargets();
    exports = found.exports;
    const methods = found.methods;
    const covered = (t: string) => targets.has(t) || [...targets].some((x) => x.startsWith(`${t}#`));
    expect(exports.filter((t) => !covered(t)), 'exports with no row in the bad-input table').toEqual([]);
    expect(methods.filter((t) => !targets.has(t) && !(t in unchecked)), 'public methods with no row in the bad-input table (or a reason in UNCHECKED)').toEqual([]);
    expect(Object.keys(unchecked).filter((t) => !methods.includes(t)), 'UNCHECKED names a method that does not exist').toEqual([]);

    // Rows in batches, WORKERS at a time.
    const queue: number[][] = [];
    for (let i = 0; i < rows.length; i += BATCH) queue.push(rows.slice(i, i + BATCH).map((r) => r.id));
    await Promise.all(slots.map(async (slot) => {
      for (let batch = queue.shift(); batch; batch = queue.shift()) results.push(...(await slot.run(batch)));
    }));
  } finally {
    for (const slot of slots) slot.stop();
  }
  expect(results.length).toBe(rows.length);

  const problems: string[] = [];
  let refused = 0, returned = 0;
  for (const r of results.sort((a, b) => a.id - b.id)) {
    const info = rows[r.id];
    const p = judge(info, r);
    if (p !== null) problems.push(`${info.target} (${info.label}; want ${info.want}): ${p}`);
    if (!('failure' in r)) {
      if (r.returned) returned++;
      else if (r.error?.isInputError) refused++;
    }
  }
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  // Where the time goes, for whoever wants the table faster.
  const byTarget = new Map<string, number>();
  for (const r of results) if ('ms' in r && r.ms !== undefined) byTarget.set(rows[r.id].target, (byTarget.get(rows[r.id].target) ?? 0) + r.ms);
  const slowest = [...byTarget].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([t, ms]) => `${t} ${(ms / 1000).toFixed(1)} s`).join(', ');
  console.log(`[bad-input] ${rows.length} calls over ${exports.length} exports: ${refused} InputErrors, ${returned} returned`);
  console.log(`[bad-input] ${targets.size} targets (exports and methods), ${seconds} s; slowest: ${slowest}`);
  expect(problems).toEqual([]);
  // The table is meant to be large: a refactor that silently drops most of it should show.
  expect(rows.length).toBeGreaterThan(3000);
}, 600_000);

