import { readFileSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { astar, dijkstra, Searcher, Grid, octile, zero, ASTAR, COST_TO_COME, HEURISTIC_ONLY, LINK_LENGTH, type Priority, type Trace } from '#bestfirst';
import { frontierBefore } from '#bestfirst/internal';
import { naiveOpening, counterexampleWorld, handTraceWorld } from '#bestfirst/worlds';
import { weights } from '#bestfirst/internal';
import { COLORS } from '../../../web/src/common/palette.js';
import { LOOP_GOAL, LOOP_ROWS, LOOP_START } from '../../../web/src/opening/loop-model.js';
import { LOOP_SOURCE_FILE, regionsOf } from '../../../web/src/opening/source-listing.js';
import { browserAvailability, buildAndServe, canvasPixels, CHROMIUM, CHROMIUM_ARGS, failWithoutBrowser, openPage, pageSharer, reach, keepShot, WRITE_SHOTS, type BuiltPage } from './harness.js';

/**
 * The opening, one idea per figure (issue 17): every figure renders, its
 * Step and Play work from the keyboard, stepping lights the lines of
 * src/search/best-first.ts that the step ran, and every number shown is the
 * library's, computed here from the library itself (the 7 x 5 room is the
 * only thing read from the page's model: its rows, start and goal).
 */
const SUITE = 'test/integration/browser/opening.test.ts (the opening figures in Chromium)';
const avail = browserAvailability(SUITE);
failWithoutBrowser(avail, 'opening browser tests');

const SOURCE = readFileSync(new URL(`../../../${LOOP_SOURCE_FILE}`, import.meta.url), 'utf8');
const REGIONS = regionsOf(SOURCE);
/** The code lines of a region (comment-only lines are not listed): what must light up. */
const codeLines = (name: string) => REGIONS.get(name)!.filter((l) => { const t = SOURCE.split('\n')[l - 1].trim(); return t !== '' && !t.startsWith('//'); });

const room = Grid.fromAscii([...LOOP_ROWS], { connectivity: 8, diagonalCost: 1.4 });
const roomStart = room.id(...LOOP_START), roomGoal = room.id(...LOOP_GOAL);
function traced(priority: Priority, h = zero): { trace: Trace; cost: number; expansions: number } {
  const s = new Searcher(room);
  s.search(roomStart, roomGoal, { priority, heuristic: h, trace: true });
  return { trace: s.trace!, cost: s.cost, expansions: s.expansions };
}
const one = (v: number) => String(Math.round(v * 1e9) / 1e9);

describe.runIf(avail.run)('the opening figures in Chromium', () => {
  let site: BuiltPage;
  let browser: Browser;
  let desk: BrowserContext;
  let touch: BrowserContext;
  const problems: string[] = [];

  /** The page in `ctx` with the opening's figures and the mathematics section's mounted. */
  const open = async (ctx: BrowserContext): Promise<Page> => {
    const page = await openPage(ctx, site.url, problems);
    await reach(page, '#wedge', '#loop-bfs', '#loop-dijkstra', '#loop-greedy', '#loop-astar', '#hand-trace', '#hand-trace-figure', '#counterexample-figure');
    return page;
  };
  /**
   * The desktop page the first two tests share (harness.ts, pageSharer): the loop figures' test steps only the four
   * loop figures, the numbers' test reads the wedge, the hand trace and the counterexample.
   */
  const deskPage = pageSharer<null>(() => open(desk), async () => {});


  /** Pixels of a canvas near a palette colour. */
  const near = async (page: Page, sel: string, hex: string) => (await canvasPixels(page, sel, hex)).near;

  /** The figure's state after a step: its event, its lit region and lines, its list of open cells. */
  const state = (page: Page, id: string) => page.locator(`#${id}`).evaluate((root) => ({
    step: Number(root.dataset.step), event: root.dataset.event!, lit: root.dataset.lit!,
    litLines: Array.from(root.querySelectorAll<HTMLElement>('.code-line.lit')).map((l) => Number(l.dataset.line)),
    queue: Array.from(root.querySelectorAll<HTMLElement>('.loop-queue li[data-node]')).map((l) => Number(l.dataset.node)),
    queueText: Array.from(root.querySelectorAll<HTMLElement>('.loop-queue li[data-node]')).map((l) => l.textContent!),
    say: root.querySelector<HTMLElement>('.loop-say')!.textContent!,
  }));

  beforeAll(async () => {
    site = await buildAndServe();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
    desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    touch = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  });
  afterAll(async () => { await browser?.close(); await site?.close(); });

  it('each loop figure steps from the keyboard, lights the lines each step ran, and lists the frontier the library replays', async () => {
    problems.length = 0;
    const page = await deskPage('desk', null);
    const specs = [
      { id: 'loop-bfs', prefix: 'bfs-', run: traced(LINK_LENGTH), priority: null },
      { id: 'loop-dijkstra', prefix: '', run: traced(COST_TO_COME), priority: COST_TO_COME },
      { id: 'loop-greedy', prefix: '', run: traced(HEURISTIC_ONLY, octile(room)), priority: HEURISTIC_ONLY },
      { id: 'loop-astar', prefix: '', run: traced(ASTAR, octile(room)), priority: ASTAR },
    ];
    const want = { start: 'start', pop: 'pop', push: 'relax', none: 'skip', goal: 'goal' } as Record<string, string>;
    for (const { id, prefix, run, priority } of specs) {
      const fig = page.locator(`#${id}`);
      await fig.scrollIntoViewIfNeeded();
      // It opens on the finished search, with the library's cost, path and counts.
      expect(await fig.getAttribute('data-cost'), id).toBe(one(run.cost));
      expect(await fig.getAttribute('data-expansions'), id).toBe(String(run.expansions));
      expect(await near(page, `#${id} canvas`, COLORS.path), `${id}: the route is drawn`).toBeGreaterThan(200);
      expect(await near(page, `#${id} canvas`, COLORS.start), `${id}: the start is drawn`).toBeGreaterThan(100);
      if (priority) {
        const [wg, wh] = weights(priority);
        expect(await fig.locator('.loop-knob').textContent(), id).toContain(`wg = ${wg} and wh = ${wh}`);
      }
      // Reset, then Step from the keyboard: Enter on the focused button.
      await fig.locator('.rp-reset').click();
      let s = await state(page, id);
      expect(s.event).toBe('start');
      await fig.locator('.rp-step').focus();
      const { trace } = run;
      let pops = 0, pushes = 1;
      for (let i = 0; i < 24; i++) {
        // Before each pop the list is the library's frontier, in the order the loop takes it. The state
        // before a step is the one read after the last (nothing moves the figure in between).
        const before = s;
        await page.keyboard.press('Enter');
        s = await state(page, id);
        expect(s.step, `${id}: Enter on Step moved one step`).toBe(before.step + 1);
        if (s.event === 'pop') {
          expect(before.queue, `${id}: the list before pop ${pops}`).toEqual(frontierBefore(trace, pops).map((e) => e.node));
          expect(s.say).toContain(room.formatXY(trace.pops[pops].node));
          pops++;
        }
        if (s.event === 'push') {
          const p = trace.pushes[pushes++];
          expect(s.say, `${id}: push ${pushes - 1}`).toContain(room.formatXY(p.node));
          expect(s.queueText.some((t) => t.startsWith(room.formatXY(p.node))), `${id}: ${room.formatXY(p.node)} is listed`).toBe(true);
        }
        // A step that lights the skip test is one where the pop just made pushed nothing: the trace says which.
        if (s.event === 'none') expect(trace.pushes.some((p) => p.during === pops - 1), `${id}: pop ${pops - 1} pushed nothing`).toBe(false);
        expect(s.lit, `${id} after ${s.event}`).toBe(prefix + want[s.event]);
        expect(s.litLines, `${id}: the lit lines are the ${s.lit} lines of src/search/best-first.ts`).toEqual(codeLines(s.lit));
      }
      expect(pops).toBeGreaterThan(3);
      expect(pushes, `${id}: relaxations stepped through`).toBeGreaterThan(3);
    }
    // Play runs on by itself; Pause (the same button, from the keyboard) stops it.
    const fig = page.locator('#loop-astar');
    await fig.locator('.rp-reset').click();
    await fig.locator('.rp-play').focus();
    await page.keyboard.press(' ');
    await expect.poll(async () => (await state(page, 'loop-astar')).step).toBeGreaterThan(2);
    expect(await fig.locator('.rp-play').getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press(' ');
    const paused = (await state(page, 'loop-astar')).step;
    await page.waitForTimeout(700);
    expect((await state(page, 'loop-astar')).step).toBe(paused);
    // The end: the goal test lit, the library's cost in the sentence.
    await fig.locator('.rp-pos').fill(await fig.locator('.rp-pos').getAttribute('max') as string);
    const end = await state(page, 'loop-astar');
    expect(end.event).toBe('goal');
    expect(end.litLines).toEqual(codeLines('goal'));
    expect(end.say).toContain(`costing ${one(astar(room, roomStart, roomGoal, octile(room)).cost)}`);
    expect(problems).toEqual([]);
  });

  it('the wedged robot, the hand trace and the counterexample show the library\'s numbers', async () => {
    const page = await deskPage('desk', null);
    // The naive controller: 2.2 m from the goal, wedged; stepping back replays the drive from the start.
    const n = naiveOpening();
    const wedge = page.locator('#wedge');
    await wedge.scrollIntoViewIfNeeded();
    expect(await wedge.getAttribute('data-distance')).toBe(n.distance.toFixed(1));
    expect(await wedge.getAttribute('data-distance')).toBe('2.2');
    expect(await wedge.getAttribute('data-stop')).toBe(n.world.grid.formatXY(n.stop));
    expect(await wedge.locator('.wedge-say').textContent()).toContain('only 2.2 m away');
    expect(await wedge.locator('.wedge-say').textContent()).toContain(`(${n.nearestDoor!.name}) is ${n.nearestDoor!.distance.toFixed(1)} m away`);
    await wedge.locator('.rp-reset').click();
    expect(await wedge.locator('.wedge-say').textContent()).toContain(`Move 0 of ${n.path.length - 1}`);
    expect(await near(page, '#wedge canvas', COLORS.start)).toBeGreaterThan(50);

    // The hand trace: the pops in the library's order, the table's row lit with the figure, 5.2 at the end.
    const w = handTraceWorld();
    const s = new Searcher(w.grid);
    s.search(w.start, w.goal, { heuristic: w.h, trace: true });
    const order = s.trace!.pops.map((p) => w.grid.formatColRow(p.node));
    expect(order).toEqual(['(1,1)', '(1,2)', '(2,3)', '(3,2)', '(4,1)']);
    const hand = page.locator('#hand-trace-figure');
    await hand.scrollIntoViewIfNeeded();
    expect(await hand.getAttribute('data-pop-order')).toBe(order.join(' '));
    expect(await hand.getAttribute('data-cost')).toBe('5.2');
    for (let k = 1; k <= order.length; k++) {
      await hand.locator('.rp-step').click();
      const p = s.trace!.pops[k - 1];
      expect(await hand.locator('.loop-say').textContent()).toContain(`Pop ${k} of ${order.length}: ${order[k - 1]} with g ${one(p.g)} + h ${one(p.h)} = f ${one(p.f)}`);
      const lit = await page.locator('#hand-trace tbody tr.current td').allTextContents();
      expect(lit.slice(0, 2), `row ${k} of the table is lit`).toEqual([String(k), order[k - 1]]);
    }
    expect(await hand.locator('.loop-say').textContent()).toContain(`costs ${one(s.cost)}`);
    expect(one(s.cost)).toBe('5.2');

    // The counterexample: the library's costs, f values and the lying h, drawn as text.
    const c = counterexampleWorld();
    const fig = page.locator('#counterexample-figure');
    await fig.scrollIntoViewIfNeeded();
    expect(await fig.getAttribute('data-astar-cost')).toBe(String(astar(c.graph, c.start, c.goal, c.h).cost));
    expect(await fig.getAttribute('data-best-cost')).toBe(String(dijkstra(c.graph, c.start, c.goal).cost));
    expect([await fig.getAttribute('data-f-a'), await fig.getAttribute('data-f-b')]).toEqual(['8', '10']);
    const labels = await fig.locator('svg text').allTextContents();
    for (const t of ['start', 'A', 'B', 'goal', '2', '6', '1', '4', 'h 9, truly 4']) expect(labels).toContain(t);
    expect(await fig.locator('figcaption').textContent()).toContain('A: f = 2 + 6 = 8 and B: f = 1 + 9 = 10');
    await page.close(); // the last test on this shared page
  });

  it('at 1280 and 390 px: drawn text of 11 px or more, and a swipe on a figure scrolls without stepping it (screenshots with npm run screenshots)', async () => {
    const figures = [['wedge', 'wedge'], ['loop-bfs', 'bfs'], ['loop-dijkstra', 'dijkstra'], ['loop-greedy', 'greedy'], ['loop-astar', 'astar'],
      ['hand-trace-figure', 'hand-trace'], ['counterexample-figure', 'counterexample']] as const;
    for (const [ctx, width] of [[desk, 1280], [touch, 390]] as const) {
      const page = await open(ctx);
      for (const [id, name] of figures) {
        const loc = page.locator(`#${id}`);
        await loc.scrollIntoViewIfNeeded();
        // Mid-search for the loop figures, so the list and the lit lines show (for the screenshots alone).
        if (WRITE_SHOTS && (id.startsWith('loop-') || id === 'hand-trace-figure')) {
          await loc.locator('.rp-reset').click();
          for (let i = 0; i < (id === 'hand-trace-figure' ? 3 : 6); i++) await loc.locator('.rp-step').click();
        }
        await keepShot(loc, `opening-${name}-${width}.png`, { scale: 'css' });
      }
      // The drawing's text as rendered (the SVG scales with its box): never under 11 px.
      const cx = await page.locator('#counterexample-figure svg').evaluate((svg) => {
        const scale = svg.getBoundingClientRect().width / (svg as SVGSVGElement).viewBox.baseVal.width;
        return Math.min(...Array.from(svg.querySelectorAll('text')).map((t) => parseFloat(getComputedStyle(t).fontSize) * scale));
      });
      expect(cx, `${width} px: the counterexample's smallest text`).toBeGreaterThanOrEqual(11);
      // The code scrolls in its own box; the page never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      // The A* figure's g and h: a cell's h and the next cell's g stay at least 0.6 em apart on a row
      // (2 px a side made '3.4' and '5' read '3.45' on a phone). Its text is recorded as it is drawn.
      const astar = page.locator('#loop-astar');
      await astar.evaluate((root) => {
        const c = root.querySelector('canvas')!, ctx = c.getContext('2d')!, w = window as unknown as { __cellText: [string, number, number, number, number][] };
        w.__cellText = [];
        const fill = ctx.fillText.bind(ctx);
        ctx.fillText = (text: string, x: number, y: number) => {
          const m = ctx.measureText(text), size = Number(/(\d+(?:\.\d+)?)px/.exec(ctx.font)![1]);
          const left = ctx.textAlign === 'right' ? x - m.width : ctx.textAlign === 'center' ? x - m.width / 2 : x;
          w.__cellText.push([text, left, left + m.width, Math.round(y), size]);
          fill(text, x, y);
        };
      });
      await astar.locator('.rp-reset').click();
      for (let i = 0; i < 11; i++) await astar.locator('.rp-step').click();
      // One paint's text: the records cleared, one more step.
      await page.evaluate(() => { (window as unknown as { __cellText: unknown[] }).__cellText.length = 0; });
      await astar.locator('.rp-step').click();
      const drawn = await page.evaluate(() => (window as unknown as { __cellText: [string, number, number, number, number][] }).__cellText);
      // The g and h labels are the smallest text; group them by the row they stand on.
      const small = Math.min(...drawn.map((t) => t[4]));
      const rows = new Map<number, [string, number, number, number, number][]>();
      for (const t of drawn) if (t[4] === small) rows.set(t[3], [...(rows.get(t[3]) ?? []), t]);
      let tightest = Infinity;
      for (const row of rows.values()) {
        const sorted = row.sort((a, b) => a[1] - b[1]);
        for (let i = 1; i < sorted.length; i++) tightest = Math.min(tightest, (sorted[i][1] - sorted[i - 1][2]) / small);
      }
      expect(rows.size, `${width} px: rows of g and h labels`).toBeGreaterThan(0);
      expect(tightest, `${width} px: the tightest gap between neighbouring g and h labels, in em`).toBeGreaterThanOrEqual(0.6);
      // Nor does a listing: long lines wrap, so every step's lit lines are whole in view inside their box
      // (956 px of code sat in a 532 px box, the lit line's end past its right edge).
      for (const id of ['loop-bfs', 'loop-astar']) {
        const fig = page.locator(`#${id}`);
        await fig.locator('.rp-reset').click();
        for (let step = 0; step < 8; step++) {
          await fig.locator('.rp-step').click();
          const seen = await fig.locator('.code-listing').evaluate((box) => {
            const b = box.getBoundingClientRect();
            const lit = Array.from(box.querySelectorAll('.code-line.lit')).map((l) => l.getBoundingClientRect());
            return {
              sideways: box.scrollWidth - box.clientWidth,
              lit: lit.length,
              outside: lit.filter((r) => r.left < b.left - 0.5 || r.right > b.right + 0.5 || r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5).length,
            };
          });
          expect(seen.sideways, `${width} px, ${id}: the listing scrolls sideways`).toBeLessThanOrEqual(0);
          expect(seen.outside, `${width} px, ${id}, step ${step + 1}: lit lines out of the box's view`).toBe(0);
        }
      }
      if (width === 390) {
        const cdp = await touch.newCDPSession(page);
        const fig = page.locator('#loop-dijkstra');
        await fig.locator('.rp-reset').click();
        const canvas = fig.locator('canvas');
        await canvas.scrollIntoViewIfNeeded();
        const b = (await canvas.boundingBox())!;
        const y0 = await page.evaluate(() => scrollY);
        const x = b.x + b.width / 2, from = b.y + b.height - 4, to = b.y + 4;
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: from }] });
        for (let i = 1; i <= 8; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: from + ((to - from) * i) / 8 }] });
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        await page.waitForTimeout(300);
        expect(await page.evaluate(() => scrollY), 'the swipe scrolled the page').toBeGreaterThan(y0 + 30);
        expect(await fig.getAttribute('data-step'), 'and moved nothing in the figure').toBe('0');
      }
      await page.close();
    }
    expect(problems).toEqual([]);
  });
});
