import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { Grid } from '#bestfirst';
import { lifelong } from '#bestfirst/mapf';
import { fleetGrid } from '../../../web/src/warehouse/fleet-grid.js';
import { tickStep } from '../../../web/src/warehouse/fleet-chart.js';
import { curveWords, peakOf, withPoint } from '../../../web/src/warehouse/fleet-curve.js';
import { isLifelong, LIFELONG_SEED, SWEEP_ROBOTS } from '../../../web/src/warehouse/fleet-life-options.js';
import { errandTimeline, runLifelong, sweepPoint, type CurvePoint } from '../../../web/src/warehouse/fleet-lifelong.js';
import { followedWords, goalAt, lifelongWords } from '../../../web/src/warehouse/lifelong-view.js';

const warehouse = fleetGrid(readFileSync('data/mapf/warehouse-10-20-10-2-1.map', 'utf8'));

describe('the warehouse widget\'s lifelong model', () => {
  it('errandTimeline counts, step by step, what a robot in a corridor does by hand', () => {
    // One robot on a corridor of 9 cells, pick at 0, shelf at 4, drop at 8 (the guide's example): it starts on the
    // pick station (goal reached at step 0), reaches the shelf at 4, the drop at 8 (errand 1), the pick at 16, the
    // shelf at 20 and the drop at 24 (errand 2).
    const corridor = Grid.fromAscii(['.........']);
    const r = lifelong(corridor, { agents: [0], steps: 24, stations: { pick: [0], shelf: [4], drop: [8] }, positions: true });
    const { legs, doneBy, reachedBy } = errandTimeline(r.positions!, r.goals);
    const reachedAt = [0, 4, 8, 16, 20, 24];
    for (let t = 0; t <= 24; t++) {
      expect(reachedBy[t], `goals by step ${t}`).toBe(reachedAt.filter((s) => s <= t).length);
      expect(doneBy[t], `errands by step ${t}`).toBe([8, 24].filter((s) => s <= t).length);
      expect(legs[t], `the goal headed for at step ${t}`).toBe(reachedBy[t]);
    }
    expect([doneBy[24], reachedBy[24]]).toEqual([r.tasksDone, r.goalsReached]);
  });

  it('errandTimeline moves a robot on past goals that are the cell it stands on, as lifelong does', () => {
    // Robot 0 stands on its first two goals at once (pick and shelf the same cell): both count at step 0.
    const { legs, reachedBy, doneBy } = errandTimeline([[5], [6], [7]], [[5, 5, 7, 1, 2, 3]]);
    expect(Array.from(reachedBy)).toEqual([2, 2, 3]);
    expect(Array.from(doneBy)).toEqual([0, 0, 1]);
    expect(Array.from(legs)).toEqual([2, 2, 3]);
  });

  it('runLifelong on the warehouse: the library\'s counts for the seed, and a timeline that ends on them', () => {
    const p = runLifelong(warehouse, 60, 500, 'lifelong-pibt');
    const lib = lifelong(warehouse, { agents: 60, steps: 500, seed: LIFELONG_SEED, positions: true });
    expect([p.tasksDone, p.goalsReached, p.throughput, p.steps, p.status]).toEqual([lib.tasksDone, lib.goalsReached, lib.throughput, lib.steps, lib.status]);
    expect(p.tasksDone).toBeGreaterThan(0);
    expect(p.doneBy[p.steps]).toBe(lib.tasksDone);
    expect(p.reachedBy[p.steps]).toBe(lib.goalsReached);
    expect(p.positions.length).toBe(501 * 60);
    for (const t of [0, 137, 500]) expect(Array.from(p.positions.subarray(t * 60, (t + 1) * 60))).toEqual(Array.from(lib.positions![t]));
    // The goal each robot heads for is the one it was given next, and the packed goal lists are the library's.
    for (let i = 0; i < 60; i++) {
      expect(Array.from(p.goalCells.data.subarray(p.goalCells.start[i], p.goalCells.start[i + 1]))).toEqual(lib.goals[i]);
      const { leg, cell } = goalAt(p, i, 500);
      expect(cell).toBe(lib.goals[i][leg]);
    }
    for (let t = 1; t <= 500; t++) expect(p.doneBy[t]).toBeGreaterThanOrEqual(p.doneBy[t - 1]);
    expect(p.stations.pick.length).toBe(61);
    expect(sweepPoint(warehouse, 60, 500)).toEqual({ robots: 60, steps: 500, tasksDone: lib.tasksDone, throughput: lib.throughput });
    const words = lifelongWords(p, 500);
    expect(words).toContain(`Step 500 of 500: ${lib.tasksDone} errands completed so far (${lib.goalsReached} goals reached)`);
    expect(words).toContain(`${lib.throughput.toFixed(1)} per 100 steps`);
    // Robot 1 begins its first errand at a pick station, in the map's leftmost free column.
    const pickX = warehouse.x(p.stations.pick[0]);
    expect(p.stations.pick.every((n) => warehouse.x(n) === pickX)).toBe(true);
    expect(followedWords(p, 0, 0, (n) => warehouse.formatXY(n))).toMatch(new RegExp(`^Robot 1, step 0: at \\(\\d+,\\d+\\), on its errand 1, heading for the pick station at \\(${pickX},\\d+\\); it has reached 0 goals and completed 0 errands\\.$`));
  });

  it('runLifelong with LaCAM* stops at its time budget and says so, its counts covering the steps run', () => {
    const p = runLifelong(warehouse, 20, 500, 'lifelong-lacam', { millis: 0 });
    expect(p.status).toBe('stopped');
    expect(p.steps).toBeLessThan(500);
    expect(p.doneBy[p.steps]).toBe(p.tasksDone);
    expect(lifelongWords(p, 0)).toContain(`budget ended the run after ${p.steps} of the 500 steps`);
  });

  it('the curve keeps one point per robot count, of one run length, in robot order; its peak and its words', () => {
    const pt = (robots: number, throughput: number, steps = 500): CurvePoint => ({ robots, steps, tasksDone: (throughput * steps) / 100, throughput });
    let c: CurvePoint[] = [];
    for (const p of [pt(400, 80), pt(100, 20), pt(1000, 110), pt(800, 150), pt(100, 21)]) c = withPoint(c, p);
    expect(c.map((p) => [p.robots, p.throughput])).toEqual([[100, 21], [400, 80], [800, 150], [1000, 110]]);
    expect(peakOf(c)!.robots).toBe(800);
    expect(peakOf([])).toBeNull();
    expect(curveWords(c)).toBe('4 runs of 500 steps: 100 robots 21.0, 400 robots 80.0, 800 robots 150.0, 1000 robots 110.0 errands per 100 steps. '
      + 'The most, 150.0, came with 800 robots, up from 21.0 with 100; with 1000 robots it is down to 110.0: past the peak, more robots get fewer errands done.');
    expect(curveWords(c.slice(0, 2))).toContain('add robots beyond it');
    expect(curveWords([])).toContain('No runs yet');
    // Another run length starts a new curve.
    expect(withPoint(c, pt(200, 30, 1000)).map((p) => p.robots)).toEqual([200]);
  });

  it('the chart\'s ticks are round and cover the axis in about four steps', () => {
    expect([tickStep(10), tickStep(40), tickStep(152.2), tickStep(200)]).toEqual([2.5, 10, 50, 50]);
    for (const max of [7, 33, 99, 151, 480]) {
      const s = tickStep(max);
      expect(Math.ceil(max / s)).toBeLessThanOrEqual(4);
      expect(Math.ceil(max / s)).toBeGreaterThanOrEqual(2);
    }
  });

  it('the menu\'s lifelong entries, and a sweep from 50 to the widget\'s 1,000 robots', () => {
    expect([isLifelong('lifelong-pibt'), isLifelong('lifelong-lacam'), isLifelong('pibt'), isLifelong('lacam')]).toEqual([true, true, false, false]);
    expect(SWEEP_ROBOTS[0]).toBe(50);
    expect(SWEEP_ROBOTS[SWEEP_ROBOTS.length - 1]).toBe(1000);
    expect([...SWEEP_ROBOTS].sort((a, b) => a - b)).toEqual(SWEEP_ROBOTS);
  });
});
