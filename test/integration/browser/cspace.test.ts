import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPath } from '#bestfirst';
import { CSpace, Footprint, FootprintSlices, type FloorPlan, type Point } from '#bestfirst/cspace';
import { apartmentPlan } from '#bestfirst/worlds';
import { CART, CSPACE_COLORS, DISC_GOAL, DISC_START, FINE, HEADINGS, RADIUS, SHOWN_BINS, SLICE_GOAL, SLICE_REGION, SLICE_START } from '../../../web/src/cspace/cspace-model.js';
import { browserAvailability, failWithoutBrowser, keepShot, openPage, reach, shownPixels, startSession, type Session } from './harness.js';

/**
 * Issue 31, item 5: the configuration-space section. The round robot's
 * figure shows the library's raster and A* cost for the radius the reader
 * sets, and says no route from the radius at which the library's raster
 * has none; the cart's heading slices are the library's FootprintSlices.
 * Every number is computed here in Node from the library, not from the
 * page's model (only its constants: the query, the cell size, the cart).
 * One desktop page and one phone page.
 */
const SUITE = 'test/integration/browser/cspace.test.ts (configuration space)';
const avail = browserAvailability(SUITE);
failWithoutBrowser(avail, 'configuration-space browser tests');

const hex = (h: string) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
const dist = (a: readonly number[], b: readonly number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** The library's answer for one radius: free cells, A*'s cost (Infinity for none), the raster. Kept: each costs a raster. */
const discs = new Map<number, ReturnType<typeof rasterFor>>();
function disc(plan: FloorPlan, r: number): ReturnType<typeof rasterFor> {
  let d = discs.get(r);
  if (!d) discs.set(r, d = rasterFor(plan, r));
  return d;
}
function rasterFor(plan: FloorPlan, r: number) {
  const c = new CSpace(plan, { resolution: FINE, radius: r });
  let free = 0;
  for (let n = 0; n < c.grid.size; n++) if (!c.grid.isBlocked(n)) free++;
  const found = findPath(c.grid, c.cellAt(DISC_START), c.cellAt(DISC_GOAL));
  return { c, free, cost: found.cost, path: found.status === 'found' ? found.path : [] };
}

/**
 * Cells of a raster whose centre pixel shows the raster alone: no wall on the
 * centre (clearance above half a cell), and nothing drawn over it (more than
 * `margin` metres from the route, the start and the goal). Every 7th such cell.
 */
function plainCells(plan: FloorPlan, frame: { centre(n: number): Point; width: number; height: number }, over: readonly Point[], margin: number): number[] {
  const out: number[] = [];
  for (let n = 0; n < frame.width * frame.height; n += 7) {
    const p = frame.centre(n);
    if (plan.clearance(p) <= FINE / 2) continue;
    if (over.some((q) => Math.hypot(q.x - p.x, q.y - p.y) < margin)) continue;
    out.push(n);
  }
  return out;
}

/** The colour of the centre pixel of each cell n of a canvas `cols` cells wide (its backing store, no gutter). */
function centrePixels(page: Page, selector: string, cols: number, cells: readonly number[]): Promise<number[][]> {
  return page.evaluate(([sel, w, ns]) => {
    const c = document.querySelector(sel) as HTMLCanvasElement;
    const copy = document.createElement('canvas');
    copy.width = c.width; copy.height = c.height;
    const cx = copy.getContext('2d', { willReadFrequently: true })!;
    cx.drawImage(c, 0, 0);
    const cell = c.width / w;
    return ns.map((n) => {
      const x = Math.floor(((n % w) + 0.5) * cell), y = Math.floor((Math.floor(n / w) + 0.5) * cell);
      return Array.from(cx.getImageData(x, y, 1, 1).data.slice(0, 3));
    });
  }, [selector, cols, cells] as const);
}

/** Machado, Oliveira and Fernandes's (2009) simulation matrices at full severity, applied in linear RGB. */
const CVD = {
  deuteranopia: '0.367322 0.860646 -0.227968 0 0  0.280085 0.672501 0.047413 0 0  -0.011820 0.042940 0.968881 0 0  0 0 0 1 0',
  protanopia: '0.152286 1.052583 -0.204868 0 0  0.114503 0.786281 0.099216 0 0  -0.003882 -0.048116 1.051998 0 0  0 0 0 1 0',
} as const;

describe.runIf(avail.run)('configuration space, in Chromium', () => {
  let session: Session;
  const problems: string[] = [];
  const plan = apartmentPlan();
  beforeAll(async () => { session = await startSession(); });
  afterAll(async () => { await session?.close(); });

  it('desktop: the radius gives the library\'s raster and A* cost, the route closes where the library says, the heading slices are the library\'s, every mark has a key and the colours survive colour-blind simulation', async () => {
    problems.length = 0;
    const page = await openPage(session.ctx, session.site.url, problems, { width: 1280, height: 900 });
    const root = page.locator('#cspace-widget');
    await reach(page, '#cspace-widget');
    // The closing radius and the slices are worked out after the mount, one piece per idle moment.
    await expect.poll(() => root.getAttribute('data-settled'), { timeout: 30_000 }).toBe('true');
    const slider = root.locator('#cs-radius');
    const settle = async (r: number) => { await expect.poll(() => root.getAttribute('data-radius')).toBe(r.toFixed(2)); };
    const cols = Math.round(plan.width / FINE);

    // 1. Each radius: the library's free cells and A* cost, and the figure's cells the library's blocked/free.
    for (const r of [0.1, 0.25, 0.4]) {
      await slider.fill(String(r));
      await settle(r);
      const want = disc(plan, r);
      expect(Number(await root.getAttribute('data-free')), `free cells at r = ${r}`).toBe(want.free);
      expect(Number(await root.getAttribute('data-cost')), `A* cost at r = ${r}`).toBeCloseTo(want.cost, 6);
      expect(await root.locator('.cs-readout').textContent()).toContain(`${want.cost.toFixed(2)} m`);
      const over = [DISC_START, DISC_GOAL, ...want.path.map((n) => want.c.centre(n))];
      const cells = plainCells(plan, want.c, over, r + 0.25);
      expect(cells.length).toBeGreaterThan(300);
      const px = await centrePixels(page, '#cspace-widget canvas.cs-disc', cols, cells);
      const wrong = cells.filter((n, i) => dist(px[i], hex(want.c.grid.isBlocked(n) ? CSPACE_COLORS.grown : CSPACE_COLORS.free)) > 6);
      expect(wrong.map((n) => want.c.grid.formatXY(n)), `cells drawn unlike the library's raster at r = ${r}`).toEqual([]);
    }
    // Growing r costs more: the route keeps further from the door frames.
    expect(disc(plan, 0.4).cost).toBeGreaterThan(disc(plan, 0.1).cost + 0.2);

    // 2. The doorway closes at the first radius with no route, scanned here step by step.
    expect(disc(plan, 0.4).cost).toBeLessThan(Infinity);
    let closes = 0.4;
    while (Number.isFinite(disc(plan, closes).cost)) closes = Math.round((closes + RADIUS.step) * 100) / 100;
    expect(closes, 'the 0.9 m doorways: 0.45 m touches both frames and fits').toBeCloseTo(0.46, 9);
    expect(await root.getAttribute('data-closes')).toBe(closes.toFixed(2));
    const before = Math.round((closes - RADIUS.step) * 100) / 100;
    await slider.fill(String(before));
    await settle(before);
    expect(Number(await root.getAttribute('data-cost'))).toBeCloseTo(disc(plan, before).cost, 6);
    // The keyboard: one arrow step closes it.
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await settle(closes);
    expect(await root.getAttribute('data-cost')).toBe('none');
    expect(await root.locator('.cs-readout').textContent()).toContain(`No route: the doorway closed at r = ${closes.toFixed(2)} m`);
    expect(await root.locator('.cs-readout').textContent()).not.toContain('A*’s route');
    await keepShot(root, 'cspace-closed-1280.png');
    // A drag: from the thumb to the slider's left end gives the smallest radius and a route again.
    const box = (await slider.boundingBox())!;
    const at = (RADIUS.max - closes) / (RADIUS.max - RADIUS.min);
    await page.mouse.move(box.x + box.width * (1 - at) - 1, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 });
    await page.mouse.move(box.x - 20, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await settle(RADIUS.min);
    expect(Number(await root.getAttribute('data-cost'))).toBeCloseTo(disc(plan, RADIUS.min).cost, 6);

    // 3. The cart's slices: free cells, cost at each fixed heading, and the drawn cells, the library's.
    const slices = new FootprintSlices(plan, Footprint.rectangle(CART.length, CART.width), { resolution: FINE, headings: HEADINGS, region: SLICE_REGION });
    const start = slices.cellAt(SLICE_START), goal = slices.cellAt(SLICE_GOAL);
    const doorway = slices.cellAt({ x: 3.25, y: 3.55 }); // room A's east doorway
    const seen = new Set<string>();
    for (const k of SHOWN_BINS) {
      const found = findPath(slices.grid(k), start, goal);
      expect(Number(await root.getAttribute(`data-free${k}`)), `free cells at bin ${k}`).toBe(slices.freeCount(k));
      const cost = await root.getAttribute(`data-cost${k}`);
      if (found.status === 'found') expect(Number(cost), `cost at bin ${k}`).toBeCloseTo(found.cost, 6);
      else expect(cost, `bin ${k}: no route`).toBe('none');
      const sel = `#cspace-widget canvas.cs-slice[data-bin="${k}"]`;
      const over = [SLICE_START, SLICE_GOAL, ...(found.status === 'found' ? found.path.map((n) => slices.centre(n)) : [])];
      const cells = [...plainCells(plan, slices, over, CART.length / 2 + 0.2), doorway];
      const px = await centrePixels(page, sel, slices.width, cells);
      const wrong = cells.filter((n, i) => dist(px[i], hex(slices.isBlocked(k, n) ? CSPACE_COLORS.grown : CSPACE_COLORS.free)) > 6);
      expect(wrong.length, `bin ${k}: cells drawn unlike the library's slice`).toBe(0);
      seen.add(Array.from(slices.blocked(k)).join(''));
    }
    // The slices differ, and where the library says: the doorway shuts facing east and opens facing north.
    expect(seen.size).toBeGreaterThan(2);
    expect(slices.isBlocked(0, doorway)).toBe(true);
    expect(slices.isBlocked(2, doorway)).toBe(false);
    expect(await root.getAttribute('data-cost0')).toBe('none');

    // 4. A key for every mark, in words that name it.
    const keys = (await root.locator('.cs-key span').allTextContents()).join(' | ');
    for (const word of ['walls', 'grown by r', 'free', 'route', 'the robot, to scale', 'the goal', 'the cart']) expect(keys).toContain(word);

    // 5. Colour-blind simulation: the marks' colours, read where the plain figure shows them, stay apart through the filter.
    await slider.fill('0.25');
    await settle(0.25);
    const marks = { free: CSPACE_COLORS.free, grown: CSPACE_COLORS.grown, wall: CSPACE_COLORS.wall, path: CSPACE_COLORS.path, robot: CSPACE_COLORS.robot, goal: CSPACE_COLORS.goal };
    const sel = '#cspace-widget canvas.cs-disc';
    const where = await shownPixels(page, sel, (d, w, _h, want: Record<string, number[]>) => {
      const out: Record<string, number[]> = {};
      for (const [name, c] of Object.entries(want)) {
        const at: number[] = [];
        for (let i = 0; i < d.length && at.length < 200; i += 4 * 7) {
          if (Math.abs(d[i] - c[0]) + Math.abs(d[i + 1] - c[1]) + Math.abs(d[i + 2] - c[2]) <= 3) at.push(i);
        }
        out[name] = at;
      }
      void w;
      return out;
    }, Object.fromEntries(Object.entries(marks).map(([k, h]) => [k, hex(h)])));
    for (const [name, at] of Object.entries(where)) expect(at.length, `${name}: pixels of its exact colour in the plain figure`).toBeGreaterThan(20);
    await page.evaluate((matrices) => {
      const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      svg.setAttribute('width', '0'); svg.setAttribute('height', '0'); svg.style.position = 'absolute';
      svg.innerHTML = Object.entries(matrices).map(([id, m]) => `<filter id="cvd-${id}" color-interpolation-filters="linearRGB"><feColorMatrix type="matrix" values="${m}"/></filter>`).join('');
      document.body.append(svg);
    }, CVD);
    for (const kind of Object.keys(CVD)) {
      await page.locator(sel).evaluate((c, k) => { (c as HTMLElement).style.filter = `url(#cvd-${k})`; }, kind);
      const seenAs = await shownPixels(page, sel, (d, _w, _h, at: Record<string, number[]>) => {
        const out: Record<string, number[]> = {};
        for (const [name, idx] of Object.entries(at)) {
          const med = (ch: number) => idx.map((i) => d[i + ch]).sort((a, b) => a - b)[idx.length >> 1];
          out[name] = [med(0), med(1), med(2)];
        }
        return out;
      }, where);
      // The filter did something: white stays white, the yellow changes.
      expect(dist(seenAs.free, [255, 255, 255])).toBeLessThan(8);
      expect(dist(seenAs.goal, hex(CSPACE_COLORS.goal)), `${kind}: the filter applied`).toBeGreaterThan(30);
      const names = Object.keys(seenAs);
      for (let i = 0; i < names.length; i++) for (let j = i + 1; j < names.length; j++) {
        expect(dist(seenAs[names[i]], seenAs[names[j]]), `${kind}: ${names[i]} ${JSON.stringify(seenAs[names[i]])} against ${names[j]} ${JSON.stringify(seenAs[names[j]])}`).toBeGreaterThan(40);
      }
      await keepShot(root, `cspace-${kind}-1280.png`);
    }
    await page.locator(sel).evaluate((c) => { (c as HTMLElement).style.filter = ''; });
    await keepShot(root, 'cspace-1280.png');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('phone: the section fits 390 px, nothing scrolls sideways, and all four heading slices show', async () => {
    problems.length = 0;
    const page = await openPage(session.ctx, session.site.url, problems, { width: 390, height: 844 });
    const root = page.locator('#cspace-widget');
    await reach(page, '#cspace-widget');
    await expect.poll(() => root.getAttribute('data-settled'), { timeout: 30_000 }).toBe('true');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
    const box = (await root.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    const canvases = root.locator('canvas');
    expect(await canvases.count()).toBe(1 + SHOWN_BINS.length);
    for (let i = 0; i < await canvases.count(); i++) {
      const b = (await canvases.nth(i).boundingBox())!;
      expect(b.x + b.width, `canvas ${i} fits`).toBeLessThanOrEqual(box.x + box.width);
      expect(b.width, `canvas ${i} is big enough to read`).toBeGreaterThan(140);
    }
    // The slider still works by touch-sized steps: set it, and the raster follows.
    await root.locator('#cs-radius').fill('0.3');
    await expect.poll(() => root.getAttribute('data-radius')).toBe('0.30');
    expect(Number(await root.getAttribute('data-free'))).toBe(disc(plan, 0.3).free);
    await keepShot(root, 'cspace-390.png');
    expect(problems).toEqual([]);
    await page.close();
  });
});
