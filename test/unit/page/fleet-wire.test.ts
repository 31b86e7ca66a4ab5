import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fleetGrid } from '../../../web/src/warehouse/fleet-grid.js';
import { planFleet } from '../../../web/src/warehouse/fleet-model.js';
import { meetingsOf, packPlan, row } from '../../../web/src/warehouse/fleet-wire.js';

describe('the warehouse plan as it crosses from the worker', () => {
  it('packPlan keeps every robot\'s path, waits and meetings, in buffers it hands over whole', () => {
    const grid = fleetGrid(readFileSync('data/mapf/warehouse-10-20-10-2-1.map', 'utf8'));
    const scen = readFileSync('data/mapf/warehouse-10-20-10-2-1-random-1.scen', 'utf8');
    const plan = planFleet(grid, scen, 30, 'prioritized');
    expect(plan.status).toBe('found');
    const { wire, transfer } = packPlan(plan);
    const paths = plan.paths!;
    expect(wire.paths!.start.length).toBe(paths.length + 1);
    paths.forEach((p, i) => {
      expect(Array.from(row(wire.paths!, i))).toEqual(p);
      expect(Array.from(row(wire.waits, i))).toEqual(plan.waits[i]);
      expect(meetingsOf(wire.meetings, i)).toEqual(plan.meetings[i]);
    });
    // Some robot has meetings, so their packing is exercised.
    expect(plan.meetings.some((m) => m.length > 0)).toBe(true);
    expect(transfer).toHaveLength(6);
    expect(new Set(transfer).size).toBe(6);
    // Without a plan: no path rows, and empty waits and meetings.
    const none = packPlan({ ...plan, paths: null, waits: [], meetings: [] });
    expect(none.wire.paths).toBeNull();
    expect(none.transfer).toHaveLength(4);
  });
});
