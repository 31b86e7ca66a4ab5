import { mulberry32 } from '../core/random.js';
import type { MapfFloor } from './model.js';

/**
 * One step of PIBT (priority inheritance with backtracking; Okumura,
 * Machida, Defago and Tamura, AIJ 2022): from the configuration `from`
 * (every agent's cell), the next one, each agent moving to a side neighbour
 * or waiting, with no two agents on one cell and no two swapping.
 *
 * Agents are taken in the priority order given. An agent not yet moved
 * picks the cell nearest its goal among its own and its free neighbours
 * (between cells equally near, a free one before one another agent stands
 * on, then a seeded coin). If another agent still to move stands
 * there, that agent inherits the priority and must move first, away from
 * the cell the first one leaves (no swap); if it cannot, it reports back
 * and the first agent tries its next cell (backtracking). The agent of top
 * priority thus always gets a cell nearer its goal when one exists, and
 * nobody is left without a cell: an agent can always stay, unless someone
 * moved into its cell, and someone moves into it only by pushing it first.
 *
 * With `swap` on (Okumura, IJCAI 2023, the "PIBT with swap" of LaCAM*'s
 * successor generator), two agents that must trade places in a corridor do
 * so. When agent i's best cell holds an agent j, follow i's way on through
 * the corridor while i still wants forward: if a cell with a side exit
 * comes first, j can step aside there and plain pushing serves. If instead
 * i would stop in the corridor (on its goal, or at a dead end) with j
 * pushed beyond it, and j would rather come back past i, they are in the
 * wrong order (the swap is required): pushing j on only sends it deeper,
 * and once i rests j pushes it back out. Then, if behind i the corridor
 * reaches a cell with a side exit (the swap is possible), i takes its
 * cells in the reverse order, steps back, and pulls j after it into the
 * cell it leaves; step after step the pair backs out to that cell. There,
 * an agent pushed out of the corridor's mouth does not step back into it
 * ahead of its pusher when they are in the wrong order: it steps aside,
 * the pusher goes in first, and it follows. The dead-end case is the
 * paper's; the open corridor is the warehouse's (two robots whose goals lie
 * in one aisle the wrong way round, which plain PIBT pushes to and fro for
 * ever). The pulled agent moves into a cell just left, by someone not
 * coming the other way, so the step stays free of vertex and swap
 * conflicts.
 *
 * LaCAM uses the same step as its successor generator, under constraints:
 * some agents are told where to go, and the step fills in the rest or
 * reports that it cannot (the constrained moves collide, or leave an agent
 * nowhere to go).
 */
export class PibtStep {
  /** Agent moves tried over every step so far (an agent tried at one cell is one). */
  tries = 0;
  /** Agents pulled into a cell just left (the swap) over every step so far. */
  pulls = 0;
  private readonly k: number;
  private readonly rng: () => number;
  private readonly dist: Float64Array[];
  // Where each agent is (from) and goes (to, -1: not yet), and who is on each cell before and after (-1: nobody).
  private from: ArrayLike<number> = new Int32Array(0);
  private readonly to: Int32Array;
  private readonly onFrom: Int32Array;
  private readonly onTo: Int32Array;
  // The candidate cells at each depth of the recursion, five a level, and their sort keys.
  private readonly cand: Int32Array;
  private readonly key: Float64Array;
  // The last exit openExits counted.
  private exit = -1;

  /** `goals[i]`: agent i's goal; `seed` the tie-break coin's; `swap`: pull an agent met head-on in a corridor (see above). */
  constructor(private readonly floor: MapfFloor, goals: ArrayLike<number>, seed: number, private readonly swap = false) {
    this.k = goals.length;
    this.rng = mulberry32(seed);
    // The flood from each goal (the floor keeps one per goal: agents with one goal share it).
    this.dist = Array.from(goals, (g) => floor.distanceTo(g));
    this.to = new Int32Array(this.k);
    this.onFrom = new Int32Array(floor.size).fill(-1);
    this.onTo = new Int32Array(floor.size).fill(-1);
    this.cand = new Int32Array(5 * (this.k + 1));
    this.key = new Float64Array(5 * (this.k + 1));
  }

  /**
   * Writes into `out` the next configuration from `from`, the agents taken in
   * `order` (highest priority first), after the first `n` constraints: agent
   * `who[c]` goes to `where[c]` (its own cell or a free side neighbour).
   * Returns false, `out` then undefined, when no such configuration is found:
   * two constrained agents collide, or an agent is left with no cell.
   */
  next(from: ArrayLike<number>, order: ArrayLike<number>, who: ArrayLike<number>, where: ArrayLike<number>, n: number, out: Int32Array): boolean {
    const k = this.k, to = this.to, onFrom = this.onFrom, onTo = this.onTo;
    this.from = from;
    to.fill(-1);
    for (let i = 0; i < k; i++) onFrom[from[i]] = i;
    let ok = true;
    for (let c = 0; c < n && ok; c++) {
      const i = who[c], v = where[c];
      // A vertex conflict with an agent placed before, or a swap with one.
      if (onTo[v] >= 0) ok = false;
      else {
        const j = onFrom[v];
        if (j >= 0 && j !== i && to[j] === from[i]) ok = false;
      }
      to[i] = v;
      onTo[v] = i;
    }
    for (let r = 0; r < k && ok; r++) {
      const i = order[r];
      if (to[i] < 0 && !this.push(i, 0)) ok = false;
    }
    for (let i = 0; i < k; i++) {
      onFrom[from[i]] = -1;
      if (to[i] >= 0) onTo[to[i]] = -1;
      out[i] = to[i];
    }
    return ok;
  }

  /** PIBT's recursive call for agent i at recursion depth `depth`: whether it found a cell (else it stays put). */
  private push(i: number, depth: number): boolean {
    const from = this.from, to = this.to, onFrom = this.onFrom, onTo = this.onTo, nbr = this.floor.nbr;
    const d = this.dist[i], cand = this.cand, key = this.key, base = 5 * depth;
    const here = from[i];
    let m = 0;
    // The agent that pushed i (taking i's cell), if any: i keeps out of its way where they could not pass.
    const p = depth > 0 ? onTo[here] : -1;
    // Its own cell and its side neighbours, nearest the goal first; between cells equally near, a free one
    // before one another agent stands on (fewer pushes), then the coin (PIBT's order). A cell that would put
    // i ahead of its pusher in a corridor where they must trade places goes last (see `wrongOrder`).
    for (let s = -1; s < 4; s++) {
      const v = s < 0 ? here : nbr[4 * here + s];
      if (v < 0) continue;
      const taken = v !== here && onFrom[v] >= 0 ? 0.5 : 0;
      const inTheWay = p >= 0 && v !== here && this.swap && this.dist[p][v] < this.dist[p][here] && this.wrongOrder(p, i, here, v) ? this.floor.size : 0;
      const kv = d[v] + inTheWay + taken + 0.25 * this.rng();
      let j = m++;
      while (j > 0 && key[base + j - 1] > kv) { key[base + j] = key[base + j - 1]; cand[base + j] = cand[base + j - 1]; j--; }
      key[base + j] = kv;
      cand[base + j] = v;
    }
    // A head-on meeting in a corridor: back out, pulling the agent met (see the class comment).
    const j0 = this.swap ? onFrom[cand[base]] : -1;
    const pull = j0 >= 0 && j0 !== i && to[j0] < 0 && this.swapRequired(i, j0) && this.swapPossible(here, from[j0]);
    if (pull) {
      for (let a = base, b = base + m - 1; a < b; a++, b--) { const x = cand[a]; cand[a] = cand[b]; cand[b] = x; }
    }
    for (let c = 0; c < m; c++) {
      const v = cand[base + c];
      this.tries++;
      if (onTo[v] >= 0) continue;
      const j = onFrom[v];
      // Never swap: the agent on v must not be going to i's cell (the pusher, or a constrained agent).
      if (j >= 0 && j !== i && to[j] === here) continue;
      to[i] = v;
      onTo[v] = i;
      if (j >= 0 && j !== i && to[j] < 0 && !this.push(j, depth + 1)) {
        // j stays on v now, which it holds in onTo: try the next cell.
        continue;
      }
      // i stepped back: the agent met follows into the cell i left, if still free and it is still to move
      // (had i taken the agent's own cell, it would have pushed it, and that agent would have a cell).
      if (pull && v !== here && to[j0] < 0 && onTo[here] < 0) {
        to[j0] = here;
        onTo[here] = j0;
        this.pulls++;
      }
      return true;
    }
    // Nowhere to go: i stays, and the agent that pushed it (which marked i's cell) must look elsewhere.
    // An agent of its own (depth 0) stays on a cell nobody took, unless a constrained agent took it: then the step fails.
    to[i] = here;
    if (depth === 0 && onTo[here] >= 0) return false;
    onTo[here] = i;
    return false;
  }
  /**
   * The side neighbours of cell v other than `not` that an agent could move
   * on to, the last one in `this.exit`. Other agents do not close a way
   * (they can be pushed), except one resting on its goal at a dead end.
   */
  private openExits(v: number, not: number): number {
    const nbr = this.floor.nbr, onFrom = this.onFrom;
    let n = 0;
    for (let s = 0; s < 4; s++) {
      const u = nbr[4 * v + s];
      if (u < 0 || u === not) continue;
      const o = onFrom[u];
      if (o >= 0 && this.dist[o][u] === 0 && this.degree(u) === 1) continue;
      n++;
      this.exit = u;
    }
    return n;
  }

  private degree(v: number): number {
    const nbr = this.floor.nbr;
    let n = 0;
    for (let s = 0; s < 4; s++) if (nbr[4 * v + s] >= 0) n++;
    return n;
  }

  /**
   * Whether i, wanting j's cell, cannot simply push j ahead: they are in
   * the wrong order in a corridor (see `wrongOrder`).
   */
  private swapRequired(i: number, j: number): boolean {
    const behind = this.from[i], ahead = this.from[j];
    return this.dist[i][ahead] < this.dist[i][behind] && this.wrongOrder(i, j, behind, ahead);
  }

  /**
   * Whether i, going from `behind` to `ahead`, and j, on `ahead` or pushed
   * into it, are in the wrong order: follow i's way on through the corridor
   * while i still wants forward. If a cell with two ways on comes first, j
   * can step aside there: no. Otherwise i stops in the corridor (on its
   * goal, or at a dead end) with j beyond it, and it is the wrong order
   * when j would rather come back past i: pushing j on only sends it deeper,
   * and once i rests, j pushes i back out (two robots whose goals lie in
   * one aisle, the wrong way round, push each other to and fro for ever
   * when the aisle is open at both ends). Then they must trade places at
   * the corridor's end behind them: the swap, and the step aside.
   */
  private wrongOrder(i: number, j: number, behind: number, ahead: number): boolean {
    const di = this.dist[i], dj = this.dist[j];
    for (let steps = 0; steps < this.floor.size; steps++) {
      if (!(di[ahead] < di[behind])) break;
      const n = this.openExits(ahead, behind);
      if (n >= 2) return false;
      if (n === 0) break;
      behind = ahead;
      ahead = this.exit;
    }
    return dj[behind] < dj[ahead];
  }

  /**
   * Whether backing out works: from i's cell `back`, away from j's cell,
   * the corridor reaches a cell with two ways on (the map's own, other
   * agents can be pushed), where the two can pass. Never when it ends
   * blind or leads round to j.
   */
  private swapPossible(back: number, front: number): boolean {
    const start = front;
    for (let steps = 0; steps < this.floor.size; steps++) {
      const n = this.openExits(back, front);
      if (n >= 2) return true;
      if (n === 0) return false;
      front = back;
      back = this.exit;
      if (back === start) return false;
    }
    return false;
  }
}

/**
 * PIBT's priorities: an agent gains one each step it is not on its goal and
 * drops back to its fixed fraction `eps[i]` (in [0, 1), seeded, distinct in
 * practice) when it is, so an agent kept from its goal rises above those
 * that have arrived, and the fraction breaks ties the same way every step.
 * `counts[i]` is the whole part. Writes the agents, highest priority first,
 * into `order`.
 */
export function priorityOrder(counts: ArrayLike<number>, eps: ArrayLike<number>, order: Int32Array): Int32Array {
  for (let i = 0; i < order.length; i++) order[i] = i;
  order.sort((a, b) => (counts[b] - counts[a]) || (eps[b] - eps[a]));
  return order;
}

/** The next step's priority counts: one more for an agent off its goal in `at`, 0 for one on it. */
export function nextCounts(counts: ArrayLike<number>, at: ArrayLike<number>, goals: ArrayLike<number>, out: Int32Array): Int32Array {
  for (let i = 0; i < out.length; i++) out[i] = at[i] === goals[i] ? 0 : counts[i] + 1;
  return out;
}

/** Each agent's fixed tie-break fraction, from the seed (a stream of its own, apart from the step's coin). */
export function tieBreaks(k: number, seed: number): Float64Array {
  const rng = mulberry32(seed ^ 0x5bd1e995);
  return Float64Array.from({ length: k }, () => rng());
}
