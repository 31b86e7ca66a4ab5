// The badge's value comes from the library (src/epsilon.ts); this file keeps the slider's scale.
export { firstEpsilonAboveDijkstra } from '#bestfirst/worlds';

/** The slider's values: lo..hi in steps of `step`, rounded so 0.1 * 3 is 0.3. */
export function sliderValues(lo: number, hi: number, step: number): number[] {
  const out: number[] = [];
  const count = Math.round((hi - lo) / step);
  for (let i = 0; i <= count; i++) out.push(Math.round((lo + i * step) * 1e9) / 1e9);
  return out;
}
