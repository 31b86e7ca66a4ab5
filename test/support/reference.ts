// The differential suite's reference: one small Dijkstra that is obviously
// right, and the spaces it runs on, written from the documented definitions
// without reading the library's search or neighbour code. Slow on purpose:
// plain arrays, a sorted array as the priority queue, no stamps, no reuse.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Grid, SearchSpace } from '#bestfirst';
import { checkPath } from '#bestfirst/grid';

/** Two costs agree: equal (Infinity included) or within 1e-9 relative. */
export function sameCost(a: number, b: number): boolean {
  if (a === b) return true;
  return Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));
}

/** Whether the path of `len` cells in `buf` is legal on `grid` from `from` to `to` and `want` long (checkPath's walk). */
export function walked(grid: Grid, buf: Int32Array, len: number, from: number, to: number, want: number): boolean {
  const c = checkPath(grid, buf, from, to, len);
  return c.ok && sameCost(c.length, want);
}

/** a <= b up to the same rounding slack. */
export function atMost(a: number, b: number): boolean {
  return a <= b || sameCost(a, b);
}

// --- the reference Dijkstra ---------------------------------------------------

type Direction = 'forward' | 'backward';

/**
 * Cheapest costs from `source` over successors (`forward`: d(source, n)) or
 * over predecessors (`backward`: d(n, source), the cost-to-go to `source`).
 * With `stopAt`, stops once that node is settled (its entry is then final).
 * Unreached nodes are Infinity. Works on any SearchSpace, even one that grows.
 */
export function referenceDijkstra(space: SearchSpace, source: number, direction: Direction, stopAt = -1): number[] {
  const dist: number[] = [];
  const done: boolean[] = [];
  const distOf = (n: number) => dist[n] ?? Infinity;
  // The open list, sorted by key from largest to smallest: pop() takes the smallest.
  const openKey: number[] = [];
  const openNode: number[] = [];
  const push = (n: number, key: number) => {
    let lo = 0, hi = openKey.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (openKey[mid] > key) lo = mid + 1; else hi = mid;
    }
    openKey.splice(lo, 0, key);
    openNode.splice(lo, 0, n);
  };
  let nodes = new Int32Array(Math.max(1, space.maxDegree));
  let costs = new Float64Array(Math.max(1, space.maxDegree));
  dist[source] = 0;
  push(source, 0);
  while (openKey.length > 0) {
    const key = openKey.pop()!;
    const n = openNode.pop()!;
    if (done[n] || key > distOf(n)) continue; // an older, dearer entry
    done[n] = true;
    if (n === stopAt) break;
    if (nodes.length < space.maxDegree) {
      nodes = new Int32Array(space.maxDegree);
      costs = new Float64Array(space.maxDegree);
    }
    const deg = direction === 'forward' ? space.successors(n, nodes, costs) : space.predecessors!(n, nodes, costs);
    for (let i = 0; i < deg; i++) {
      const m = nodes[i], c = costs[i];
      if (!(c >= 0 && c < Infinity)) throw new Error(`reference: arc cost ${c} at ${n} is not a finite number >= 0`);
      const d = key + c;
      if (!done[m] && d < distOf(m)) {
        dist[m] = d;
        push(m, d);
      }
    }
  }
  const out: number[] = new Array(space.size);
  for (let n = 0; n < space.size; n++) out[n] = distOf(n);
  return out;
}

/** The reference cost of the cheapest path start -> goal (forward, single pair). */
export function referenceCost(space: SearchSpace, start: number, goal: number): number {
  return referenceDijkstra(space, start, 'forward', goal)[goal];
}

/** The reference cost-to-go of every node to `goal` (backward, to exhaustion). */
export function referenceCostToGo(space: SearchSpace, goal: number): number[] {
  return referenceDijkstra(space, goal, 'backward');
}

/** The same arcs, each costing 1: Dijkstra on it counts links (breadth-first's measure). */
export function unitCosts(space: SearchSpace): SearchSpace {
  return {
    get size() { return space.size; },
    get maxDegree() { return space.maxDegree; },
    successors(n, nodes, costs) {
      const d = space.successors(n, nodes, costs);
      costs.fill(1, 0, d);
      return d;
    },
    predecessors(n, nodes, costs) {
      const d = space.predecessors!(n, nodes, costs);
      costs.fill(1, 0, d);
      return d;
    },
  };
}

/** Cost of the cheapest arc a -> b in `space`, Infinity when there is none. */
export function arcCost(space: SearchSpace, a: number, b: number): number {
  const nodes = new Int32Array(Math.max(1, space.maxDegree)), costs = new Float64Array(Math.max(1, space.maxDegree));
  const d = space.successors(a, nodes, costs);
  let c = Infinity;
  for (let i = 0; i < d; i++) if (nodes[i] === b && costs[i] < c) c = costs[i];
  return c;
}

/**
 * Checks a returned path against a reference space: starts at `start`, ends
 * at `goal`, every step an arc. Returns its cost (the cheapest arc of each
 * step, summed in order) or throws naming the first thing wrong.
 */
export function walkPath(space: SearchSpace, path: ArrayLike<number> | null, start: number, goal: number, who: string): number {
  if (path === null || path.length === 0) throw new Error(`${who}: no path, or an empty one`);
  if (path[0] !== start) throw new Error(`${who}: the path starts at ${path[0]}, not at the start ${start}`);
  if (path[path.length - 1] !== goal) throw new Error(`${who}: the path ends at ${path[path.length - 1]}, not at the goal ${goal}`);
  let total = 0;
  for (let i = 0; i + 1 < path.length; i++) {
    const c = arcCost(space, path[i], path[i + 1]);
    if (c === Infinity) throw new Error(`${who}: step ${i} (${path[i]} -> ${path[i + 1]}) is not an arc [path ${Array.from(path).join(' ')}]`);
    total += c;
  }
  return total;
}

/** Throws `${who}: what: got ..., expected ...` unless the two costs agree. */
export function expectCost(got: number, expected: number, who: string, what = 'cost'): void {
  if (!sameCost(got, expected)) throw new Error(`${who}: ${what} ${got}, the reference says ${expected}`);
}

// --- the reference grid ---------------------------------------------------------

/** A raster and the options that make it a graph, as GridOptions documents them. */
export interface GridSpec {
  width: number;
  height: number;
  connectivity: 4 | 8;
  diagonalRule: 'always' | 'never' | 'no-corner-cutting' | 'at-most-one-blocked';
  diagonalCost: number;
  cellSize: number;
  /** -1: blocked cells are deleted; otherwise the cost of entering one. */
  enterCost: number;
}

const AXIAL: readonly (readonly [number, number])[] = [[1, 0], [-1, 0], [0, 1], [0, -1]];
const DIAGONAL: readonly (readonly [number, number])[] = [[1, 1], [1, -1], [-1, 1], [-1, -1]];

/**
 * The grid as grid.ts's doc comments define it, on a raster of its own
 * (1 blocked), never on the Grid class:
 * - a cell (x, y) is node y * width + x, y from the top;
 * - axial steps to the 4 neighbours; when 8-connected and the rule is not
 *   `never`, diagonal steps (x, y) -> (x+dx, y+dy) judged by the side cells
 *   (x+dx, y) and (x, y+dy): `always` ignores them, `no-corner-cutting` needs
 *   both free, `at-most-one-blocked` refuses when both are blocked;
 * - a step costs cellSize (axial) or cellSize * diagonalCost (diagonal);
 * - a blocked cell is deleted (no arcs in or out) or, with an enter cost, a
 *   node whose every entry costs exactly that (Choset's 10000);
 * - with weights, a step into a free cell costs the above times that cell's
 *   weight (Godot's and easystarjs's convention).
 * Predecessors are found by asking every neighbour for its arcs, so they
 * assume no symmetry.
 */
export class ReferenceGrid implements SearchSpace {
  readonly size: number;
  readonly maxDegree = 8;
  readonly cells: Uint8Array;
  /** Every free cell's weight (1 when the grid has none). */
  readonly weights: Float64Array;

  constructor(readonly spec: GridSpec, cells: ArrayLike<number>, weights?: ArrayLike<number>) {
    this.size = spec.width * spec.height;
    this.cells = Uint8Array.from(cells, (v) => (v ? 1 : 0));
    this.weights = weights === undefined ? new Float64Array(this.size).fill(1) : Float64Array.from(weights);
  }

  private blocked(x: number, y: number): boolean {
    return this.cells[y * this.spec.width + x] === 1;
  }

  /** The arcs out of n: [head, cost] pairs. */
  arcs(n: number): [number, number][] {
    const { width: w, height: h, connectivity, diagonalRule, diagonalCost, cellSize, enterCost } = this.spec;
    const x = n % w, y = Math.floor(n / w);
    const deleted = enterCost < 0;
    if (deleted && this.blocked(x, y)) return [];
    const out: [number, number][] = [];
    const moves = connectivity === 8 && diagonalRule !== 'never' ? [...AXIAL, ...DIAGONAL] : AXIAL;
    for (const [dx, dy] of moves) {
      const tx = x + dx, ty = y + dy;
      if (tx < 0 || ty < 0 || tx >= w || ty >= h) continue;
      const into = this.blocked(tx, ty);
      if (deleted && into) continue;
      const diagonal = dx !== 0 && dy !== 0;
      if (diagonal) {
        const a = this.blocked(tx, y), b = this.blocked(x, ty);
        if (diagonalRule === 'no-corner-cutting' && (a || b)) continue;
        if (diagonalRule === 'at-most-one-blocked' && a && b) continue;
      }
      const m = ty * w + tx;
      out.push([m, into ? enterCost : (diagonal ? cellSize * diagonalCost : cellSize) * this.weights[m]]);
    }
    return out;
  }

  /** The arcs into n: [tail, cost] pairs. */
  arcsIn(n: number): [number, number][] {
    const w = this.spec.width, x = n % w, y = Math.floor(n / w);
    const out: [number, number][] = [];
    for (const [dx, dy] of [...AXIAL, ...DIAGONAL]) {
      const px = x + dx, py = y + dy;
      if (px < 0 || py < 0 || px >= w || py >= this.spec.height) continue;
      const p = py * w + px;
      for (const [t, c] of this.arcs(p)) if (t === n) out.push([p, c]);
    }
    return out;
  }

  successors(n: number, nodes: Int32Array, costs: Float64Array): number {
    return fill(this.arcs(n), nodes, costs);
  }

  predecessors(n: number, nodes: Int32Array, costs: Float64Array): number {
    return fill(this.arcsIn(n), nodes, costs);
  }

  isBlocked(n: number): boolean { return this.cells[n] === 1; }
  set(n: number, blocked: boolean): void { this.cells[n] = blocked ? 1 : 0; }
  /** A free cell of weight w (Infinity: blocked, its weight kept), as `Grid.setWeight` documents. */
  setWeight(n: number, w: number): void {
    if (w === Infinity) this.cells[n] = 1;
    else { this.cells[n] = 0; this.weights[n] = w; }
  }
  /** A cell a search may start or end on. */
  usable(n: number): boolean { return this.spec.enterCost >= 0 || this.cells[n] === 0; }
}

function fill(arcs: [number, number][], nodes: Int32Array, costs: Float64Array): number {
  arcs.forEach(([m, c], i) => { nodes[i] = m; costs[i] = c; });
  return arcs.length;
}

// --- the reference graph ----------------------------------------------------------

/** One arc of a reference graph; `cost` Infinity means the arc is absent for now. */
export interface RefArc { from: number; to: number; cost: number }

/**
 * A graph as a plain list of arcs (an undirected edge is two arcs), costs
 * editable in place: the spaces the repair searches run on, and the
 * reference for the library's Graph. Arcs keep their list order.
 */
export class ReferenceGraph implements SearchSpace {
  readonly maxDegree: number;
  readonly arcs: RefArc[];
  private readonly out: number[][];
  private readonly into: number[][];

  constructor(readonly size: number, arcs: RefArc[]) {
    this.arcs = arcs.map((a) => ({ ...a }));
    this.out = Array.from({ length: size }, () => []);
    this.into = Array.from({ length: size }, () => []);
    this.arcs.forEach((a, i) => { this.out[a.from].push(i); this.into[a.to].push(i); });
    let deg = 1;
    for (let n = 0; n < size; n++) deg = Math.max(deg, this.out[n].length, this.into[n].length);
    this.maxDegree = deg;
  }

  /** Arcs of an edge list: each edge once when directed, both ways otherwise. */
  static fromEdges(size: number, edges: readonly (readonly [number, number, number])[], directed: boolean): ReferenceGraph {
    const arcs: RefArc[] = [];
    for (const [u, v, c] of edges) {
      arcs.push({ from: u, to: v, cost: c });
      if (!directed) arcs.push({ from: v, to: u, cost: c });
    }
    return new ReferenceGraph(size, arcs);
  }

  successors(n: number, nodes: Int32Array, costs: Float64Array): number {
    let k = 0;
    for (const i of this.out[n]) {
      const a = this.arcs[i];
      if (a.cost === Infinity) continue;
      nodes[k] = a.to; costs[k] = a.cost; k++;
    }
    return k;
  }

  predecessors(n: number, nodes: Int32Array, costs: Float64Array): number {
    let k = 0;
    for (const i of this.into[n]) {
      const a = this.arcs[i];
      if (a.cost === Infinity) continue;
      nodes[k] = a.from; costs[k] = a.cost; k++;
    }
    return k;
  }

  /** The cheapest present arc from -> to, Infinity when none. */
  cost(from: number, to: number): number {
    let c = Infinity;
    for (const i of this.out[from]) if (this.arcs[i].to === to && this.arcs[i].cost < c) c = this.arcs[i].cost;
    return c;
  }
}

/** A ReferenceGraph seen as the library would build it: a plain space without the editing methods. */
export function asSpace(g: ReferenceGraph): SearchSpace {
  return {
    size: g.size,
    maxDegree: g.maxDegree,
    successors: (n, nodes, costs) => g.successors(n, nodes, costs),
    predecessors: (n, nodes, costs) => g.predecessors(n, nodes, costs),
  };
}

/** The multiset of a space's arcs out of (or into) n, sorted, for comparing two spaces. */
export function arcList(space: SearchSpace, n: number, direction: Direction): string {
  const nodes = new Int32Array(Math.max(1, space.maxDegree)), costs = new Float64Array(Math.max(1, space.maxDegree));
  const d = direction === 'forward' ? space.successors(n, nodes, costs) : space.predecessors!(n, nodes, costs);
  const list: string[] = [];
  for (let i = 0; i < d; i++) list.push(`${nodes[i]}@${costs[i]}`);
  return list.sort().join(' ');
}

// --- inputs ------------------------------------------------------------------------

/** The suite's own generator (splitmix32), so inputs do not depend on library code. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x9e3779b9) >>> 0;
    let z = a;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return ((z ^ (z >>> 16)) >>> 0) / 4294967296;
  };
}

// --- counting --------------------------------------------------------------------------

/**
 * Counts the queries a file compared with the reference, by kind, prints one
 * summary line and writes test-output/differential/<name>.json so a closing
 * note can add the files up.
 */
export class Tally {
  private readonly counts = new Map<string, number>();
  private readonly t0 = performance.now();
  private readonly cpu0 = process.cpuUsage();
  constructor(readonly name: string) {}

  add(kind: string, n = 1): void { this.counts.set(kind, (this.counts.get(kind) ?? 0) + n); }

  get total(): number {
    let t = 0;
    for (const v of this.counts.values()) t += v;
    return t;
  }

  report(): void {
    const fmt = (n: number) => n.toLocaleString('en-US');
    const parts = [...this.counts].map(([k, v]) => `${k} ${fmt(v)}`).join(', ');
    const millis = Math.round(performance.now() - this.t0);
    // CPU time of this worker since the file loaded: what the suite costs one core, load or not.
    const cpu = process.cpuUsage(this.cpu0);
    const cpuMillis = Math.round((cpu.user + cpu.system) / 1000);
    console.log(`[differential] ${this.name}: ${fmt(this.total)} queries (${parts}) in ${(millis / 1000).toFixed(1)} s, ${(cpuMillis / 1000).toFixed(1)} s of CPU`);
    const dir = join('test-output', 'differential');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${this.name}.json`), `${JSON.stringify({ file: this.name, queries: this.total, byKind: Object.fromEntries(this.counts), millis, cpuMillis }, null, 2)}\n`);
  }
}
