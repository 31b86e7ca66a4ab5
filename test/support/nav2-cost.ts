// Nav2's inflation cost written out from its formula (nav2_costmap_2d InflationLayer::computeCost),
// independent of src/costmap/inflation.ts: the reference the inflation suites hold `inflate` to.

/** Nav2's cost at `d` metres from the nearest obstacle (d Infinity: none), inscribed radius r, inflation radius R, scaling factor k. */
export function nav2Cost(d: number, r: number, R: number, k: number): number {
  if (d === 0) return 254;
  if (d <= r) return 253;
  if (d <= R) return Math.floor(252 * Math.exp(-k * (d - r)));
  return 0;
}
