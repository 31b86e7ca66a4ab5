import { pickLandmarks } from '../../hierarchy/alt.js';
import { allocate, diagonalBits, type DiagonalRule } from '../grid.js';

/** How many landmarks JPS+ keeps: 4 distances of 2 bytes a cell, beside its 8 bytes of jumps (its `bound` reads exactly 4). */
export const LANDMARKS = 4;

/** A clamped landmark distance: this far or farther, or unreachable. */
const CLAMP = 0xffff;

/** A distance in the build's scratch where a flood did not reach: above every distance in units. */
const UNREACHED = 0x7fffffff;

/** Units per axial step at most (finer helps little: the optimum is a sum of steps). */
const MAX_UNITS = 64;

/**
 * Landmark lower bounds for JPS+ (ALT: Goldberg and Harrelson 2005), as
 * integers small enough for 2 bytes a cell, and still exact: the heuristic
 * built from them is consistent, as the query's closed-is-final rule needs.
 *
 * Distances are measured in units, q to an axial step, on the same grid
 * graph the searcher moves on (its diagonal rule), with every step's cost
 * rounded down: an axial step costs q units, a diagonal one
 * floor(q * diagonalCost). D(v), the distance in units from a landmark L,
 * is then a shortest-path distance on that graph (undirected: every legal
 * step is legal both ways), so |D(a) - D(b)| is at most the units of any
 * path from a to b, which is at most its true cost over u = cellSize / q.
 * Clamping at 65535 (`CLAMP`, also the value of cells L does not reach)
 * keeps that, as min(., 65535) shrinks differences. So
 * h_L(n) = u * |D(n) - D(goal)| is admissible and consistent along every
 * leg of a jump: h_L(a) <= cost(a, b) + h_L(b). The query takes the largest
 * of the octile distance and the landmarks' bounds; a maximum of consistent
 * heuristics is consistent.
 *
 * q is chosen per map so that the farthest distance from a landmark fits:
 * twice the eccentricity of the seed (a bound by the triangle inequality),
 * at most 64 units a step. Landmarks are picked as every ALT table of the
 * library picks them (`pickLandmarks`, hierarchy/alt.ts): farthest first,
 * in the largest region.
 *
 * Each Dijkstra uses one FIFO queue per step cost (axial, diagonal): the
 * nodes leave in order of distance, so each queue's keys only grow and the
 * two heads are the two smallest; O(cells) per landmark, no heap.
 *
 * `free` is the padded raster of the table's build ((width + 2) x
 * (height + 2), 1 = free, border blocked); `lm` receives landmark i's
 * clamped distance of grid cell c at `c * stride + first + i`. Returns q.
 */
export function buildLandmarks(lm: Uint16Array, stride: number, first: number, free: Uint8Array, width: number, height: number, rule: DiagonalRule, diagonalCost: number): number {
  const pw = width + 2, n = pw * (height + 2);
  const what = 'JpsPlusSearcher: the landmarks\' build scratch (8 bytes a cell)';
  const dist = allocate(() => new Int32Array(n), what, 8 * n), near = allocate(() => new Int32Array(n), what, 8 * n);
  const queues = new StepQueues();
  let cells = 0;
  for (let p = 0; p < n; p++) cells += free[p];
  // The seed's flood runs at the finest units; its eccentricity then sets q, and the landmarks' floods run at q units a step.
  let q = MAX_UNITS, axial = MAX_UNITS, diag = Math.floor(MAX_UNITS * diagonalCost);
  const space = { size: n, eligible: (p: number) => free[p] === 1, eligibleCount: cells, dist, unreached: UNREACHED, near, flood: (p: number) => dijkstra(dist, queues, free, pw, p, axial, diag, rule) };
  pickLandmarks(space, LANDMARKS, (i) => {
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const d = dist[(y + 1) * pw + x + 1];
        lm[(y * width + x) * stride + first + i] = d > CLAMP ? CLAMP : d;
      }
    }
  }, (ecc) => {
    q = Math.max(1, Math.min(MAX_UNITS, Math.floor((MAX_UNITS * (CLAMP - 1)) / Math.max(1, 2 * ecc))));
    axial = q;
    diag = Math.floor(q * diagonalCost);
  });
  return q;
}

/**
 * Distances in units from padded cell s over the free cells of `free`
 * (`UNREACHED` where unreached); axial steps cost `axial`, diagonal ones
 * `diag` (>= axial), a diagonal step taken where the grid's `rule` allows
 * it; returns how many cells it reached.
 */
function dijkstra(dist: Int32Array, queues: StepQueues, free: Uint8Array, pw: number, s: number, axial: number, diag: number, rule: DiagonalRule): number {
  const open = diagonalBits(rule);
  dist.fill(UNREACHED);
  dist[s] = 0;
  queues.clear();
  queues.push(0, s, 0);
  for (let reached = 0; ;) {
    const which = queues.least();
    if (which < 0) return reached;
    const u = queues.headNode(which), du = queues.headKey(which);
    queues.shift(which);
    if (du > dist[u]) continue;
    reached++;
    const da = du + axial, dd = du + diag;
    // The four axial steps, then the four diagonal ones (each checked against its two side cells).
    for (let k = 0; k < 4; k++) {
      const v = u + (k === 0 ? 1 : k === 1 ? pw : k === 2 ? -1 : -pw);
      if (free[v] === 1 && da < dist[v]) { dist[v] = da; queues.push(0, v, da); }
    }
    for (let k = 0; k < 4; k++) {
      const sx = k === 0 || k === 3 ? 1 : -1, sy = k < 2 ? pw : -pw, v = u + sx + sy;
      if (free[v] !== 1 || ((open >> ((free[u + sx] ^ 1) | ((free[u + sy] ^ 1) << 1))) & 1) === 0) continue;
      if (dd < dist[v]) { dist[v] = dd; queues.push(1, v, dd); }
    }
  }
}

/** Two FIFO queues of (node, key), one per step cost, each a growable ring. */
class StepQueues {
  private nodes = [new Int32Array(1024), new Int32Array(1024)];
  private keys = [new Int32Array(1024), new Int32Array(1024)];
  private head = [0, 0];
  private size = [0, 0];

  clear(): void { this.head[0] = this.head[1] = this.size[0] = this.size[1] = 0; }

  push(i: number, node: number, key: number): void {
    if (this.size[i] === this.nodes[i].length) this.grow(i);
    const mask = this.nodes[i].length - 1, at = (this.head[i] + this.size[i]++) & mask;
    this.nodes[i][at] = node;
    this.keys[i][at] = key;
  }

  /** The queue whose head has the least key (0 on a tie), -1 when both are empty. */
  least(): number {
    if (this.size[0] === 0) return this.size[1] === 0 ? -1 : 1;
    if (this.size[1] === 0) return 0;
    return this.keys[1][this.head[1]] < this.keys[0][this.head[0]] ? 1 : 0;
  }

  headNode(i: number): number { return this.nodes[i][this.head[i]]; }
  headKey(i: number): number { return this.keys[i][this.head[i]]; }

  shift(i: number): void {
    this.head[i] = (this.head[i] + 1) & (this.nodes[i].length - 1);
    this.size[i]--;
  }

  private grow(i: number): void {
    const old = this.nodes[i], oldKeys = this.keys[i], len = old.length, h = this.head[i];
    const nodes = new Int32Array(len * 2), keys = new Int32Array(len * 2);
    // Unroll the ring: head to end, then start to head.
    nodes.set(old.subarray(h));
    nodes.set(old.subarray(0, h), len - h);
    keys.set(oldKeys.subarray(h));
    keys.set(oldKeys.subarray(0, h), len - h);
    this.nodes[i] = nodes;
    this.keys[i] = keys;
    this.head[i] = 0;
  }
}
