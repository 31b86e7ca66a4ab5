import { describe, expect, test } from 'vitest';
import { apartmentCommand } from '../../../cli/apartment.js';
import { UsageError } from '../../../cli/io.js';
import { astar, dijkstra } from '#bestfirst';
import {
  apartmentWorld, southRoomsWorld, GOAL_B, START_A, doorClosesScenario, doorsOnPath, halfwayDoorways, halfwayIndex,
  naiveOpening,
} from '#bestfirst/worlds';
import { collect } from '../../support/cli-io.js';

const p = (x: number, y: number) => ({ x, y });

describe('the Apartment raster', () => {
  const w = apartmentWorld();
  const { grid, cspace } = w;
  const at = (x: number, y: number) => cspace.cellAt(p(x, y));

  test('24 x 16 cells of 0.5 m, 8-connected, 1/1.4 metric in metres, no corner cutting', () => {
    expect([grid.width, grid.height, grid.cellSize, grid.diagonalCost, grid.connectivity, grid.diagonalRule]).toEqual([24, 16, 0.5, 1.4, 8, 'no-corner-cutting']);
  });

  test('hand-computed cells at the A east door and its jambs', () => {
    // The wall y = 3.5 (0.1 m thick) blocks the rows centred at 3.25 and 3.75 (0.2 m from its faces).
    // A east opens 2.8..3.7 m: the cells centred at x = 3.25 are 0.45 m from either jamb: free.
    expect(w.doors.find((d) => d.name === 'A east')!.cells.sort((a, b) => a - b)).toEqual([at(3.25, 3.75), at(3.25, 3.25)]);
    expect(grid.isBlocked(at(3.25, 3.25))).toBe(false);
    // x = 2.75 and 3.75 are inside the jambs' length: 0.2 m from the face, blocked.
    expect(grid.isBlocked(at(2.75, 3.25))).toBe(true);
    expect(grid.isBlocked(at(3.75, 3.75))).toBe(true);
    // A row further out (0.45 m from the face): free on both sides.
    expect(grid.isBlocked(at(2.75, 2.75))).toBe(false);
    expect(grid.isBlocked(at(3.75, 4.25))).toBe(false);
  });

  test('hand-computed cells at the corner of room A (outer walls 0.2 m, A|B 0.1 m)', () => {
    // South-west corner: the first free cell is centred at (0.75, 0.75), 0.65 m from both faces.
    expect(grid.isBlocked(at(0.25, 0.75))).toBe(true); // 0.15 m from the west face
    expect(grid.isBlocked(at(0.75, 0.25))).toBe(true);
    expect(grid.isBlocked(at(0.75, 0.75))).toBe(false);
    // The corner where A|B meets the corridor wall: (4.25, 2.75) is 0.7 and 0.45 m from the faces: free;
    // (4.75, 2.75) is 0.2 m from A|B: blocked.
    expect(grid.isBlocked(at(4.25, 2.75))).toBe(false);
    expect(grid.isBlocked(at(4.75, 2.75))).toBe(true);
  });

  test('every door is wide enough: exactly one cell across, two deep, free while open', () => {
    for (const d of w.doors) {
      expect(d.cells.length, d.name).toBe(2);
      for (const c of d.cells) expect(grid.isBlocked(c), d.name).toBe(false);
      expect(grid.x(d.cells[0])).toBe(grid.x(d.cells[1]));
    }
  });

  test('every room is reachable from the start with all doors open', () => {
    for (const r of w.rooms) {
      expect(grid.isBlocked(r.labelCell), r.name).toBe(false);
      expect(dijkstra(grid, w.start, r.labelCell).status, r.name).toBe('found');
    }
    // and the labels sit in their rooms
    for (const r of w.rooms) expect(cspace.roomOf(r.labelCell)).toBe(r.name);
  });

  test('two routes to the bedroom through different doors: closing any one door leaves another way', () => {
    const first = astar(grid, w.start, w.goal, w.h).path!;
    const used = doorsOnPath(w, first);
    expect(used).toEqual(['A west', 'bedroom west']);
    for (const door of used) {
      const shut = apartmentWorld({ closed: [door] });
      const r = astar(shut.grid, shut.start, shut.goal, shut.h);
      expect(r.status, door).toBe('found');
      const other = doorsOnPath(shut, r.path!);
      expect(other, door).not.toContain(door);
    }
    // With both of room A's doors shut, the bedroom is cut off: there are two routes, not more hidden ones.
    const sealed = apartmentWorld({ closed: ['A west', 'A east'] });
    expect(astar(sealed.grid, sealed.start, sealed.goal, sealed.h).status).toBe('unreachable');
  });

  test('the plan from room A to the bedroom has a doorway at its middle on most starts', () => {
    const stats = halfwayDoorways(w);
    // Reported: 27 of the 40 starts in room A (0.675).
    expect(stats).toMatchObject({ starts: 40, inDoorway: 27 });
    expect(stats.fraction).toBeGreaterThan(0.5);
    // And on the default start, the halfway cell is the A west doorway.
    const plan = astar(grid, w.start, w.goal, w.h).path!;
    expect(w.doors.find((d) => d.cells.includes(plan[halfwayIndex(grid, plan)]))?.name).toBe('A west');
  });

  test('the south rooms and corridor world: 24 x 10, the same cells as the whole raster below y = 5 m', () => {
    const s = southRoomsWorld();
    expect([s.grid.width, s.grid.height]).toEqual([24, 10]);
    expect(s.grid.toAscii()[0]).toBe('#'.repeat(24)); // the corridor's north wall, its doors shut
    expect(s.rooms.map((r) => r.name)).toEqual(['room A', 'room B', 'bath', 'corridor']);
    expect(s.doors.map((d) => d.name)).toEqual(['A west', 'A east', 'B', 'bath']);
    expect(s.start).toBe(s.cspace.cellAt(START_A));
    expect(s.goal).toBe(s.cspace.cellAt(GOAL_B));
    const full = grid.toAscii().slice(6), south = s.grid.toAscii();
    expect(south.slice(1)).toEqual(full.slice(1));
    expect(astar(s.grid, s.start, s.goal, s.h).status).toBe('found');
  });
});

describe('the naive controller', () => {
  test('wedges against A|B 2.2 m from the goal, the A east doorway 2 m behind and to its left', () => {
    const n = naiveOpening();
    const { cspace, grid } = n.world;
    expect(n.reached).toBe(false);
    expect(n.stopPoint).toEqual(p(4.25, 1.75));
    expect(grid.isBlocked(n.blockedBy)).toBe(true);
    expect(n.distance).toBeCloseTo(Math.sqrt(5), 12); // 2 m east, 1 m north: 2.236 m, the chapter's 2.2
    expect(n.distance.toFixed(1)).toBe('2.2');
    expect(n.nearestDoor!.name).toBe('A east');
    expect(n.nearestDoor!.distance).toBeCloseTo(Math.hypot(1, 1.75), 12);
    expect(n.nearestDoor!.relativeBearing).toBeGreaterThan(90); // behind ...
    expect(n.nearestDoor!.relativeBearing).toBeLessThan(180); // ... and to the left
    // It drove in a straight-ish line: every step got closer to the goal.
    const g = cspace.centre(n.world.goal);
    const d = n.path.map((c) => Math.hypot(cspace.centre(c).x - g.x, cspace.centre(c).y - g.y));
    for (let i = 1; i < d.length; i++) expect(d[i]).toBeLessThan(d[i - 1]);
  });
});

describe('a door closes en route', () => {
  test('the halfway doorway closes: Rusty notices next to it, D* Lite repairs, it drives through a different door', () => {
    const s = doorClosesScenario({ closeAt: 1 });
    const g = s.world.grid;
    expect(s.closure.door).toBe('A west');
    expect(s.initialDoors).toEqual(['A west', 'bedroom west']);
    expect(s.noticeStep).toBeGreaterThan(s.closeAt);
    const at = s.steps[s.noticeStep].robot;
    expect(s.closure.cells.some((c) => Math.abs(g.x(c) - g.x(at)) <= 1 && Math.abs(g.y(c) - g.y(at)) <= 1)).toBe(true);
    expect(s.driven[s.driven.length - 1]).toBe(s.goal);
    for (const c of s.closure.cells) expect(s.driven.slice(s.noticeStep)).not.toContain(c);
    // The rest of the drive leaves by a door the first plan did not use.
    expect(s.doorsAfter.some((d) => !s.initialDoors.includes(d))).toBe(true);
    expect(s.doorsAfter).toContain('A east');
    expect(s.repairedCost).toBeGreaterThan(s.initialCost - 1e-9);
    expect(s.repair!.pops).toBeGreaterThan(0);
    expect(s.steps[s.noticeStep].footprint.length).toBe(s.repair!.touched);
  });

  const cases: [string, number][] = [['halfway', 0], ['halfway', 3], ['room', 0], ['room', 1], ['corridor', 2], ['A west', 1], ['bedroom west', 4], ['A east', 0], ['kitchen', 0]];
  test.each(cases)('closure %s at step %i: after every step the remaining cost equals a fresh A*', (closure, closeAt) => {
    const s = doorClosesScenario({ closure, closeAt });
    expect(s.steps.length).toBe(s.driven.length);
    for (const st of s.steps) {
      expect(st.cost, `step ${st.step}`).toBeCloseTo(st.freshCost, 9);
      expect(st.plan[0]).toBe(st.robot);
      expect(st.plan[st.plan.length - 1]).toBe(s.goal);
    }
    expect(s.driven[s.driven.length - 1]).toBe(s.goal);
  });

  test('in the room, the repair is small; at the door and the corridor it is not (figures pinned)', () => {
    const fig = (closure: string, closeAt: number) => {
      const s = doorClosesScenario({ closure, closeAt });
      return [s.repair!.pops, s.repair!.touched, s.freshExpansions, s.freshDStarPops];
    };
    expect(fig('room', 0)).toEqual([1, 4, 12, 15]);
    expect(fig('halfway', 1)).toEqual([68, 69, 28, 50]);
    expect(fig('corridor', 1)).toEqual([74, 77, 29, 55]);
  });

  test('bad steps and closures are RangeErrors that say what to choose', () => {
    expect(() => doorClosesScenario({ closeAt: 9 })).toThrow(/closeAt 9: Rusty is already past the closure .* choose 0\.\.4/);
    expect(() => doorClosesScenario({ closeAt: -1 })).toThrow(/closeAt must be an integer step in 0\.\.10/);
    expect(() => doorClosesScenario({ closure: 'window' })).toThrow(/closure must be one of halfway, room, corridor or a door \(A west, /);
  });
});

describe('bestfirst apartment', () => {
  const run = (args: string[]) => {
    const c = collect();
    const code = apartmentCommand(args, c.io);
    return { code, text: [...c.out, ...c.err].join('\n') };
  };

  test('prints both maps, the naive result and the repair-versus-redo figures', () => {
    const { code, text } = run([]);
    expect(code).toBe(0);
    expect(text).toContain('2.2 m from the goal through the wall (2.236 m)');
    expect(text).toContain('nearest doorway: A east, 2.0 m away');
    expect(text).toContain('##X###*#######D######D##');
    expect(text).toMatch(/repair: 68 pops, 69 vertices touched/);
    expect(text).toMatch(/fresh A\* from \(2,9\): 28 expansions/);
    expect(text).toContain("remaining cost equals a fresh A*'s at all 20 steps: yes");
  });

  test('--door and --close-at; bad values are usage errors', () => {
    expect(run(['--door', 'room', '--close-at', '0']).text).toMatch(/repair: 1 pops, 4 vertices touched/);
    expect(() => run(['--close-at', 'x'])).toThrow(UsageError);
    expect(() => run(['--close-at', '9'])).toThrow(/--close-at 9: Rusty is already past/);
    expect(() => run(['--door', 'window'])).toThrow(/--door must be one of/);
  });
});
