/**
 * What the benchmark measures around a timed loop besides time: garbage
 * collections (PerformanceObserver 'gc' entries inside the loop's window),
 * heap growth, CPU share (process CPU time over wall time: below ~95% on one
 * busy thread means the machine took time away), and the machine itself.
 */
import { constants, PerformanceObserver, performance, type PerformanceEntry } from 'node:perf_hooks';
import os from 'node:os';

const gcEntries: PerformanceEntry[] = [];
const observer = new PerformanceObserver((list) => { for (const e of list.getEntries()) gcEntries.push(e); });
observer.observe({ entryTypes: ['gc'] });

export function stopObserving(): void { observer.disconnect(); }

/** Runs a full collection when node runs with --expose-gc; the bench script passes it. */
export function collect(): void {
  const g = (globalThis as { gc?: () => void }).gc;
  if (g) { g(); g(); }
}
export const canCollect = () => typeof (globalThis as { gc?: unknown }).gc === 'function';

export interface LoopStats {
  wallMs: number;
  cpuShare: number;
  heapGrowth: number;
  gcMinor: number;
  gcMajor: number;
}

/** Opens a measurement window; `close` (async: gc entries arrive on the event loop) returns its stats. */
export function openWindow(): { close(): Promise<LoopStats> } {
  const heap0 = process.memoryUsage().heapUsed;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  return {
    async close() {
      const t1 = performance.now();
      const cpu = process.cpuUsage(cpu0);
      const heap1 = process.memoryUsage().heapUsed;
      await new Promise((r) => setTimeout(r, 5));
      let gcMinor = 0, gcMajor = 0;
      for (const e of gcEntries) {
        if (e.startTime < t0 || e.startTime > t1) continue;
        const kind = (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
        if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) gcMajor++; else gcMinor++;
      }
      gcEntries.length = 0;
      const wallMs = t1 - t0;
      return { wallMs, cpuShare: wallMs > 0 ? (cpu.user + cpu.system) / 1000 / wallMs : 1, heapGrowth: heap1 - heap0, gcMinor, gcMajor };
    },
  };
}

/**
 * Heap plus typed-array memory after a full collection: what a built
 * structure keeps alive. Typed-array backing stores are freed off the main
 * thread after a collection, so it waits a moment and collects again.
 */
export async function retainedBytes(): Promise<number> {
  collect();
  await new Promise((r) => setTimeout(r, 20));
  collect();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

export function machine(): { cpu: string; cores: number; node: string; load: number[]; memGB: number } {
  const cpus = os.cpus();
  return { cpu: cpus[0]?.model ?? 'unknown', cores: cpus.length, node: process.version, load: os.loadavg(), memGB: os.totalmem() / 2 ** 30 };
}

/**
 * Whether other processes took the machine during a run: a timed loop got
 * under 90% of a core, or the 1-minute load average left the run less than
 * a core. At the start nothing of the run has counted yet, so a load over
 * cores - 1 is others'; at the end the run's own process counts about 1 in
 * it, so only a load over `cores` is. (Both ends read cores - 1 before: on
 * these two-core machines every run was reported busy, the end's load being
 * the run's own.)
 */
export function machineBusy(lowestShare: number, startLoad: number, endLoad: number, cores: number): boolean {
  return lowestShare < 0.9 || startLoad > cores - 1 || endLoad > cores;
}

export const median = (a: ArrayLike<number>): number => {
  if (a.length === 0) return NaN;
  const s = Array.from(a).sort((x, y) => x - y), m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
export const mean = (a: ArrayLike<number>): number => {
  let t = 0;
  for (let i = 0; i < a.length; i++) t += a[i];
  return a.length ? t / a.length : NaN;
};
export const geomean = (a: number[]): number => {
  const v = a.filter((x) => Number.isFinite(x) && x > 0);
  return v.length ? Math.exp(v.reduce((s, x) => s + Math.log(x), 0) / v.length) : NaN;
};

/** mulberry32, as in the tests: the same sample on every run and machine. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A plain-text table: right-aligned numbers, left-aligned first column; the same text goes to RESULTS.md in a code block. */
export function table(head: string[], rows: string[][]): string {
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(w[i]) : c.padStart(w[i]))).join('  ');
  return [line(head), w.map((n) => '-'.repeat(n)).join('  '), ...rows.map(line)].join('\n');
}

export const f = (v: number, d = 0): string => (Number.isFinite(v) ? v.toFixed(d) : '-');
