/**
 * The native reference: bench/native/astar.cpp compiled with g++ -std=c++17
 * -O3 into dist/bench/native/ at bench time (never committed), run on the
 * same map files and the same queries, printing per-query microseconds.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface NativeRef {
  compiler: string;
  binary: string;
  compileMs: number;
}

/** Compiles the reference, or says why not (no g++, or a failed build). */
export function buildNative(): NativeRef | string {
  const source = [new URL('../../bench/native/astar.cpp', import.meta.url), new URL('./native/astar.cpp', import.meta.url)]
    .map((u) => fileURLToPath(u)).find((p) => existsSync(p));
  if (!source) return 'bench/native/astar.cpp not found';
  const version = spawnSync('g++', ['--version'], { encoding: 'utf8' });
  if (version.error || version.status !== 0) return 'g++ not found: no native reference';
  const outDir = fileURLToPath(new URL('./native/', import.meta.url));
  mkdirSync(outDir, { recursive: true });
  const binary = path.join(outDir, 'astar');
  const t0 = performance.now();
  const cc = spawnSync('g++', ['-std=c++17', '-O3', '-o', binary, source], { encoding: 'utf8' });
  if (cc.status !== 0) return `g++ failed: ${cc.stderr.slice(0, 400)}`;
  return { compiler: version.stdout.split('\n')[0], binary, compileMs: performance.now() - t0 };
}

/** Runs the queries on one map; returns per-query cost and microseconds (median over `rounds` after a warm-up). */
export function runNative(ref: NativeRef, mapFile: string, queries: { sx: number; sy: number; gx: number; gy: number }[], rounds: number): { cost: number; us: number }[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bestfirst-native-'));
  try {
    const qfile = path.join(dir, 'queries.txt');
    writeFileSync(qfile, queries.map((q) => `${q.sx} ${q.sy} ${q.gx} ${q.gy}`).join('\n') + '\n');
    const run = spawnSync(ref.binary, [mapFile, qfile, String(rounds)], { encoding: 'utf8', maxBuffer: 1 << 26 });
    if (run.status !== 0) throw new Error(`native astar failed on ${mapFile}: ${run.stderr}`);
    const out = run.stdout.trim().split('\n').map((l) => {
      const [c, us] = l.split(' ').map(Number);
      return { cost: c, us };
    });
    if (out.length !== queries.length) throw new Error(`native astar printed ${out.length} lines for ${queries.length} queries on ${mapFile}`);
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
