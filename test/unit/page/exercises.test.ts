import { describe, expect, it } from 'vitest';
import { consistencyAt, fifoAgreement, fifoWitness, gateRepairPops, randomBounds, repairTable, sqrt2Witness, theaterBound, wallModels } from '../../../web/src/exercises/exercise-model.js';

describe('exercise computations', () => {
  it('1: octile never breaks the inequality, at many cells; the sqrt 2 witness overestimates 1.4', () => {
    for (let dx = -4; dx <= 4; dx++) for (let dy = -4; dy <= 4; dy++) {
      const rows = consistencyAt(dx, dy);
      expect(rows.length).toBe(8);
      for (const r of rows) expect(r.slack).toBeGreaterThan(-1e-9);
      if (dx !== 0 || dy !== 0) expect(rows.some((r) => Math.abs(r.slack) < 1e-9)).toBe(true); // some move is on an optimal route
    }
    const w = sqrt2Witness();
    expect(w.trueCost).toBeCloseTo(1.4, 12);
    expect(w.h).toBeGreaterThan(w.trueCost);
  });
  it('2: walls deleted and walls at 10000 agree with the door open and disagree with it shut', () => {
    const open = wallModels(false).runs, shut = wallModels(true).runs;
    expect(open[0].cost).toBeCloseTo(open[1].cost, 9);
    expect(shut[0].path).toBeNull();
    expect(shut[1].cost).toBeGreaterThan(10000);
  });
  it('3: eps = 2 stays within twice Dijkstra, on the theater and on random layouts, and some layouts do pay more', () => {
    expect(theaterBound(2).ratio).toBeLessThanOrEqual(2);
    const r = randomBounds(2);
    expect(r.solved).toBeGreaterThan(100);
    expect(r.worst).toBeLessThanOrEqual(2 + 1e-9);
    expect(r.worse).toBeGreaterThan(0);
  });
  it('4: the check answers 15 and the Apartment has a repair-costs-more case (68 vs 28)', () => {
    expect(gateRepairPops()).toBe(15);
    const half = repairTable().find((r) => r.closure === 'halfway')!;
    expect([half.repair, half.fresh]).toEqual([68, 28]);
  });
  it('5: the witness splits 4.2 (3 links) from 4.0 (4 links); unit grids all agree', () => {
    const w = fifoWitness();
    expect([w.bfs.links, +w.bfs.cost.toFixed(9)]).toEqual([3, 4.2]);
    expect([w.dijkstra.links, w.dijkstra.cost]).toEqual([4, 4]);
    const a = fifoAgreement();
    expect(a.compared).toBeGreaterThan(100);
    expect(a.agree).toBe(a.compared);
  });
});
