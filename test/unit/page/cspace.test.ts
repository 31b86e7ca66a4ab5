import { describe, expect, it } from 'vitest';
import { findPath } from '#bestfirst';
import { CSpace, FloorPlan } from '#bestfirst/cspace';
import { ClosingSearch, discView, FINE, RADIUS, radiusAt, sectionPlan } from '../../../web/src/cspace/cspace-model.js';

/** The first slider radius with no route, by walking every step (what the bisection must find). */
function walk(plan: FloorPlan): number | null {
  const steps = Math.round((RADIUS.max - RADIUS.min) / RADIUS.step);
  for (let k = 0; k <= steps; k++) if (discView(plan, radiusAt(k)).found?.status !== 'found') return radiusAt(k);
  return null;
}

const run = (plan: FloorPlan) => {
  const s = new ClosingSearch(plan);
  let rasters = 1;
  while (!s.step()) rasters++;
  return { result: s.result, rasters };
};

describe('the configuration-space section\'s model', () => {
  it('the closing radius: the bisection finds what walking the slider finds, in a handful of rasters', () => {
    const plan = sectionPlan();
    const { result, rasters } = run(plan);
    expect(result).toBe(walk(plan));
    expect(result).toBe(0.46);
    expect(rasters).toBeLessThanOrEqual(8);
    // At 0.45 m the disc touches both frames of a 0.9 m door, which counts as fitting.
    expect(discView(plan, 0.45).found?.status).toBe('found');
  });

  it('a plan whose route never closes on the slider, and one closed from the start', () => {
    const open = new FloorPlan({ width: 12, height: 8, walls: [], doors: [], rooms: [] });
    expect(run(open).result).toBe(null);
    // An 8 cm slit between the two halves: no route even at the slider's smallest radius (a 10 cm one would just fit it).
    const shut = new FloorPlan({
      width: 12, height: 8, rooms: [],
      walls: [{ name: 'w', a: { x: 5, y: 0 }, b: { x: 5, y: 8 }, thickness: 0.1 }],
      doors: [{ name: 'slit', at: { x: 5, y: 2.75 }, width: 0.08 }],
    });
    expect(walk(shut)).toBe(RADIUS.min);
    expect(run(shut).result).toBe(RADIUS.min);
  });

  it('slider radii are the step\'s multiples, with no float residue; the view is the library\'s raster and A*', () => {
    expect(radiusAt(25)).toBe(0.3);
    expect(radiusAt(20)).toBe(0.25);
    const plan = sectionPlan(), v = discView(plan, 0.3);
    const c = new CSpace(plan, { resolution: FINE, radius: 0.3 });
    expect(v.found?.cost).toBe(findPath(c.grid, v.start, v.goal).cost);
  });
});
