import { describe, expect, it } from 'vitest';
import { dijkstra, octile } from '#bestfirst';
import { ara } from '#bestfirst/repair';
import { apartmentWorld, southRoomsWorld } from '#bestfirst/worlds';
import { roundSummary, runAraLane } from '../../../web/src/ara-lane/ara-lane-model.js';

describe('ARA* lane model', () => {
  it('on the theater\'s query: four rounds at 3, 2, 1.5, 1, each as the library\'s ara() reports it, the last at Dijkstra\'s cost', () => {
    const w = southRoomsWorld();
    const run = runAraLane(w.grid, w.start, w.goal);
    const lib = ara(w.grid, w.start, w.goal, octile(w.grid));
    expect(run.rounds.map((r) => r.eps)).toEqual([3, 2, 1.5, 1]);
    expect(run.rounds.map((r) => [r.cost, r.expansions, r.bound])).toEqual(lib.iterations.map((r) => [r.cost, r.expansions, r.bound]));
    const best = dijkstra(w.grid, w.start, w.goal).cost;
    expect(run.dijkstra).toBe(best);
    expect(run.rounds[3].cost).toBeCloseTo(best, 9);
    expect(run.rounds[3].bound).toBe(1);
    for (const r of run.rounds) {
      expect(r.cost).toBeLessThanOrEqual(r.bound * best + 1e-9);
      expect(r.expanded!.length).toBe(r.expansions);
    }
    expect(roundSummary(run, 3)).toContain('the last round matches it');
  });

  it('kitchen to bedroom: the early rounds pay 13.5 m, the last 13.1 m = Dijkstra', () => {
    const w = apartmentWorld();
    const run = runAraLane(w.grid, w.grid.id(21, 3), w.goal);
    expect(run.rounds.map((r) => +r.cost.toFixed(6))).toEqual([13.5, 13.5, 13.5, 13.1]);
    expect(run.rounds[3].cost).toBeCloseTo(run.dijkstra, 9);
    expect(roundSummary(run, 0)).toMatch(/^Round 1 \(ε = 3\): cost 13\.50, 54 expansions/);
  });

  it('says when ARA* proves optimality before the schedule ends', () => {
    const w = apartmentWorld();
    const run = runAraLane(w.grid, w.start, w.goal);
    expect(run.rounds.length).toBe(1);
    expect(run.status).toBe('found');
    expect(run.rounds[0].bound).toBe(1);
    expect(roundSummary(run, 0)).toContain('stopped early');
  });
});
