import type { CurvePoint } from './fleet-lifelong.js';

/**
 * The throughput curve the lifelong mode gathers: one point per robot count
 * (a later run of the same count replaces the earlier), in robot order, all
 * of one run length (points of another length start a new curve).
 */
export function withPoint(points: readonly CurvePoint[], p: CurvePoint): CurvePoint[] {
  const same = points.filter((q) => q.steps === p.steps && q.robots !== p.robots);
  return [...same, p].sort((a, b) => a.robots - b.robots);
}

/** The point of highest throughput (the fewest robots among equals), or null. */
export function peakOf(points: readonly CurvePoint[]): CurvePoint | null {
  let best: CurvePoint | null = null;
  for (const p of points) if (best === null || p.throughput > best.throughput) best = p;
  return best;
}

const one = (x: number) => x.toFixed(1);

/**
 * The curve in words: how many runs, the peak, and whether it has been
 * seen to climb before it and fall after it (a reader without the chart, a
 * screen reader, gets the same story).
 */
export function curveWords(points: readonly CurvePoint[]): string {
  if (points.length === 0) return 'No runs yet: each lifelong run with PIBT adds its point here, or sweep from 50 to 1,000 robots.';
  const steps = points[0].steps;
  const peak = peakOf(points)!;
  const first = points[0], last = points[points.length - 1];
  let text = `${points.length} run${points.length === 1 ? '' : 's'} of ${steps} steps: `
    + points.map((p) => `${p.robots} robots ${one(p.throughput)}`).join(', ') + ' errands per 100 steps. ';
  if (points.length === 1) return text;
  text += `The most, ${one(peak.throughput)}, came with ${peak.robots} robots`;
  if (peak !== first) text += `, up from ${one(first.throughput)} with ${first.robots}`;
  if (peak !== last) text += `; with ${last.robots} robots it is down to ${one(last.throughput)}: past the peak, more robots get fewer errands done`;
  else text += '; add robots beyond it to see whether it keeps climbing';
  return `${text}.`;
}
