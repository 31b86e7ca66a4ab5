/**
 * GridSearcher's unweighted loop as WebAssembly (issue 36): the kernel
 * (scripts/grid-kernel.as.ts, compiled into grid-kernel-wasm.ts) and the one
 * memory it works in, which holds the searcher's per-cell arrays and its open
 * list, so the kernel and the JS loops read and write the same cells.
 *
 * Why: the JS loop costs 1.1 to 2.3 times the native C++ A*'s time per
 * expansion on maps whose arrays fit in cache (dao/arena, maze512-1-0), where
 * V8's code pays for bounds checks and tagging. Through GridSearcher, with
 * the same answers, expansions and pushes, the kernel takes 0.74 of the JS
 * loop's CPU time for A*, 0.71 for Dijkstra and 0.75 for weighted A*
 * (geometric means over the grid track's families, both builds alternated in
 * one process: scripts/ab-grid.mjs).
 *
 * Where WebAssembly cannot run (none, or a page whose Content-Security-Policy
 * refuses to compile it) `GridKernel.create` returns null and the searcher
 * keeps its plain arrays and the JS loop.
 */
import { GRID_KERNEL_WASM } from './grid-kernel-wasm.js';

/** What the kernel's `run` returns. */
export const KERNEL_FOUND = 1, KERNEL_UNREACHABLE = 0, KERNEL_PAUSED = -1, KERNEL_GROW = -2;

interface KernelExports {
  layout(g: number, s: number, v: number, m: number, t: number, c: number, h: number): void;
  run(stopAt: number, goal: number, w: number, base: number, wg: number, wh: number, tieByH: number, hs: number, hd: number, hp: number, reopen: number, improve: number): number;
}

const PAGE = 65536;
/** Bytes of an open-list record: f, tie and insertion number as doubles, the cell id as an int32. */
const RECORD = 32;

/**
 * The grids the kernel runs on: at least `minCells` cells (a WebAssembly
 * memory is 64 KiB at the least, and V8 reserves address space for each, so
 * the many small grids of a test suite or a page keep plain arrays). Tests
 * set it (`setGridKernel`) to run both loops on the same grids.
 */
const use = { enabled: true, minCells: 1024, capacity: 1 << 14 };

/** @internal For tests: whether GridSearchers made from now on use the kernel, from what grid size, and the open list's first room. */
export function setGridKernel(o: { enabled?: boolean; minCells?: number; capacity?: number }): void {
  if (o.enabled !== undefined) use.enabled = o.enabled;
  if (o.minCells !== undefined) use.minCells = o.minCells;
  if (o.capacity !== undefined) use.capacity = o.capacity;
}

let compiled: WebAssembly.Module | null | undefined;

/** The kernel's module, compiled at the first use; null where it cannot be. */
function kernelModule(): WebAssembly.Module | null {
  if (compiled === undefined) {
    try {
      const text = atob(GRID_KERNEL_WASM);
      const bytes = new Uint8Array(text.length);
      for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
      compiled = new WebAssembly.Module(bytes);
    } catch {
      compiled = null;
    }
  }
  return compiled;
}

const up64 = (n: number) => Math.ceil(n / 64) * 64;

/**
 * One searcher's memory and kernel. The layout, in bytes: the tables (offsets,
 * dx, dy, step costs) and a control block (the open list's length, peak,
 * room and next insertion number, and the query's counters) first, then g,
 * the heap state, the arrival moves and the move masks, one per cell, and the
 * open list last, so that growing the memory extends it in place. Growing
 * replaces every view (`views`): read them again after `grow`.
 */
export class GridKernel {
  private readonly memory: WebAssembly.Memory;
  private readonly exports: KernelExports;
  private readonly at: { t: number; c: number; g: number; s: number; v: number; m: number; h: number };
  private readonly cells: number;
  /** Open-list records the memory has room for. */
  capacity: number;
  g!: Float64Array;
  state!: Int32Array;
  via!: Uint8Array;
  moves!: Uint8Array;
  keys!: Float64Array;
  /** The control block as int32: length, peak, expansions, pushes, reopenings, capacity. */
  control!: Int32Array;
  /** The control block's double: the next insertion number. */
  counter!: Float64Array;
  /** The tables the kernel reads: off (int32) at 0, dx at 8, dy at 16, as int32; step costs as doubles from byte 96. */
  tables!: Int32Array;
  steps!: Float64Array;

  /**
   * The kernel for a grid of `cells` cells, or null: the grid is small, the
   * kernel is off, WebAssembly cannot run, or no memory can be had for it.
   * The last is common in a browser: Chromium keeps about 120 WebAssembly
   * memories alive in a page (each reserves address space far beyond its
   * size), and `new WebAssembly.Memory` throws a RangeError past that until
   * a collection frees some. A page that made a searcher for each grid it
   * drew failed to mount its widgets. Such a searcher takes the JS loop.
   */
  static create(cells: number): GridKernel | null {
    if (!use.enabled || cells < use.minCells) return null;
    const module = kernelModule();
    if (module === null) return null;
    try {
      return new GridKernel(module, cells, Math.max(16, Math.min(cells, use.capacity)));
    } catch (e) {
      if (e instanceof RangeError) return null;
      throw e;
    }
  }

  private constructor(module: WebAssembly.Module, cells: number, capacity: number) {
    this.cells = cells;
    this.capacity = capacity;
    const t = 0, c = 256, g = 320, s = up64(g + 8 * cells), v = up64(s + 4 * cells), m = up64(v + cells), h = up64(m + cells);
    this.at = { t, c, g, s, v, m, h };
    this.memory = new WebAssembly.Memory({ initial: Math.ceil((h + RECORD * capacity) / PAGE) });
    this.exports = new WebAssembly.Instance(module, { env: { memory: this.memory } }).exports as unknown as KernelExports;
    this.exports.layout(g, s, v, m, t, c, h);
    this.views();
  }

  /** Doubles the open list's room; every view is replaced. */
  grow(): void {
    const room = this.capacity * 2;
    const more = Math.ceil((this.at.h + RECORD * room - this.memory.buffer.byteLength) / PAGE);
    if (more > 0) this.memory.grow(more);
    this.capacity = room;
    this.views();
  }

  private views(): void {
    const buf = this.memory.buffer, a = this.at, n = this.cells;
    this.g = new Float64Array(buf, a.g, n);
    this.state = new Int32Array(buf, a.s, n);
    this.via = new Uint8Array(buf, a.v, n);
    this.moves = new Uint8Array(buf, a.m, n);
    this.keys = new Float64Array(buf, a.h, 4 * this.capacity);
    this.control = new Int32Array(buf, a.c, 6);
    this.counter = new Float64Array(buf, a.c + 24, 1);
    this.tables = new Int32Array(buf, a.t, 24);
    this.steps = new Float64Array(buf, a.t + 96, 8);
  }

  /** The kernel's run (see scripts/grid-kernel.as.ts): the query's state is in the control block. */
  run(stopAt: number, goal: number, w: number, base: number, wg: number, wh: number, tieByH: number, hs: number, hd: number, hp: number, reopen: boolean, improve: number): number {
    return this.exports.run(stopAt, goal, w, base, wg, wh, tieByH, hs, hd, hp, reopen ? 1 : 0, improve);
  }
}
