import type { MapfFloor } from './model.js';
import type { SpaceTimeRules } from './space-time.js';

/**
 * The reservation table of cooperative A*: the (cell, step) pairs and the
 * moves the agents planned so far hold, and the goals they hold for good
 * from their arrival on. A later agent plans around it (`SpaceTimeRules`):
 * it may not stand where someone stands, may not swap cells with anyone,
 * and may end on its own goal only after the last step anyone else passes
 * there.
 */
export class ReservationTable implements SpaceTimeRules {
  settledAfter = -1;
  // (step * size + cell) -> the agent there.
  private readonly vertex = new Map<number, number>();
  // (step * size + from) * 4 + direction -> the agent moving that way between step - 1 and step.
  private readonly edge = new Map<number, number>();
  // heldFrom[cell]: the step from which an arrived agent holds it for good (Infinity: nobody).
  private readonly heldFrom: Float64Array;
  private readonly holder: Int32Array;
  // last[cell]: the last step any planned agent stands on it (-1: none).
  private readonly last: Int32Array;

  private readonly size: number;

  constructor(private readonly floor: MapfFloor) {
    const size = this.size = floor.size;
    this.heldFrom = new Float64Array(size).fill(Infinity);
    this.holder = new Int32Array(size).fill(-1);
    this.last = new Int32Array(size).fill(-1);
  }

  /** Reserves agent `agent`'s path: every (cell, step), every move, and its goal (the last cell) from its arrival on. */
  reserve(agent: number, path: readonly number[]): void {
    const size = this.size;
    for (let t = 0; t < path.length; t++) {
      const c = path[t];
      this.vertex.set(t * size + c, agent);
      if (this.last[c] < t) this.last[c] = t;
      if (t > 0 && path[t - 1] !== c) this.edge.set(this.floor.moveKey(path[t - 1], c, t), agent);
    }
    const goal = path[path.length - 1];
    this.heldFrom[goal] = path.length - 1;
    this.holder[goal] = agent;
    this.settledAfter = Math.max(this.settledAfter, path.length - 1);
  }

  /** The agent on `cell` at step t (standing there or arrived there for good), or -1. */
  who(cell: number, t: number): number {
    if (t >= this.heldFrom[cell]) return this.holder[cell];
    return this.vertex.get(t * this.size + cell) ?? -1;
  }

  vertexFree(cell: number, t: number): boolean {
    return t < this.heldFrom[cell] && !this.vertex.has(t * this.size + cell);
  }

  edgeFree(from: number, to: number, t: number): boolean {
    // Barred when someone goes the other way along the same edge in the same step.
    return !this.edge.has(this.floor.moveKey(to, from, t));
  }

  lastBarred(cell: number): number {
    return this.heldFrom[cell] < Infinity ? Infinity : this.last[cell];
  }

  /** The agent holding `cell` for good (arrived there), or -1. */
  holderOf(cell: number): number {
    return this.holder[cell];
  }

  /** The last step a planned agent passes `cell` (-1: none). */
  lastPass(cell: number): number {
    return this.last[cell];
  }
}
