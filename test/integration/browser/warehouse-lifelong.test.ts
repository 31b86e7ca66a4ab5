import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { lifelong, type LifelongResult } from '#bestfirst/mapf';
import { fleetGrid } from '../../../web/src/warehouse/fleet-grid.js';
import { LIFELONG_SEED } from '../../../web/src/warehouse/fleet-life-options.js';
import { browserAvailability, canvasPixels, failWithoutBrowser, keepShot, openPage, reach, startSession, type Session } from './harness.js';

/**
 * Issue 33, the page's lifelong warehouse: the widget's lifelong mode runs
 * the library's `lifelong` in its worker and plays it back, its errand count
 * rising as it plays, and its chart gathers robots against throughput. Every
 * figure it shows is checked against `lifelong` run here in Node for the
 * same robots, steps and seed.
 */
const SUITE = 'test/integration/browser/warehouse-lifelong.test.ts (the warehouse widget\'s lifelong mode)';
const avail = browserAvailability(SUITE);
failWithoutBrowser(avail, 'warehouse lifelong browser tests');

describe.runIf(avail.run)('the warehouse widget\'s lifelong mode, in Chromium', () => {
  let session: Session;
  const problems: string[] = [];
  const grid = fleetGrid(readFileSync('data/mapf/warehouse-10-20-10-2-1.map', 'utf8'));
  /** The library, here in Node: `robots` robots for `steps` steps with the widget's seed, every position kept (each run once). */
  const runs = new Map<string, LifelongResult>();
  const library = (robots: number, steps: number) => {
    const key = `${robots} ${steps}`;
    if (!runs.has(key)) runs.set(key, lifelong(grid, { agents: robots, steps, seed: LIFELONG_SEED, positions: true }));
    return runs.get(key)!;
  };
  const open = async (width: number, height: number): Promise<Page> => {
    const page = await openPage(session.ctx, session.site.url, problems, { width, height });
    await reach(page, '#warehouse-widget');
    return page;
  };
  beforeAll(async () => { session = await startSession(); });
  afterAll(async () => { await session?.close(); });

  it('PIBT lifelong: the errands shown are the library\'s for the same seed, robots and steps, the count rises as it plays, the chart gets a point per run and per sweep, and all of it fits a 375 px phone', async () => {
    problems.length = 0;
    const page = await open(1280, 900);
    const root = page.locator('#warehouse-widget');
    await root.scrollIntoViewIfNeeded();
    const attr = async (name: string) => (await root.getAttribute(`data-${name}`)) ?? '';
    const settled = (robots: number) => expect.poll(async () => `${await attr('method')} ${await attr('robots')} ${await attr('status')}`, { timeout: 60_000 })
      .toBe(`lifelong-pibt ${robots} found`);
    // The batch plan the widget starts with, then the lifelong entry of the planner menu: a run of the same 30 robots.
    await expect.poll(() => attr('status'), { timeout: 60_000 }).toBe('found');
    const chart = root.locator('.wh-chart');
    expect(await chart.isVisible()).toBe(false);
    await root.locator('#wh-method').selectOption('lifelong-pibt');
    await settled(30);
    expect(await chart.isVisible()).toBe(true);
    expect(await root.locator('#wh-steps').isVisible()).toBe(true);
    expect(await root.locator('#wh-budget').isVisible(), 'PIBT takes no time budget').toBe(false);
    expect(await root.locator('.wh-life-legend').isVisible()).toBe(true);
    expect(await root.locator('.wh-legend').first().isVisible(), 'the batch planners\' key gives way').toBe(false);
    const steps = Number(await attr('life-steps'));
    expect(steps).toBe(500);

    // The library, here: the same robots, steps and seed.
    const lib = library(30, steps);
    expect(Number(await attr('seed'))).toBe(LIFELONG_SEED);
    expect(Number(await attr('tasks-done'))).toBe(lib.tasksDone);
    expect(Number(await attr('goals-reached'))).toBe(lib.goalsReached);
    expect(Number(await attr('throughput'))).toBe(lib.throughput);
    expect(lib.tasksDone, 'errands get done in 500 steps').toBeGreaterThan(0);
    expect(await root.locator('.wh-status').textContent()).toContain(`In all: ${lib.tasksDone} errands, ${lib.throughput.toFixed(1)} per 100 steps`);
    // The robots stand where the library's run has them: at the start, halfway and at the end.
    const at = (t: number) => root.evaluate((e, s) => (e as unknown as { lifelongAt(t: number): number[] | null }).lifelongAt(s), t);
    for (const t of [0, steps / 2, steps]) expect(await at(t), `step ${t}`).toEqual(Array.from(lib.positions![t]));

    // The count of errands done rises as the run plays: none at the start, the library's total at the end.
    expect(await attr('step')).toBe('0');
    expect(await attr('done-now')).toBe('0');
    await root.locator('.rp-speed').selectOption('4');
    await root.locator('.rp-play').click();
    await expect.poll(async () => Number(await attr('step')), { timeout: 20_000 }).toBeGreaterThan(20);
    await root.locator('.rp-play').click();
    const counts: number[] = [];
    for (const t of [100, 250, 400, steps]) {
      await root.locator('.rp-pos').fill(String(t));
      expect(await attr('step')).toBe(String(t));
      counts.push(Number(await attr('done-now')));
    }
    expect(counts[counts.length - 1]).toBe(lib.tasksDone);
    for (let j = 1; j < counts.length; j++) expect(counts[j]).toBeGreaterThanOrEqual(counts[j - 1]);
    expect(counts[0], 'the count rises').toBeLessThan(counts[counts.length - 1]);
    expect(await root.locator('.wh-status').textContent()).toContain(`Step ${steps} of ${steps}: ${lib.tasksDone} errands completed so far`);

    // Following a robot from the keyboard: its errand in words, and its way to its goal drawn in black.
    await root.locator('.rp-pos').fill('100');
    await root.locator('#wh-follow').focus();
    await page.keyboard.press('ArrowDown');
    expect(await attr('selected')).toBe('0');
    const goals = lib.goals[0];
    expect(goals).toContain(Number(await attr('goal')));
    expect(await root.locator('.wh-follow-out').textContent()).toMatch(/^Robot 1, step 100: at \(\d+,\d+\), on its errand \d+, heading for the (pick station|shelf spot|drop station) at/);
    expect((await canvasPixels(page, '#warehouse-widget canvas', '#000000')).near).toBeGreaterThan(20);

    // The chart: a point per run with the library's throughput (30 robots, then 60), then the sweep's points.
    const points = async () => (await chart.getAttribute('data-points'))!.split(',').filter(Boolean).map((s) => s.split(':').map(Number));
    expect(await points()).toEqual([[30, lib.throughput]]);
    await root.locator('#wh-robots').fill('60');
    await root.locator('#wh-robots').dispatchEvent('change');
    await settled(60);
    expect(Number(await attr('tasks-done'))).toBe(library(60, steps).tasksDone);
    expect(await points()).toEqual([[30, lib.throughput], [60, library(60, steps).throughput]]);
    expect(await root.locator('.wh-chart-point').count()).toBe(2);
    // The sweep fills in the robot counts not yet there, from 50 up, each as it comes; stopped after its first (50).
    await root.locator('.wh-sweep').click();
    expect(await attr('sweep')).toBe('running');
    expect(await root.locator('.wh-sweep').textContent(), 'the same button stops it').toBe('Stop the sweep');
    await expect.poll(async () => (await points()).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    await root.locator('.wh-sweep').click();
    expect(await attr('sweep')).toBe('stopped');
    const swept = (await points()).slice(0, 3);
    expect(swept.map(([r]) => r)).toEqual([30, 50, 60]);
    for (const [r, tp] of swept) expect(tp, `${r} robots`).toBe(library(r, steps).throughput);
    const top = swept.reduce((a, b) => (b[1] > a[1] ? b : a));
    expect(await root.locator('.wh-chart-words').textContent()).toContain(`The most, ${top[1].toFixed(1)}, came with ${top[0]} robots`);
    await keepShot(root, 'warehouse-lifelong-1280.png');

    // On a 375 px phone: nothing scrolls sideways, and the chart, the sweep and the steps menu fit.
    await page.setViewportSize({ width: 375, height: 812 });
    await root.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    for (const sel of ['.wh-chart', '.wh-sweep', '#wh-steps', '.wh-why']) {
      const box = (await root.locator(sel).boundingBox())!;
      expect(box.x >= 0 && box.x + box.width <= 375, `${sel} fits the phone`).toBe(true);
    }
    expect(await root.locator('.wh-chart svg').getAttribute('role')).toBe('img');
    await keepShot(root, 'warehouse-lifelong-375.png');
    expect(problems).toEqual([]);
    await page.close();
  });
});
