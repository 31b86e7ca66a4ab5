/** A conflict between two agents' paths: i and j on one cell at step t (`to` -1), or swapping `cell` <-> `to` between t - 1 and t (i goes cell -> to). */
export interface Conflict {
  readonly i: number;
  readonly j: number;
  readonly cell: number;
  readonly to: number;
  readonly t: number;
}

/**
 * Who stands where, step by step, for a set of paths (each agent on its goal
 * from its arrival on): the conflict finder of CBS, and the table its
 * low-level search breaks ties with (fewer collisions with the other
 * agents' paths). The (step, cell) table is stamped rather than cleared, so
 * refilling it costs only the paths' length, whatever the map's size.
 */
export class PathTable {
  private owner = new Int32Array(0);
  private stamp = new Int32Array(0);
  private readonly arrival: Int32Array;
  private readonly arrived: Int32Array;
  private readonly arrivalStamp: Int32Array;
  private cur = 0;
  private horizon = 0;
  private paths: readonly (readonly number[] | undefined)[] = [];

  constructor(private readonly size: number) {
    this.arrival = new Int32Array(size);
    this.arrived = new Int32Array(size);
    this.arrivalStamp = new Int32Array(size);
  }

  /** Records every path but agent `skip`'s (-1: all); returns the vertex conflicts met on the way (the first agent on a cell wins it). */
  fill(paths: readonly (readonly number[] | undefined)[], skip = -1): Conflict[] {
    const size = this.size;
    this.paths = paths;
    this.cur++;
    let horizon = 0;
    for (const p of paths) if (p !== undefined) horizon = Math.max(horizon, p.length);
    this.horizon = horizon;
    if (horizon * size > this.owner.length) {
      this.owner = new Int32Array(horizon * size * 2);
      this.stamp = new Int32Array(horizon * size * 2);
    }
    const cur = this.cur, owner = this.owner, stamp = this.stamp;
    paths.forEach((p, b) => {
      if (b === skip || p === undefined) return;
      const goal = p[p.length - 1];
      this.arrivalStamp[goal] = cur;
      this.arrival[goal] = p.length - 1;
      this.arrived[goal] = b;
    });
    const found: Conflict[] = [];
    paths.forEach((p, b) => {
      if (b === skip || p === undefined) return;
      for (let t = 0; t < p.length; t++) {
        const n = p[t], idx = t * size + n;
        // Someone arrived here for good before: a target conflict.
        if (this.arrivalStamp[n] === cur && this.arrived[n] !== b && t >= this.arrival[n]) found.push({ i: this.arrived[n], j: b, cell: n, to: -1, t });
        if (stamp[idx] === cur) found.push({ i: owner[idx], j: b, cell: n, to: -1, t });
        else { stamp[idx] = cur; owner[idx] = b; }
      }
    });
    return found;
  }

  /** The agent on `cell` at step t (standing there, or arrived there for good), or -1. */
  at(cell: number, t: number): number {
    if (t < this.horizon) {
      const idx = t * this.size + cell;
      if (this.stamp[idx] === this.cur) return this.owner[idx];
    }
    return this.arrivalStamp[cell] === this.cur && t >= this.arrival[cell] ? this.arrived[cell] : -1;
  }

  /** The agent that would swap with a move from `from` to `to` ending at step t, or -1. */
  swapper(from: number, to: number, t: number): number {
    const o = this.at(to, t - 1);
    if (o < 0) return -1;
    const p = this.paths[o]!;
    return p[Math.min(t, p.length - 1)] === from ? o : -1;
  }

  /**
   * The conflicts among `paths`, earliest first, at most `limit`: vertex
   * conflicts (a target conflict when one agent had arrived there), then
   * swaps along an edge.
   */
  conflicts(paths: readonly number[][], limit: number): Conflict[] {
    const found = this.fill(paths);
    paths.forEach((p, b) => {
      for (let t = 1; t < p.length; t++) {
        const u = p[t - 1], n = p[t];
        if (u === n) continue;
        const o = this.swapper(u, n, t);
        if (o >= 0 && o < b) found.push({ i: b, j: o, cell: u, to: n, t });
      }
    });
    found.sort((x, y) => x.t - y.t);
    return found.length > limit ? found.slice(0, limit) : found;
  }
}
