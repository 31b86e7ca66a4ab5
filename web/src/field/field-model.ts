import { dijkstra, type Grid } from '#bestfirst';
import { follow, type UniversalPlan } from '#bestfirst/repair';
import { prefixCosts } from '#bestfirst/worlds';

/**
 * The universal-plan field without the DOM: where the equal-cost contours
 * run, where their labels go, and what the robot pays when it follows the
 * arrows. Everything is read off a plan the library computed; the only
 * arithmetic here is which band of `step` metres a cost-to-go falls in.
 */

/** A contour piece: the edge between cell `a` and its east (`side` 'e') or south ('s') neighbour. */
export interface ContourEdge { cell: number; side: 'e' | 's'; level: number }
export interface ContourLabel { cell: number; level: number; text: string }

export function band(h: number, step: number): number {
  return Math.floor(h / step + 1e-9);
}

/**
 * The wave fronts every `step` metres: an edge wherever two side-by-side
 * reachable cells fall in different bands (level = the higher band's lower
 * bound), and one label per level, at the first cell the backward search
 * settled in that band (where the wave front arrived first).
 */
export function contours(plan: UniversalPlan, width: number, height: number, step: number): { edges: ContourEdge[]; labels: ContourLabel[] } {
  const h = plan.h, edges: ContourEdge[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const n = y * width + x;
      if (h[n] === Infinity) continue;
      const bn = band(h[n], step);
      if (x + 1 < width && h[n + 1] !== Infinity) {
        const bm = band(h[n + 1], step);
        if (bm !== bn) edges.push({ cell: n, side: 'e', level: Math.max(bn, bm) * step });
      }
      if (y + 1 < height && h[n + width] !== Infinity) {
        const bm = band(h[n + width], step);
        if (bm !== bn) edges.push({ cell: n, side: 's', level: Math.max(bn, bm) * step });
      }
    }
  }
  const labels: ContourLabel[] = [];
  let last = 0;
  for (let i = 0; i < plan.reachable; i++) {
    const n = plan.order[i], b = band(h[n], step);
    if (b > last) {
      last = b;
      labels.push({ cell: n, level: b * step, text: `${+(b * step).toFixed(2)} m` });
    }
  }
  return { edges, labels };
}

export interface RobotRun {
  from: number;
  /** The cells the arrows lead through, from first, goal last. */
  path: number[];
  /** What the robot paid along them (the grid's step costs, summed by the library). */
  paid: number;
  /** Dijkstra's cost from the same cell, computed afresh. */
  dijkstra: number;
}

/** Drops the robot at `from`: follows the plan's arrows and prices the drive against Dijkstra. Null where the goal is out of reach. */
export function dropRobot(grid: Grid, plan: UniversalPlan, from: number): RobotRun | null {
  const path = follow(plan, from);
  if (path === null) return null;
  const acc = prefixCosts(grid, path);
  return { from, path, paid: acc[acc.length - 1], dijkstra: dijkstra(grid, from, plan.goal).cost };
}
