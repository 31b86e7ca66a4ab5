// Seeded maps for the kinematic tests: lethal boxes on a square costmap, and free poses on it.
import { LETHAL, makeCostmap, type Costmap } from '#bestfirst/costmap';
import type { FootprintChecker, Pose } from '#bestfirst/kinematic';

/** A seeded map, `n` x `n` cells of 0.1 m with a few lethal boxes, and a free start and goal for `checker`. */
export function scene(seed: number, n: number, boxes: number, robot: (m: Costmap) => FootprintChecker) {
  let s = seed;
  const u = () => { s = (s * 16807) % 2147483647; return s / 2147483647; };
  const cost = new Uint8Array(n * n);
  for (let b = 0; b < boxes; b++) {
    const x0 = Math.floor(u() * n), y0 = Math.floor(u() * n), w = 1 + Math.floor(u() * n / 5), h = 1 + Math.floor(u() * n / 5);
    for (let y = y0; y < Math.min(n, y0 + h); y++) for (let x = x0; x < Math.min(n, x0 + w); x++) cost[y * n + x] = LETHAL;
  }
  const costmap = makeCostmap(cost, { width: n, height: n, resolution: 0.1, rowOrder: 'bottom-up' });
  const checker = robot(costmap);
  const pose = (): Pose => {
    for (;;) {
      const p = { x: 0.1 * n * u(), y: 0.1 * n * u(), theta: 2 * Math.PI * u() - Math.PI };
      if (!checker.collides(p)) return p;
    }
  };
  return { costmap, checker, start: pose(), goal: pose() };
}

