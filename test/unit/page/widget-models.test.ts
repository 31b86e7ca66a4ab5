import { describe, expect, it } from 'vitest';
import { bestFirst, dijkstra, Searcher, weightedAstar, octile, COST_TO_COME, HEURISTIC_ONLY, LINK_LENGTH, sum } from '#bestfirst';
import { ara } from '#bestfirst/repair';
import { doorClosesScenario, southRoomsWorld, lessonWorld } from '#bestfirst/worlds';
import { provenBounds, runAraLane } from '../../../web/src/ara-lane/ara-lane-model.js';
import { AGENTS, areaMap, areaRun } from '../../../web/src/areas/area-model.js';
import { closureWording, lastValidStep, repairedRouteWording, runApartment, runLatestValid } from '../../../web/src/replanner/apartment-model.js';
import { canvasSize, cellAt, cellCentre, cellRect, type GridLayout } from '../../../web/src/common/layout.js';
import { Player, type Scheduler } from '../../../web/src/common/player.js';
import { cellInfo } from '../../../web/src/common/scene.js';
import { labelSize, placeLabels } from '../../../web/src/common/shapes.js';
import { revealAnswer } from '../../../web/src/step-player/quiz.js';
import { firstEpsilonAboveDijkstra } from '../../../web/src/theater/first-epsilon.js';
import { OffFrameWork } from '../../../web/src/theater/off-frame-work.js';
import { PRESETS, presetCells } from '../../../web/src/theater/presets.js';
import { badgeEpsilon, EPSILONS, LANES, TheaterModel, type LaneId, type LaneRun } from '../../../web/src/theater/theater-model.js';
import { theaterWorld } from '../../../web/src/theater/theater-world.js';

const boxOf = (layout: GridLayout, n: number) => { const [x, y, c] = cellRect(layout, n); return { x, y, w: c, h: c }; };
const meets = (a: { x: number; y: number; w: number; h: number }, b: { x: number; y: number; w: number; h: number }) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

describe('layout: one mapping from cells to pixels, with a coordinate gutter', () => {
  it('cellAt inverts cellCentre at any shown size, gutter or not', () => {
    for (const layout of [{ width: 5, height: 6, cell: 40 }, { width: 5, height: 6, cell: 40, left: 44, top: 44, dpr: 2 }] as GridLayout[]) {
      const [w, h] = canvasSize(layout);
      for (let n = 0; n < 30; n++) {
        const [cx, cy] = cellCentre(layout, n);
        // Shown at half the backing size (a dpr of 2).
        expect(cellAt(layout, cx / 2, cy / 2, w / 2, h / 2)).toBe(n);
      }
      if (layout.left) expect(cellAt(layout, 10, 10, w, h), 'the gutter is no cell').toBe(-1);
    }
  });
});

describe('room labels: one painter, never on a marker', () => {
  const measure = (t: string) => t.length * 7;
  it('on every preset query of the theater, no label covers the start or the goal', () => {
    const { world, rooms } = theaterWorld();
    const labels = rooms.map((r) => ({ cell: r.cell, text: r.name }));
    for (const cell of [12, 20, 28]) {
      const layout: GridLayout = { width: world.grid.width, height: world.grid.height, cell };
      for (const p of PRESETS) {
        const { start, goal } = presetCells(world.grid, p);
        const placed = placeLabels(layout, labels, measure, [start, goal]);
        expect(placed.length).toBe(labels.length);
        for (const l of placed) {
          const box = { x: l.cx - l.w / 2, y: l.cy - l.h / 2, w: l.w, h: l.h };
          for (const m of [start, goal]) expect(meets(box, boxOf(layout, m)), `${l.text} on ${p.id} at cell ${cell}`).toBe(false);
        }
      }
    }
    // The case the issue saw: room B's label sat under the opening query's goal diamond.
    const goal = presetCells(world.grid, PRESETS[0]).goal;
    expect(rooms.find((r) => r.name === 'room B')!.cell - goal).toBe(1);
  });
  it('exercise 1\'s witness numbers stay off the diagonal\'s cells; text is never under 12 CSS px', () => {
    const layout: GridLayout = { width: 2, height: 2, cell: 180, dpr: 2 };
    const placed = placeLabels(layout, [{ cell: 3, text: 'step 1.4' }, { cell: 0, text: 'h ≈ 1.414' }], measure, [2, 1]);
    for (const l of placed) for (const m of [2, 1]) expect(meets({ x: l.cx - l.w / 2, y: l.cy - l.h / 2, w: l.w, h: l.h }, boxOf(layout, m))).toBe(false);
    expect(labelSize({ width: 24, height: 10, cell: 7 })).toBe(12);
    expect(labelSize({ width: 24, height: 10, cell: 80, dpr: 2 })).toBe(16);
  });
  it('crowded labels are dropped only when asked', () => {
    const layout: GridLayout = { width: 3, height: 1, cell: 10 };
    const many = [0, 1, 2].map((cell) => ({ cell, text: 'a long label' }));
    expect(placeLabels(layout, many, measure, [], true).length).toBeLessThan(3);
    expect(placeLabels(layout, many, measure, [], false).length).toBe(3);
  });
});

describe('replay state at step k', () => {
  const w = lessonWorld();
  const s = new Searcher(w.grid);
  s.search(w.start, w.goal, { heuristic: w.h, tieBreak: 'fifo', trace: true });
  const t = s.trace!;
  it('cellInfo: unreached, then open with the push\'s g, h, f, then closed', () => {
    const n = t.pops[3].node;
    const first = t.pushes.find((p) => p.node === n)!;
    expect(cellInfo(t, first.during, n).state).toBe('unreached');
    const open = cellInfo(t, first.during + 1, n);
    expect(open).toEqual({ state: 'open', g: first.g, h: first.h, f: first.f });
    expect(cellInfo(t, 4, n).state).toBe('closed');
  });
  it('the quiz reveals a skipped question\'s answer with its f', () => {
    const r = revealAnswer(t, 1, (n) => w.grid.formatXY(n));
    expect(r.answer).toBe(t.pops[1].node);
    // The second pop of the lesson is (1,0), at f 9 like every cell on the frontier then.
    expect(t.pops[1].f).toBe(9);
    expect(r.reason).toContain(`${w.grid.formatXY(t.pops[1].node)} (f 9)`);
  });
  it('Step at the end starts the replay over (a lane\'s Step at its initial state shows step 1)', () => {
    const s0: Scheduler = { request: () => 1, cancel: () => {} };
    const p = new Player(() => {}, s0);
    p.load(5);
    expect(p.k).toBe(5);
    p.step();
    expect(p.k).toBe(1);
    p.step(-1);
    expect(p.k).toBe(0);
  });
});

describe('the theater\'s model', () => {
  const world = southRoomsWorld(), g = world.grid, h = octile(g);
  it('the badge scan is the library\'s firstEpsilonAboveDijkstra when reopening, and follows the lane without it', () => {
    for (const p of PRESETS) {
      const { start, goal } = presetCells(g, p);
      expect(badgeEpsilon(g, start, goal, h, EPSILONS, true)).toBe(firstEpsilonAboveDijkstra(g, start, goal, h, EPSILONS));
      const best = dijkstra(g, start, goal).cost;
      const want = EPSILONS.find((e) => weightedAstar(g, start, goal, h, e, { reopen: false }).cost > best * (1 + 1e-9)) ?? null;
      expect(badgeEpsilon(g, start, goal, h, EPSILONS, false)).toBe(want);
    }
  });
  it('each preset\'s claim holds for the library\'s runs, and its sentence carries their numbers', () => {
    const m = new TheaterModel(theaterWorld().world);
    for (const p of PRESETS) {
      Object.assign(m, presetCells(g, p));
      m.eps = p.eps;
      const runs = m.runAll();
      const lane = Object.fromEntries(runs.map((r) => [r.id, r])) as Record<LaneId, LaneRun>;
      // The lanes are the engine with each lane's priority, no reopenings.
      for (const [i, pr] of [LINK_LENGTH, COST_TO_COME, HEURISTIC_ONLY, sum(p.eps)].entries()) {
        expect(runs[i].expansions, `${p.id}: ${LANES[i].id}`).toBe(bestFirst(g, m.start, m.goal, h, pr, { reopen: false }).expansions);
      }
      const text = p.claim({ lane, eps: p.eps, astarAtOne: m.astarAt(1), badge: m.badge() });
      const numbers: (string | number)[] = [];
      if (p.id === 'bfs') {
        expect(lane.bfs.cost).toBeGreaterThan(lane.dijkstra.cost);
        expect(lane.bfs.linkLength).toBeLessThan(lane.dijkstra.linkLength);
        numbers.push(`${lane.bfs.linkLength} links`, `${lane.dijkstra.linkLength} links`);
      } else if (p.id === 'greedy') {
        expect(lane.greedy.cost).toBeGreaterThan(lane.astar.cost);
        numbers.push(lane.greedy.expansions, lane.astar.expansions);
      } else if (p.id === 'weighted') {
        expect(lane.astar.expansions).toBeLessThan(m.astarAt(1).expansions);
        numbers.push(lane.astar.expansions, m.astarAt(1).expansions);
      } else {
        expect(lane.astar.cost).toBeCloseTo(lane.dijkstra.cost, 9);
        expect(m.badge()).not.toBeNull();
        numbers.push(lane.astar.expansions, lane.dijkstra.expansions, m.badge()!.toFixed(1));
      }
      for (const n of numbers) expect(text, p.id).toContain(String(n));
    }
  });
  it('the worker\'s job gives the badge and ARA*\'s rounds the main thread would have computed', () => {
    const m = new TheaterModel(theaterWorld().world);
    m.cells[g.id(7, 5)] = 1;
    m.cellsChanged();
    const work = new OffFrameWork(g);
    const r = work.run({ seq: 3, cells: m.cells, start: m.start, goal: m.goal, reopen: false });
    expect(r.seq).toBe(3);
    expect(r.badge).toBe(m.badge());
    const lib = ara(m.grid, m.start, m.goal, octile(m.grid));
    expect(r.ara.rounds.map((x) => x.cost)).toEqual(lib.iterations.map((x) => x.cost));
  });
});

describe('ARA*\'s proven bounds', () => {
  it('each round keeps the best lower bound so far: on the opening query round 2 proves 1.734, not 1.797 again', () => {
    const { world } = theaterWorld();
    const run = runAraLane(world.grid, world.start, world.goal);
    const b = provenBounds(run.rounds);
    expect(run.rounds[1].bound).toBeCloseTo(run.rounds[0].bound, 12); // what the library reports per round
    expect(b[1]).toBeCloseTo(run.rounds[1].cost / (run.rounds[0].cost / run.rounds[0].bound), 12);
    expect(b[1]).toBeLessThan(b[0]);
    const best = dijkstra(world.grid, world.start, world.goal).cost;
    run.rounds.forEach((r, i) => {
      expect(b[i]).toBeLessThanOrEqual(r.bound + 1e-12);
      expect(r.cost).toBeLessThanOrEqual(b[i] * best + 1e-9); // the tighter bound is still true
    });
    expect(b[b.length - 1]).toBe(1);
  });
});

describe('the Apartment replanner\'s words and steps', () => {
  it('the halfway closure blocks a cell of door A west, where Rusty stands: the plan backs out of it', () => {
    const s = doorClosesScenario({ closure: 'halfway', closeAt: 1 });
    expect(s.closure.door).toBe('A west');
    expect(closureWording(s)).toContain('one of the cells of door “A west”');
    const words = repairedRouteWording(s);
    expect(words).toMatch(/^back out of doorway “A west”/);
    expect(words).toContain('“A east”');
    expect(repairedRouteWording(doorClosesScenario({ closure: 'A west', closeAt: 1 }))).toMatch(/^through “A east”/);
  });
  it('a step past the closure falls back to the latest step before it; the slider ends there', () => {
    expect(runApartment('halfway', 7).ok).toBe(false);
    const r = runLatestValid('halfway', 7);
    expect(r.run.ok).toBe(true);
    expect(r.closeAt).toBe(4);
    expect(lastValidStep('halfway', 10)).toBe(4);
    expect(runLatestValid('halfway', 2).closeAt).toBe(2);
  });
});

it('issue 35.4, on the page\'s map: no agent\'s cheapest route or budget flood enters a wall', () => {
  const map = areaMap();
  const walls = [...map.grid.cells.keys()].filter((n) => map.grid.cells[n] === 1);
  expect(walls.length).toBe(11);
  for (const agent of AGENTS) {
    const run = areaRun(map, agent.filter, 40);
    expect(run.found.status, agent.name).toBe('found');
    for (const n of run.found.path ?? []) expect(map.grid.cells[n], `${agent.name} drives through the wall at (${n % map.grid.width},${Math.floor(n / map.grid.width)})`).toBe(0);
    for (const n of walls) expect(run.reach.g[n], `${agent.name}'s flood reaches the wall ${n}`).toBe(Infinity);
  }
});
