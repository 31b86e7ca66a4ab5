import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { findPath, flood, pathCost } from '#bestfirst';
import { anyAnglePath, filterAreas } from '#bestfirst/grid';
import { costmapToGrid, inflate } from '#bestfirst/costmap';
import { cbs, prioritizedPlan } from '#bestfirst/mapf';
import { checkMapfPlan } from '#bestfirst/mapf';
import { parseRosMap, worldToCell } from '#bestfirst/io';
import { COST_PENALTY, COST_SCALING, cropKnown, GOAL_XY, INFLATION_BEYOND, START_XY } from '../../../web/src/costmap/robot-model.js';
import { leeBoard } from '../../../web/src/lee/lee-model.js';
import { AGENTS, AREAS, areaFilter, areaMap, type Filter } from '../../../web/src/areas/area-model.js';
import { fleetGrid } from '../../../web/src/warehouse/fleet-grid.js';
import { fleetTasks } from '../../../web/src/warehouse/fleet-model.js';
import { browserAvailability, failWithoutBrowser, openPage, keepShot, reach, startSession, type Session, cellCentre } from './harness.js';

/**
 * Issue 15's "where this is used" section, widget by widget: each loads,
 * answers the reader, and shows the library's numbers for the same inputs
 * (computed here in Node, independently of the page's own code).
 */
const SUITE = 'test/integration/browser/where-used.test.ts (where grid search is used)';
const avail = browserAvailability(SUITE);
failWithoutBrowser(avail, 'where-used browser tests');

describe.runIf(avail.run)('where grid search is used, in Chromium', () => {
  let session: Session;
  const problems: string[] = [];
  /** The page at that size with `widgets` mounted. */
  const open = async (widgets: readonly string[], width = 1280, height = 900): Promise<Page> => {
    const page = await openPage(session.ctx, session.site.url, problems, { width, height });
    await reach(page, ...widgets);
    return page;
  };
  beforeAll(async () => { session = await startSession(); });
  afterAll(async () => { await session?.close(); });

  it('a robot\'s costmap: for each radius the A* and Theta* costs are the library\'s on the inflated map; a dropped obstacle is repaired by D* Lite to a fresh search\'s cost', async () => {
    problems.length = 0;
    const page = await open(['#robot-widget']);
    const root = page.locator('#robot-widget');
    await root.scrollIntoViewIfNeeded();
    const map = cropKnown(parseRosMap(readFileSync('data/ros/tb3_sandbox.yaml', 'utf8'), gunzipSync(readFileSync('data/ros/tb3_sandbox.pgm.gz')), 'tb3_sandbox.yaml'));
    const start = worldToCell(map, START_XY), goal = worldToCell(map, GOAL_XY);
    /** The library, here, from the map's bytes: Nav2's inflation for the radius, the weighted grid, A* and Theta*. */
    const library = (radius: number) => {
      const costmap = inflate(map, { inscribedRadius: radius, inflationRadius: radius + INFLATION_BEYOND, costScalingFactor: COST_SCALING });
      const grid = costmapToGrid(costmap, { costPenalty: COST_PENALTY });
      const found = findPath(grid, start, goal);
      return { astar: found.cost, path: found.path!, theta: anyAnglePath(grid, start, goal, { algorithm: 'theta' }).cost };
    };
    const shown = async () => ({ astar: Number(await root.getAttribute('data-astar')), theta: Number(await root.getAttribute('data-theta')), closest: Number(await root.getAttribute('data-closest')) });
    await expect.poll(() => root.getAttribute('data-astar'), { timeout: 30_000 }).not.toBeNull();
    for (const radius of [0.05, 0.11, 0.2]) {
      await root.locator('#rb-radius').fill(String(radius));
      expect(await root.getAttribute('data-radius')).toBe(radius.toFixed(2));
      const want = library(radius), got = await shown();
      expect(got.astar).toBeCloseTo(want.astar, 5);
      expect(got.theta).toBeCloseTo(want.theta, 5);
      expect(got.theta, 'Theta* never costs more than A*').toBeLessThanOrEqual(got.astar + 1e-9);
      // The robot's centre never comes within its inscribed radius of an obstacle.
      expect(got.closest, `radius ${radius}`).toBeGreaterThan(radius);
    }
    // Drop an obstacle on the A* path: D* Lite's repaired cost equals a fresh A* on the new costmap (the widget's data-astar).
    // On the path, halfway (the library's path at the last radius): a drop off the path left the cost as it was, so a
    // D* Lite never told of the change still matched the fresh search.
    const before = Number(await root.getAttribute('data-astar'));
    const canvas = root.locator('canvas');
    const box = (await canvas.boundingBox())!;
    const onPath = library(0.2).path;
    const mid = onPath[Math.floor(onPath.length / 2)];
    const { x, y } = cellCentre(box, map.width, map.height, mid);
    await page.mouse.click(x, y);
    await expect.poll(() => root.getAttribute('data-drops')).not.toBe('0');
    const after = Number(await root.getAttribute('data-astar'));
    expect(Number(await root.getAttribute('data-dstar'))).toBeCloseTo(after, 6);
    expect(after, 'the obstacle in the way makes the trip dearer').toBeGreaterThan(before + 1e-6);
    expect(Number(await root.getAttribute('data-repair-touched'))).toBeGreaterThan(0);
    await keepShot(root, `robot-1280.png`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("Lee's wave front: rings and wire lengths are breadth-first distances; a second wire placed by the reader goes round the first", async () => {
    problems.length = 0;
    const page = await open(['#lee-widget']);
    const root = page.locator('#lee-widget');
    await root.scrollIntoViewIfNeeded();
    const { grid, wires } = leeBoard();
    // The library, here: breadth-first distances from pin A on the 4-connected board.
    const fromA = flood(grid, wires[0].from);
    const d1 = fromA.g[wires[0].to];
    expect(await root.getAttribute('data-ring')).toBe('-1');
    const step = root.locator('.rp-step');
    // Ring by ring: after k + 1 steps every cell within k steps of A is labelled, and no other.
    for (let k = 0; k <= d1; k++) {
      await step.click();
      expect(await root.getAttribute('data-ring')).toBe(String(k));
      let within = 0;
      for (let n = 0; n < grid.size; n++) if (fromA.g[n] <= k) within++;
      expect(Number(await root.getAttribute('data-labelled')), `ring ${k}`).toBe(within);
    }
    expect(await root.locator('.lee-status').textContent()).toContain(`reached pin B, ${d1} steps from A`);
    await step.click(); // walk back
    expect(await root.getAttribute('data-length1')).toBe(String(d1));

    // The second wire: pins the reader places on either side of the first wire's column.
    const laid = new Set<number>();
    for (let n = wires[0].to; n !== -1; n = fromA.parent[n]) laid.add(n);
    const c = grid.id(2, 5), d = grid.id(16, 5);
    const board = grid.with({});
    for (const n of laid) board.setBlocked(n, true);
    const around = flood(board, c).g[d], alone = flood(grid, c).g[d];
    expect(around, 'the first wire is in the second one\'s way').toBeGreaterThan(alone);
    const canvas = root.locator('canvas');
    const box = (await canvas.boundingBox())!;
    const at = (n: number) => cellCentre(box, grid.width, grid.height, n);
    await page.mouse.click(at(c).x, at(c).y);
    await page.mouse.click(at(d).x, at(d).y);
    expect(await root.getAttribute('data-second')).toBe(`${c},${d}`);
    expect(await root.getAttribute('data-wire')).toBe('2');
    // Play the second wire to its end.
    for (let i = 0; i < 200 && (await root.getAttribute('data-length2')) === ''; i++) await step.click();
    expect(await root.getAttribute('data-length2')).toBe(String(around));
    expect(await root.locator('.lee-status').textContent()).toContain(`would take ${alone}: going round costs ${around - alone} more`);
    // A pin on the first wire is refused, with the reason.
    const onWire = [...laid].find((n) => n !== wires[0].from && n !== wires[0].to)!;
    await page.mouse.click(at(onWire).x, at(onWire).y);
    expect(await root.locator('.lee-note').textContent()).toContain('is taken');
    expect(await root.getAttribute('data-second')).toBe(`${c},${d}`);
    await keepShot(root, `lee-1280.png`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('area costs: each agent\'s filter reruns the search; the cost, its split by ground and the budgeted flood are the library\'s', async () => {
    problems.length = 0;
    const page = await open(['#area-widget']);
    const root = page.locator('#area-widget');
    await root.scrollIntoViewIfNeeded();
    const map = areaMap();
    /** The library, here: the filtered grid, its path, and the flood within the budget. */
    const library = (f: Filter, budget: number) => {
      const grid = filterAreas(map.grid, areaFilter(f));
      return { grid, found: findPath(grid, map.start, map.goal), reached: flood(grid, map.start, { radius: budget }).reached };
    };
    const check = async (f: Filter, budget: number) => {
      const want = library(f, budget);
      expect(await root.getAttribute('data-cost')).toBe(Number.isFinite(want.found.cost) ? want.found.cost.toFixed(6) : 'Infinity');
      expect(Number(await root.getAttribute('data-reached'))).toBe(want.reached);
      if (want.found.path) {
        const split = JSON.parse((await root.getAttribute('data-by-area'))!) as Record<string, number>;
        expect(Object.values(split).reduce((a, b) => a + b, 0)).toBeCloseTo(want.found.cost, 5); // each part written to 6 decimals
        // Each step's price (the library's, pathCost) goes to the ground of the cell it enters: a split that charged the
        // cell left summed to the same cost.
        const byGround: Record<string, number> = Object.fromEntries(AREAS.map((a) => [a.name, 0]));
        const p = want.found.path;
        for (let i = 1; i < p.length; i++) byGround[AREAS[map.grid.areas![p[i]]].name] += pathCost(want.grid, [p[i - 1], p[i]]);
        for (const a of AREAS) expect(split[a.name], `${JSON.stringify(f)}: the ${a.name} part`).toBeCloseTo(byGround[a.name], 5);
      }
      return want;
    };
    const costs = new Set<string>();
    for (const a of AGENTS) {
      await root.locator('.ac-agent', { hasText: a.name }).click();
      expect(await root.getAttribute('data-agent')).toBe(a.name);
      costs.add((await check(a.filter, 12)).found.cost.toFixed(6));
    }
    expect(costs.size, 'each agent pays differently for the same trip').toBe(AGENTS.length);
    // Costs in words with two decimals (nine digits of √2 read as noise), and the diagonal's price said.
    expect(await root.locator('.ac-path').textContent()).toMatch(/^Cheapest path: cost \d+\.\d\d over \d+ steps \(([a-z]+ \d+\.\d\d(, )?)+\), \d+ cells expanded\.$/);
    expect(await root.locator('.help').textContent()).toContain('diagonal step is √2');
    // The key names every mark the map draws, the darkened excluded ground and the flood's tint included.
    const keys = await root.locator('.ac-legend .ac-key').allTextContents();
    for (const want of [...AREAS.map((a) => a.name), 'wall', 'may not enter', 'flood budget', 'cheapest path', 'start', 'goal']) {
      expect(keys.some((k) => k.includes(want)), `the key names ${want}`).toBe(true);
    }
    // The hiker's path crosses no water; excluding mud too changes it, and its split has no mud.
    await root.locator('.ac-agent', { hasText: 'Hiker' }).click();
    await root.locator('#ac-mud').selectOption('excluded');
    const custom: Filter = { ...AGENTS[0].filter, mud: 'excluded' };
    expect(await root.getAttribute('data-agent')).toBe('custom');
    await check(custom, 12);
    expect(JSON.parse((await root.getAttribute('data-by-area'))!).mud).toBe(0);
    // The flood's budget: more budget, more cells, as the library counts them.
    for (const budget of [0, 5, 25]) {
      await root.locator('#ac-budget').fill(String(budget));
      await check(custom, budget);
    }
    // Excluding every way round: no path, said in words.
    await root.locator('#ac-grass').selectOption('excluded');
    await check({ ...custom, grass: 'excluded' }, 25);
    expect(await root.locator('.ac-path').textContent()).toContain('No path');
    await keepShot(root, `area-costs-1280.png`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('warehouse robots: prioritized planning and CBS give the library\'s sum of costs, makespan and lower bound; robots planned alone collide', async () => {
    problems.length = 0;
    const page = await open(['#warehouse-widget']);
    const root = page.locator('#warehouse-widget');
    await root.scrollIntoViewIfNeeded();
    const grid = fleetGrid(readFileSync('data/mapf/warehouse-10-20-10-2-1.map', 'utf8'));
    const scen = readFileSync('data/mapf/warehouse-10-20-10-2-1-random-1.scen', 'utf8');
    const settled = async (robots: number, method: string) => {
      await expect.poll(async () => [await root.getAttribute('data-robots'), await root.getAttribute('data-method'), await root.getAttribute('data-status')],
        { timeout: 60_000 }).toEqual([String(robots), method, method === 'independent' ? 'independent' : 'found']);
    };
    const shows = async (r: { sumOfCosts: number; makespan: number; lowerBound: number }) => {
      expect(Number(await root.getAttribute('data-sum'))).toBe(r.sumOfCosts);
      expect(Number(await root.getAttribute('data-makespan'))).toBe(r.makespan);
      expect(Number(await root.getAttribute('data-lower'))).toBe(r.lowerBound);
    };
    // Thirty robots, prioritized (the default).
    await settled(30, 'prioritized');
    const t30 = fleetTasks(grid, scen, 30);
    await shows(prioritizedPlan(grid, t30));
    expect(await root.getAttribute('data-conflicts')).toBe('0');
    // Ten robots, conflict-based search: the optimum, never above prioritized planning.
    await root.locator('#wh-robots').fill('10');
    await root.locator('#wh-robots').dispatchEvent('change');
    await root.locator('#wh-method').selectOption('cbs');
    await settled(10, 'cbs');
    const t10 = fleetTasks(grid, scen, 10);
    const opt = cbs(grid, t10);
    await shows(opt);
    expect(opt.sumOfCosts).toBeLessThanOrEqual(prioritizedPlan(grid, t10).sumOfCosts);
    // The same ten robots each planned alone: the lower bound exactly, and the library's checker finds the collisions.
    await root.locator('#wh-method').selectOption('independent');
    await settled(10, 'independent');
    const alone = t10.map((t) => findPath(grid, t.start, t.goal).path!);
    const sum = alone.reduce((s, p) => s + p.length - 1, 0);
    expect(Number(await root.getAttribute('data-sum'))).toBe(sum);
    expect(sum).toBe(opt.lowerBound);
    const verdict = checkMapfPlan(grid, t10, alone);
    expect(Number(await root.getAttribute('data-conflicts')) > 0).toBe(!verdict.ok);
    // The timeline: scrubbing shows another step.
    await root.locator('.rp-pos').fill('5');
    expect(await root.getAttribute('data-step')).toBe('5');
    await keepShot(root, `warehouse-1280.png`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("on a phone: every where-used widget fits, and Lee's board takes pins from the keyboard", async () => {
    problems.length = 0;
    const page = await open(['#robot-widget', '#lee-widget', '#area-widget', '#warehouse-widget'], 390, 844);
    const root = page.locator('#lee-widget');
    await root.scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const { grid, wires } = leeBoard();
    await root.locator('canvas').focus();
    // The cursor starts on pin C; one step right and Enter puts C there.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    expect(await root.getAttribute('data-second')).toBe(`${wires[1].from + 1},${wires[1].to}`);
    expect(grid.isBlocked(wires[1].from + 1)).toBe(false);
    await keepShot(root, `lee-390.png`);
    for (const [sel, name] of [['#area-widget', 'area-costs'], ['#robot-widget', 'robot'], ['#warehouse-widget', 'warehouse']] as const) {
      await page.locator(sel).scrollIntoViewIfNeeded();
      const box = (await page.locator(sel).boundingBox())!;
      expect(box.x + box.width, `${sel} fits the phone`).toBeLessThanOrEqual(390);
      await keepShot(page.locator(sel), `${name}-390.png`);
    }
    expect(problems).toEqual([]);
    await page.close();
  });
});
