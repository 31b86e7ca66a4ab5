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
import type { Grid } from '#bestfirst';

export interface NativeRef {
  compiler: string;
  binary: string;
  compileMs: number;
}

/** Compiles the reference into `outDir` (default dist/bench/native/, beside this file's build), or says why not (no g++, or a failed build). */
export function buildNative(outDir = fileURLToPath(new URL('./native/', import.meta.url))): NativeRef | string {
  const source = [new URL('../../bench/native/astar.cpp', import.meta.url), new URL('./native/astar.cpp', import.meta.url)]
    .map((u) => fileURLToPath(u)).find((p) => existsSync(p));
  if (!source) return 'bench/native/astar.cpp not found';
  const version = spawnSync('g++', ['--version'], { encoding: 'utf8' });
  if (version.error || version.status !== 0) return 'g++ not found: no native reference';
  mkdirSync(outDir, { recursive: true });
  const binary = path.join(outDir, 'astar');
  const t0 = performance.now();
  const cc = spawnSync('g++', ['-std=c++17', '-O3', '-o', binary, source], { encoding: 'utf8' });
  if (cc.status !== 0) return `g++ failed: ${cc.stderr.slice(0, 400)}`;
  return { compiler: version.stdout.split('\n')[0], binary, compileMs: performance.now() - t0 };
}

type XYQuery = { sx: number; sy: number; gx: number; gy: number };

/** Runs the queries on one map; returns per-query cost and microseconds (median over `rounds` after a warm-up). */
export function runNative(ref: NativeRef, mapFile: string, queries: XYQuery[], rounds: number): { cost: number; us: number }[] {
  return inTempDir((dir) => spawnNative(ref, [mapFile], dir, queries, rounds, mapFile));
}

/**
 * The weighted mode on a weighted `Grid` (the costmap track): the grid's
 * weights (Infinity for blocked cells) and weight floor go to the binary in a
 * file, so both sides search exactly the same numbers.
 */
export function runNativeWeighted(ref: NativeRef, grid: Grid, queries: XYQuery[], rounds: number, name: string): { cost: number; us: number }[] {
  if (grid.weights === null) throw new Error(`runNativeWeighted: ${name} has no weights`);
  // The native octile h is the usual one: diagonal costs from 1 to 2 (see octileTerms).
  if (!(grid.diagonalCost >= 1 && grid.diagonalCost < 2) || grid.maxDegree !== 8 || grid.diagonalRule !== 'no-corner-cutting') {
    throw new Error(`runNativeWeighted: ${name} must be 8-connected without corner cutting, diagonal cost 1 to 2`);
  }
  const head = Buffer.alloc(32);
  head.writeInt32LE(grid.width, 0);
  head.writeInt32LE(grid.height, 4);
  head.writeDoubleLE(grid.weightFloor, 8);
  head.writeDoubleLE(grid.cellSize, 16);
  head.writeDoubleLE(grid.diagonalCost, 24);
  const body = Float64Array.from(grid.weights, (w, n) => (grid.cells[n] === 0 ? w : Infinity));
  // The binary reads little endian; so does every machine node runs this on.
  return inTempDir((dir) => {
    const file = path.join(dir, 'weights.bin');
    writeFileSync(file, Buffer.concat([head, Buffer.from(body.buffer)]));
    return spawnNative(ref, ['--weights', file], dir, queries, rounds, name);
  });
}

function inTempDir<T>(work: (dir: string) => T): T {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bestfirst-native-'));
  try {
    return work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function spawnNative(ref: NativeRef, mapArgs: string[], dir: string, queries: XYQuery[], rounds: number, name: string): { cost: number; us: number }[] {
  const qfile = path.join(dir, 'queries.txt');
  writeFileSync(qfile, queries.map((q) => `${q.sx} ${q.sy} ${q.gx} ${q.gy}`).join('\n') + '\n');
  const run = spawnSync(ref.binary, [...mapArgs, qfile, String(rounds)], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (run.status !== 0) throw new Error(`native astar failed on ${name}: ${run.stderr}`);
  const out = run.stdout.trim().split('\n').map((l) => {
    const [c, us] = l.split(' ').map(Number);
    return { cost: c, us };
  });
  if (out.length !== queries.length) throw new Error(`native astar printed ${out.length} lines for ${queries.length} queries on ${name}`);
  return out;
}
