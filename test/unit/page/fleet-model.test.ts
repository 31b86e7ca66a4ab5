import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { Grid, findPath } from '#bestfirst';
import { cbs, prioritizedPlan } from '#bestfirst/mapf';
import { fleetGrid } from '../../../web/src/warehouse/fleet-grid.js';
import { fleetTasks, soloMeetings, waitSteps } from '../../../web/src/warehouse/fleet-model.js';

/** Where a path is at step t (on its goal after its end). */
const at = (p: readonly number[], t: number) => p[Math.min(t, p.length - 1)];

describe('the warehouse model: waits and the meetings a plan resolved', () => {
  it('waitSteps lists the steps a path stays put before its last arrival, not the steps it rests on its goal', () => {
    expect(waitSteps([1, 2, 2, 3, 3, 3])).toEqual([2]);
    expect(waitSteps([5, 5, 6, 7])).toEqual([1]);
    expect(waitSteps([4, 5, 4, 5])).toEqual([]);
    expect(waitSteps([4])).toEqual([]);
    // Passing its goal, leaving, and coming back: the stay on the way counts, the stay at the end does not.
    expect(waitSteps([1, 2, 2, 1, 2, 2])).toEqual([2]);
  });

  it('soloMeetings: two robots swapping ends of a corridor with a bay; each one\'s path alone meets the other\'s planned one', () => {
    // The bay below the middle lets one robot step aside.
    const grid = Grid.fromAscii(['.....', '##.##'], { connectivity: 4 });
    const tasks = [{ start: grid.id(0, 0), goal: grid.id(4, 0) }, { start: grid.id(4, 0), goal: grid.id(0, 0) }];
    const plan = cbs(grid, tasks);
    expect(plan.status).toBe('found');
    const solo = tasks.map((t) => findPath(grid, t.start, t.goal).path!);
    const meetings = soloMeetings(plan.paths!, solo);
    // Whoever gave way, both robots' straight paths run into the other's plan somewhere in the corridor.
    expect(meetings[0].length).toBeGreaterThan(0);
    expect(meetings[1].length).toBeGreaterThan(0);
    for (const [i, list] of meetings.entries()) {
      for (const m of list) {
        expect(m.a).toBe(i);
        expect(m.b).toBe(1 - i);
        if (m.swap) {
          expect(at(solo[i], m.t)).toBe(m.cell);
          expect(at(plan.paths![m.b], m.t + 1)).toBe(m.cell);
          expect(at(plan.paths![m.b], m.t)).toBe(at(solo[i], m.t + 1));
        } else {
          expect(at(solo[i], m.t)).toBe(m.cell);
          expect(at(plan.paths![m.b], m.t)).toBe(m.cell);
        }
      }
    }
  });

  it('soloMeetings on the warehouse: every meeting listed is one, and a robot whose plan is its path alone meets no one only if the plan never crosses it', () => {
    const grid = fleetGrid(readFileSync('data/mapf/warehouse-10-20-10-2-1.map', 'utf8'));
    const tasks = fleetTasks(grid, readFileSync('data/mapf/warehouse-10-20-10-2-1-random-1.scen', 'utf8'), 30);
    const plan = prioritizedPlan(grid, tasks);
    const solo = tasks.map((t) => findPath(grid, t.start, t.goal).path!);
    const meetings = soloMeetings(plan.paths!, solo);
    let listed = 0;
    meetings.forEach((list, i) => {
      listed += list.length;
      for (const m of list) {
        expect(at(solo[i], m.t)).toBe(m.cell);
        expect(m.b).not.toBe(i);
        expect(at(plan.paths![m.b], m.swap ? m.t + 1 : m.t)).toBe(m.cell);
      }
      // Brute force: robot i's path alone against each other robot's plan, vertex meetings only.
      const horizon = Math.max(...plan.paths!.map((p) => p.length), solo[i].length);
      let vertex = 0;
      for (let t = 0; t < horizon; t++) for (let j = 0; j < plan.paths!.length; j++) if (j !== i && at(plan.paths![j], t) === at(solo[i], t)) vertex++;
      expect(list.filter((m) => !m.swap).length, `robot ${i}`).toBe(Math.min(vertex, 50));
    });
    expect(listed, 'thirty robots in the warehouse meet somewhere').toBeGreaterThan(0);
    // Prioritized planning's first robot is planned alone: its path is a shortest one, so it has no wait.
    expect(waitSteps(plan.paths![0])).toEqual([]);
  });
});
