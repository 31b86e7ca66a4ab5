import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bestFirst, dijkstra, Searcher, weightedAstar, octile, COST_TO_COME, HEURISTIC_ONLY, LINK_LENGTH, sum, type Priority } from '#bestfirst';
import { ara } from '#bestfirst/repair';
import { lessonWorld, southRoomsWorld, doorClosesScenario } from '#bestfirst/worlds';
import { COLORS } from '../../../web/src/common/palette.js';
import { PRESETS } from '../../../web/src/theater/presets.js';
import { LANE_RATE, REST_MS } from '../../../web/src/theater/lane-view.js';
import { browserAvailability, buildAndServe, canvasPixels, mainThreadTasks, shownPixels, TASK_TRACE_CATEGORIES, CHROMIUM, CHROMIUM_ARGS, failWithoutBrowser, openPage, pageSharer, reach, reachAll, type BuiltPage, quantile } from './harness.js';

/**
 * Issue 17's behaviour defects (1-8 and 11), each pinned by a test that
 * failed on the page before the fix, and the speed figures (startup and
 * drag-to-frame at 1x and 4x CPU throttling), printed, not asserted: the
 * machine is shared. Every expected number comes from the library.
 */
const SUITE = 'test/integration/browser/part3.test.ts (the chapter page, part 3, in Chromium)';
const avail = browserAvailability(SUITE);
failWithoutBrowser(avail, 'part 3 browser tests');

/**
 * The speed test's figures at 4x CPU throttling and the blank page's floor beside them are a benchmark
 * (npm run bench:page sets BESTFIRST_SPEED=1): printed, never asserted, and 15 s of npm test's time. The 1x
 * drag always runs, for the coalescing it asserts (never more lane reruns than frames).
 */
const FULL_SPEED = process.env.BESTFIRST_SPEED === '1';

const world = southRoomsWorld();
const G = world.grid;
const H = octile(G);
const cellOf = (xy: readonly [number, number]) => G.id(xy[0], xy[1]);
const preset = (id: string) => PRESETS.find((p) => p.id === id)!;
/** The A* lane as the page runs it: weighted A* without reopenings unless the switch says otherwise. */
const astarLane = (start: number, goal: number, eps: number, reopen = false) => weightedAstar(G, start, goal, H, eps, { reopen });
/** Any lane as the page runs it: the engine with the lane's priority, octile h (which also breaks ties in f), no reopenings. */
const laneRun = (priority: Priority, start: number, goal: number) => bestFirst(G, start, goal, H, priority, { reopen: false });

describe.runIf(avail.run)('part 3 of the chapter page in Chromium', () => {
  let site: BuiltPage;
  let browser: Browser;
  let desk: BrowserContext;
  let touch: BrowserContext;
  const problems: string[] = [];

  /** The page in `ctx`, with `widgets` mounted (the theater unless told; 'all': scrolled through). */
  const open = async (ctx: BrowserContext = desk, widgets: readonly string[] | 'all' = ['#theater']): Promise<Page> => {
    const page = await openPage(ctx, site.url, problems);
    if (widgets === 'all') await reachAll(page);
    else await reach(page, ...widgets);
    return page;
  };

  /** The page shared by a run of tests (harness.ts, pageSharer): the theater's tests put it back with toOpening. */
  const pages = pageSharer<[BrowserContext, readonly string[] | 'all']>(([ctx, widgets]) => open(ctx, widgets),
    async (page, [, widgets]) => { if (widgets === 'all') await reachAll(page); else await reach(page, ...widgets); });
  const sharedPage = (key: string, ctx: BrowserContext, widgets: readonly string[] | 'all') => pages(key, [ctx, widgets]);
  /**
   * The theater back on the opening query, its lanes settled, through its own preset menu: what a test
   * that drags the goal needs, on a page where the test before it dragged the goal somewhere else.
   */
  const toOpening = async (page: Page): Promise<void> => {
    await page.mouse.move(2, 2);
    await page.locator('#theater-preset').selectOption('opening');
    const o = preset('opening'), s = cellOf(o.start), g = cellOf(o.goal);
    await expect.poll(() => page.locator('#theater').getAttribute('data-preset')).toBe('opening');
    await expect.poll(() => lane(page, 'astar').getAttribute('data-goal')).toBe(String(g));
    await expect.poll(() => lane(page, 'astar').locator('[data-counter="expansions"]').textContent()).toBe(String(astarLane(s, g, 1).expansions));
    await expect.poll(() => lane(page, 'ara').getAttribute('data-status')).not.toBe('pending');
    await expect.poll(() => page.locator('#theater').getAttribute('data-badge')).not.toBe('pending');
  };


  /**
   * Centre of grid cell n on a canvas of `width` x `height` cells, in page pixels. The canvas is
   * g + width * cell by g + height * cell device pixels (g: the coordinate gutter, if any), so its
   * backing size gives both cell and g.
   */
  async function cellPoint(page: Page, selector: string, n: number, width = G.width, height = G.height): Promise<{ x: number; y: number }> {
    const loc = page.locator(selector);
    await loc.scrollIntoViewIfNeeded();
    const b = (await loc.boundingBox())!;
    // A canvas drawn by the figure worker states its backing size in data-backing (its own width and height stay as first set).
    const [cw, ch] = await loc.evaluate((c: HTMLCanvasElement) => (c.dataset.backing ? c.dataset.backing.split('x').map(Number) : [c.width, c.height]));
    const cell = (cw - ch) / (width - height), g = cw - width * cell;
    const s = b.width / cw;
    return { x: b.x + (g + ((n % width) + 0.5) * cell) * s, y: b.y + (g + (Math.floor(n / width) + 0.5) * cell) * s };
  }

  const lane = (page: Page, id: string) => page.locator(`#theater [data-lane="${id}"]`);
  const num = async (page: Page, sel: string, attr: string) => Number(await page.locator(sel).getAttribute(attr));

  beforeAll(async () => {
    site = await buildAndServe();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
    desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    touch = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('1. on a phone a swipe on a lane scrolls and edits nothing; with "Edit walls by touch" a tap paints a wall', async () => {
    problems.length = 0;
    const page = await sharedPage('touch', touch, ['#theater']);
    const cdp = await touch.newCDPSession(page);
    const theater = page.locator('#theater');
    const canvas = '#theater [data-lane="dijkstra"] canvas';
    await page.locator(canvas).scrollIntoViewIfNeeded();
    const b = (await page.locator(canvas).boundingBox())!;
    const swipe = async (x: number, y0: number, y1: number) => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: y0 }] });
      for (let i = 1; i <= 8; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y0 + ((y1 - y0) * i) / 8 }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await page.waitForTimeout(300);
    };
    const reruns0 = await theater.getAttribute('data-reruns');
    const cost0 = await lane(page, 'dijkstra').getAttribute('data-cost');
    const y0 = await page.evaluate(() => scrollY);
    await swipe(b.x + b.width / 2, b.y + b.height - 4, b.y + 4);
    expect(await page.evaluate(() => scrollY), 'the swipe scrolled the page').toBeGreaterThan(y0 + 30);
    expect(await theater.getAttribute('data-reruns'), 'no edit, no rerun').toBe(reruns0);
    expect(await lane(page, 'dijkstra').getAttribute('data-cost')).toBe(cost0);
    expect(await theater.getAttribute('data-preset')).toBe('opening');

    // The deliberate way: the switch, then a tap on a free cell of room A paints it.
    await page.locator('#theater .edit-switch').tap();
    expect(await page.locator('#theater .edit-switch').getAttribute('aria-pressed')).toBe('true');
    const free = G.id(4, 7);
    expect(G.isBlocked(free)).toBe(false);
    const p = await cellPoint(page, canvas, free);
    await page.touchscreen.tap(p.x, p.y);
    await expect.poll(() => theater.getAttribute('data-reruns')).toBe(String(Number(reruns0) + 1));
    expect(await theater.getAttribute('data-preset')).toBe('custom');
    // The drop's last stage rewrites the claim line above (the page keeps its place, scrollY moves): wait for it.
    await expect.poll(() => page.locator('#theater-claim').textContent()).toMatch(/^Your own query/);
    // And in edit mode a swipe draws instead of scrolling.
    const y1 = await page.evaluate(() => scrollY);
    const c = await cellPoint(page, canvas, G.id(5, 5));
    await swipe(c.x, c.y + 30, c.y - 30);
    expect(Math.abs((await page.evaluate(() => scrollY)) - y1)).toBeLessThan(2);
    expect(Number(await theater.getAttribute('data-reruns'))).toBeGreaterThan(Number(reruns0) + 1);
    expect(problems).toEqual([]);
  });

  it('1b. on a phone a swipe over the robot costmap or the Lee board scrolls and puts nothing down; a tap does (one rule for every canvas that takes a click)', async () => {
    problems.length = 0;
    const page = await sharedPage('touch', touch, ['#robot-widget', '#lee-widget']);
    const cdp = await touch.newCDPSession(page);
    const swipe = async (x: number, y0: number, y1: number) => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: y0 }] });
      for (let i = 1; i <= 8; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y0 + ((y1 - y0) * i) / 8 }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await page.waitForTimeout(300);
    };
    for (const [root, attr] of [['#robot-widget', 'data-repair-touched'], ['#lee-widget', 'data-second']] as const) {
      const canvas = page.locator(`${root} canvas`).first();
      await canvas.waitFor();
      await canvas.scrollIntoViewIfNeeded();
      const before = await page.locator(root).getAttribute(attr);
      const b = (await canvas.boundingBox())!;
      const y0 = await page.evaluate(() => scrollY);
      // Up the canvas's middle third: where a thumb scrolling past would be.
      await swipe(b.x + b.width * 0.6, b.y + b.height * 0.66, b.y + b.height * 0.33);
      expect(await page.evaluate(() => scrollY), `${root}: the swipe scrolled the page`).toBeGreaterThan(y0 + 30);
      expect(await page.locator(root).getAttribute(attr), `${root}: the swipe put nothing down`).toBe(before);
      // A tap on the same canvas does.
      await canvas.scrollIntoViewIfNeeded();
      const c = (await canvas.boundingBox())!;
      await page.touchscreen.tap(c.x + c.width * 0.6, c.y + c.height * 0.5);
      await expect.poll(() => page.locator(root).getAttribute(attr), { message: `${root}: a tap puts it down` }).not.toBe(before);
    }
    expect(problems).toEqual([]);
    await page.close(); // the last test on this shared page
  });

  it('3. each preset query shows its claim in the lanes, with the library\'s numbers', async () => {
    const page = await sharedPage('presets', desk, ['#theater']);
    expect(await page.locator('#theater').getAttribute('data-preset'), 'the opening query is the first preset').toBe('opening');
    const claim = page.locator('#theater-claim');
    const m = (v: number) => `${v.toFixed(2)} m`;
    for (const p of PRESETS) {
      await page.locator('#theater-preset').selectOption(p.id);
      const start = cellOf(p.start), goal = cellOf(p.goal);
      const B = laneRun(LINK_LENGTH, start, goal), D = laneRun(COST_TO_COME, start, goal), Gr = laneRun(HEURISTIC_ONLY, start, goal), A = laneRun(sum(p.eps), start, goal);
      for (const [id, r] of [['bfs', B], ['dijkstra', D], ['greedy', Gr], ['astar', A]] as const) {
        expect(await lane(page, id).getAttribute('data-expansions'), `${p.id}: ${id}`).toBe(String(r.expansions));
        expect(Number(await lane(page, id).getAttribute('data-cost'))).toBeCloseTo(r.cost, 6);
      }
      const text = (await claim.textContent())!;
      if (p.id === 'opening') {
        expect(A.cost).toBeCloseTo(D.cost, 9);
        expect(A.expansions).toBeLessThan(D.expansions);
        expect(Gr.cost).toBeGreaterThan(A.cost);
        expect(text).toContain(m(A.cost));
        expect(text).toContain(String(D.expansions));
        await expect.poll(() => page.locator('#theater').getAttribute('data-badge')).not.toBe('pending');
        expect(await page.locator('#theater').getAttribute('data-badge'), 'the badge lights on the opening query').not.toBe('none');
      } else if (p.id === 'bfs') {
        expect(B.cost).toBeGreaterThan(D.cost + 1e-9);
        expect(B.linkLength).toBeLessThan(D.linkLength);
        expect(text).toContain(m(B.cost));
        expect(text).toContain(m(D.cost));
      } else if (p.id === 'greedy') {
        expect(Gr.cost).toBeGreaterThan(A.cost + 1e-9);
        expect(Gr.expansions).toBeLessThan(A.expansions);
        expect(text).toContain(m(Gr.cost));
      } else if (p.id === 'weighted') {
        const one = astarLane(start, goal, 1);
        expect(p.eps).toBeGreaterThan(1);
        expect(A.expansions).toBeLessThan(one.expansions);
        expect(A.cost).toBeCloseTo(one.cost, 9);
        expect(text).toContain(`${A.expansions} cells`);
        expect(text).toContain(String(one.expansions));
      }
    }
  });

  it('3b. the prose says what the library does: the opening query\'s counts, which presets no ε makes dearer, when A* meets its bound, D* Lite\'s keys', async () => {
    const page = await sharedPage('presets', desk, ['#theater']);
    const text = (await page.locator('main, body').first().textContent())!.replace(/\s+/g, ' ');
    // The opening query's closed cells, as the lanes count them (the library's runs, not a copy).
    const o = preset('opening'), A = laneRun(sum(1), cellOf(o.start), cellOf(o.goal)), D = laneRun(COST_TO_COME, cellOf(o.start), cellOf(o.goal));
    expect(text).toContain(`closes fewer cells: ${A.expansions} against Dijkstra’s ${D.expansions} on the opening query`);
    expect(text).not.toContain('far fewer cells');
    // Not every query's route gets dearer as ε grows: the two presets the prose names never do, up to ε = 5.
    expect(text).not.toContain('sooner or later the route costs');
    for (const id of ['bfs', 'weighted']) {
      const p = preset(id);
      expect(text).toContain(`“${p.title}”`);
      await page.locator('#theater-preset').selectOption(id);
      await expect.poll(() => page.locator('#theater').getAttribute('data-badge')).not.toBe('pending');
      expect(await page.locator('#theater').getAttribute('data-badge'), `${id}: no badge`).toBe('none');
      for (let eps = 1; eps <= 5 + 1e-9; eps += 0.5) {
        expect(astarLane(cellOf(p.start), cellOf(p.goal), eps).cost, `${id} at eps ${eps}`).toBeCloseTo(laneRun(COST_TO_COME, cellOf(p.start), cellOf(p.goal)).cost, 9);
      }
    }
    // The argument for optimality names the node it charges, and the condition on h; the bound its condition.
    expect(text).not.toContain('would cost at least');
    expect(text).toContain('its true cheapest cost: at first the start is that node');
    expect(text).toContain('only admissible it holds if the search reopens closed nodes');
    expect(text).toContain('A* with a consistent estimate (so that no node is expanded twice)');
    // D* Lite keeps priority keys; what it drops is D*'s tags and RAISE/LOWER.
    expect(text).not.toContain('Instead of keys and tags');
    expect(text).toContain('It still orders its queue by priority keys, but it drops D*’s tags and its RAISE and LOWER states');
    // The hand trace's corner rule is said.
    expect(text).toContain('this grid lets a diagonal move pass a wall’s corner');
  });

  it('2. the A* lane never reopens: on every preset, eps 1.5, 2 and 3 close no more cells than eps 1 and pay at most eps times Dijkstra; the switch shows the trade', async () => {
    const page = await sharedPage('presets', desk, ['#theater']);
    const astar = lane(page, 'astar');
    for (const p of PRESETS) {
      const start = cellOf(p.start), goal = cellOf(p.goal);
      await page.locator('#theater-preset').selectOption(p.id);
      const best = dijkstra(G, start, goal).cost;
      const atOne = astarLane(start, goal, 1).expansions;
      for (const eps of [1, 1.5, 2, 3]) {
        const lib = astarLane(start, goal, eps);
        await page.locator('#eps').fill(String(eps));
        await expect.poll(() => astar.getAttribute('data-expansions'), { message: `${p.id} at eps ${eps}` }).toBe(String(lib.expansions));
        expect(lib.expansions, `${p.id}: eps ${eps} closes no more than eps 1`).toBeLessThanOrEqual(atOne);
        expect(Number(await astar.getAttribute('data-cost'))).toBeCloseTo(lib.cost, 6);
        expect(lib.cost).toBeLessThanOrEqual(eps * best * (1 + 1e-9));
        expect(await astar.getAttribute('data-reopenings')).toBe('0');
      }
    }
    // The text makes those claims, and the one about the switch: pinned here.
    const prose = (await page.locator('#theater-section').textContent())!.replace(/\s+/g, ' ');
    expect(prose).toContain('1.2 to 2.7');
    const o = preset('opening'), s = cellOf(o.start), g = cellOf(o.goal);
    const one = astarLane(s, g, 1, true).expansions;
    for (let e = 12; e <= 27; e++) expect(astarLane(s, g, e / 10, true).expansions, `reopening at eps ${e / 10}`).toBeGreaterThan(one);
    await page.locator('#theater-preset').selectOption('opening');
    await page.locator('#theater-reopen').check();
    await page.locator('#eps').fill('1.5');
    await expect.poll(() => astar.getAttribute('data-expansions')).toBe(String(astarLane(s, g, 1.5, true).expansions));
    expect(Number(await astar.getAttribute('data-reopenings'))).toBeGreaterThan(0);
    await page.close(); // the last test on this shared page
  });

  it('4. pointing at a term far below the theater shows a pinned copy of the A* lane in view, with that layer in front', async () => {
    const page = await open(desk, []);
    const pinned = page.locator('.pinned-figure');
    await page.locator('#term-help').scrollIntoViewIfNeeded();
    // A reader who jumped here never came near the theater: it is not mounted
    // yet, and pointing at a term mounts it.
    expect(await page.locator('#theater').getAttribute('data-mounted')).toBeNull();
    const inView = async (sel: string) => page.locator(sel).evaluate((e) => { const r = e.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight && r.width > 0; });
    const sig = () => page.locator('.pinned-figure canvas').evaluate((c: HTMLCanvasElement) => {
      const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let s = 0;
      for (let i = 0; i < d.length; i += 41) s = (s * 31 + d[i]) % 1000000007;
      return s;
    });
    await page.locator('#term-help .term[data-layer="explored"]').hover();
    expect(await page.locator('#theater').getAttribute('data-mounted')).toBe('true');
    expect(await page.locator('#theater [data-lane="astar"] canvas').isVisible()).toBe(true);
    expect(await inView('#theater [data-lane="astar"] canvas'), 'the theater is off screen here').toBe(false);
    expect(await pinned.isVisible()).toBe(true);
    expect(await inView('.pinned-figure canvas')).toBe(true);
    const a = await sig();
    await page.locator('#term-help .term[data-layer="h"]').hover();
    expect(await pinned.isVisible()).toBe(true);
    expect(await sig(), 'another layer, another picture').not.toBe(a);
    await page.mouse.move(2, 2);
    expect(await pinned.isVisible()).toBe(false);
    await page.close();
  });

  it('5. in the quiz a click on a cell answers and never paints; Step past a question counts it as skipped', async () => {
    const page = await sharedPage('figures', desk, ['#step-player']);
    const sp = page.locator('#step-player');
    const w = lessonWorld();
    const lib = new Searcher(w.grid);
    lib.search(w.start, w.goal, { heuristic: w.h, tieBreak: 'fifo', trace: true });
    await page.locator('#sp-quiz').check();
    await sp.locator('.sp-step').click(); // step 0 has one cell on the frontier: no question
    await expect.poll(() => sp.getAttribute('data-asking')).toBe('true');
    const canvas = '#step-player canvas';
    const wrong = await cellPoint(page, canvas, w.grid.id(0, 1), 5, 6);
    await page.mouse.click(wrong.x, wrong.y);
    expect(await sp.locator('.verdict').getAttribute('data-correct')).toBe('false');
    expect(await sp.getAttribute('data-step'), 'no wall, no rerun: still at step 1').toBe('1');
    const right = await cellPoint(page, canvas, lib.trace!.pops[1].node, 5, 6);
    await page.mouse.click(right.x, right.y);
    expect(await sp.locator('.verdict').getAttribute('data-correct')).toBe('true');
    expect(await sp.getAttribute('data-step')).toBe('2');
    expect(await sp.locator('.score').textContent()).toBe('Score: 0 of 1 on the first try.');
    // The trace on screen is still the lesson's: nothing was painted.
    expect(await sp.locator('.narration').textContent()).toContain(w.grid.formatXY(lib.trace!.pops[1].node));
    // Step on until a question, then press Step without answering: it is counted and answered.
    for (let i = 0; i < 10 && (await sp.getAttribute('data-asking')) !== 'true'; i++) await sp.locator('.sp-step').click();
    expect(await sp.getAttribute('data-asking')).toBe('true');
    const k = Number(await sp.getAttribute('data-step'));
    await sp.locator('.sp-step').click();
    expect(await sp.locator('.verdict').getAttribute('data-correct')).toBe('skipped');
    expect(await sp.locator('.verdict').textContent()).toContain(w.grid.formatXY(lib.trace!.pops[k].node));
    expect(await sp.locator('.score').textContent()).toBe('Score: 0 of 2 on the first try.');
  });

  it('6. exercises 2 and 3 run the theater\'s opening query and name it', async () => {
    const page = await sharedPage('figures', desk, ['#theater', '#ex-2-widget', '#ex-3-widget']);
    const o = preset('opening'), s = cellOf(o.start), g = cellOf(o.goal);
    const theaterCost = Number(await lane(page, 'dijkstra').getAttribute('data-cost'));
    const ex2 = page.locator('#ex-2-widget');
    expect(Number(await ex2.getAttribute('data-delete-cost'))).toBeCloseTo(theaterCost, 9);
    expect(theaterCost).toBeCloseTo(dijkstra(G, s, g).cost, 9);
    for (const id of ['#ex-2-widget', '#ex-3-widget']) {
      const t = (await page.locator(`${id} .ex-query`).textContent())!;
      expect(t).toContain(G.formatXY(s));
      expect(t).toContain(G.formatXY(g));
    }
    await page.locator('#ex3-bounded').click();
    await page.locator('#ex-3-widget .ex3-run').click();
    const ratio = Number(await page.locator('#ex-3-widget').getAttribute('data-theater-ratio'));
    expect(ratio).toBeCloseTo(astarLane(s, g, 2).cost / dijkstra(G, s, g).cost, 9);
  });

  it('10. what a replay shows follows its step: the hand trace\'s table and summary, the Apartment\'s repair readout', async () => {
    const page = await sharedPage('figures', desk, ['#hand-trace-figure', '#replanner-apartment']);
    // The hand trace at step 0: every pop still to come, its numbers held back, no summary yet.
    const rows = page.locator('#hand-trace tbody tr');
    const pops = await rows.count();
    expect(pops).toBe(5);
    const shownRows = async () => {
      let n = 0;
      for (let i = 0; i < pops; i++) if (await rows.nth(i).locator('td').nth(1).isVisible()) n++;
      return n;
    };
    expect(await shownRows()).toBe(0);
    expect(await page.locator('#hand-trace-summary').isVisible()).toBe(false);
    const step = page.locator('#hand-trace-figure .rp-step');
    await step.click();
    await step.click();
    expect(await shownRows()).toBe(2);
    expect(await page.locator('#hand-trace-summary').isVisible()).toBe(false);
    for (let i = 2; i < pops; i++) await step.click();
    expect(await shownRows()).toBe(pops);
    expect(await page.locator('#hand-trace-summary').isVisible()).toBe(true);
    // The Apartment at step 0: the repair has not happened, and the readout says when it will.
    const apt = page.locator('#replanner-apartment');
    const lib = doorClosesScenario({ closure: 'halfway', closeAt: 1 });
    expect(await apt.getAttribute('data-step')).toBe('0');
    expect(await apt.locator('[data-out="repair-pops"]').isVisible()).toBe(false);
    expect(await apt.locator('.rp-waiting').textContent()).toContain(`At step ${lib.noticeStep} it will stand next to it`);
    for (let i = 0; i < lib.noticeStep; i++) await apt.locator('.rp-step').click();
    expect(await apt.locator('[data-out="repair-pops"]').isVisible()).toBe(true);
    expect(await apt.locator('[data-out="repair-pops"]').textContent()).toBe(String(lib.repair!.pops));
    expect(await apt.locator('.rp-waiting').isVisible()).toBe(false);
  });

  it('the field plans once per goal move, however fast the drag', async () => {
    const page = await sharedPage('figures', desk, ['#field-widget']);
    const root = page.locator('#field-widget');
    const plans0 = await num(page, '#field-widget', 'data-plans');
    const moves0 = Number((await root.getAttribute('data-goal-moves')) ?? '0');
    const goal = Number(await root.getAttribute('data-goal'));
    const gw = 24, gh = 16;
    await root.locator('canvas').scrollIntoViewIfNeeded();
    const b2 = (await root.locator('canvas').boundingBox())!;
    const at2 = (n: number) => [b2.x + ((n % gw) + 0.5) * (b2.width / gw), b2.y + (Math.floor(n / gw) + 0.5) * (b2.height / gh)] as const;
    await page.mouse.move(...at2(goal));
    await page.mouse.down();
    await page.mouse.move(...at2(goal + 3), { steps: 12 });
    await page.mouse.up();
    const plans = (await num(page, '#field-widget', 'data-plans')) - plans0;
    const moves = Number(await root.getAttribute('data-goal-moves')) - moves0;
    expect(moves).toBeGreaterThan(0);
    expect(plans, 'one plan per goal move').toBe(moves);
    await page.close(); // the last test on this shared page
  });

  it('7. lane counters follow the replay; a pointed cell reads its g, h and f; the step player has coordinates and its frontier points at cells', async () => {
    const page = await sharedPage('drags', desk, ['#theater', '#step-player']);
    const a = lane(page, 'astar');
    const o = preset('opening'), s = cellOf(o.start), g = cellOf(o.goal);
    const lib = new Searcher(G);
    lib.search(s, g, { priority: sum(1), heuristic: H, trace: true, reopen: false });
    const trace = lib.trace!;
    await a.locator('.scrub').fill('5');
    expect(await a.locator('[data-counter="expansions"]').textContent()).toBe('5');
    expect(await a.locator('[data-counter="open"]').textContent()).toBe(String(trace.pops[4].frontier));
    expect(await a.locator('[data-counter="cost"]').textContent()).toBe('–');
    // Point at the fifth cell expanded: closed at step 5, with the g, h and f of its push.
    const n = trace.pops[4].node;
    const push = trace.pushes.filter((p) => p.node === n && p.during < 5).pop()!;
    const p = await cellPoint(page, '#theater [data-lane="astar"] canvas', n);
    await page.mouse.move(p.x, p.y);
    await expect.poll(() => a.getAttribute('data-cell')).toBe(String(n));
    const read = (await a.locator('.lane-cell').textContent())!;
    expect(read).toContain(G.formatXY(n));
    expect(read).toContain('closed');
    for (const v of [push.g, push.h, push.f]) expect(read).toContain(`${v.toFixed(2)} m`);
    // The current cell is framed in dark ink: more dark pixels at step 5 than at step 0.
    // Read off the screen: the lane is drawn by the figure worker.
    const dark = () => shownPixels(page, '#theater [data-lane="astar"] canvas', (d) => {
      let k = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i] < 40 && d[i + 1] < 40 && d[i + 2] < 40 && d[i + 3] > 200) k++;
      return k;
    }, null);
    await page.mouse.move(2, 2);
    let at5 = await dark();
    for (let again = await dark(); again !== at5; again = await dark()) at5 = again; // the worker has drawn the pointer's leaving
    await a.locator('.scrub').fill('0');
    await expect.poll(async () => at5 - (await dark())).toBeGreaterThan(20);

    // The step player: coordinates in a gutter (transparent but for the digits) above and left of the cells.
    const gutter = await page.locator('#step-player canvas').evaluate((c: HTMLCanvasElement) => {
      const d = c.getContext('2d')!.getImageData(0, 0, c.width, Math.floor(c.height * 0.03)).data;
      let clear = 0, ink = 0;
      for (let i = 0; i < d.length; i += 4) { if (d[i + 3] === 0) clear++; else if (d[i] < 140) ink++; }
      return { clear, ink, total: d.length / 4 };
    });
    expect(gutter.clear).toBeGreaterThan(gutter.total / 2);
    expect(gutter.ink).toBeGreaterThan(0);
    const sp = page.locator('#step-player');
    for (let i = 0; i < 3; i++) await sp.locator('.sp-step').click();
    const entry = sp.locator('.frontier li[data-node]').first();
    await entry.hover();
    expect(await sp.getAttribute('data-highlight')).toBe(await entry.getAttribute('data-node'));
  });

  it('7b. dragging the goal: counters wait while the pointer moves, follow once it rests, and the drop brings all four lanes up to date', async () => {
    const page = await sharedPage('drags', desk, ['#theater']);
    await toOpening(page);
    const o = preset('opening'), s = cellOf(o.start), g0 = cellOf(o.goal);
    const counter = (id: string) => lane(page, id).locator('[data-counter="expansions"]');
    // A free cell two columns from the goal, reached in one move of the pointer.
    const g1 = [g0 - 2, g0 + 2, g0 - 1, g0 + 1].find((n) => !G.isBlocked(n) && n !== s)!;
    const expected = (goal: number) => ({
      bfs: laneRun(LINK_LENGTH, s, goal).expansions, dijkstra: laneRun(COST_TO_COME, s, goal).expansions,
      greedy: laneRun(HEURISTIC_ONLY, s, goal).expansions, astar: astarLane(s, goal, 1).expansions,
    });
    const before = expected(g0), after = expected(g1);
    expect(after.astar, 'the move changes the A* lane\'s count').not.toBe(before.astar);
    const from = await cellPoint(page, '#theater [data-lane="astar"] canvas', g0);
    const to = await cellPoint(page, '#theater [data-lane="astar"] canvas', g1);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    // In the page: when the pointer last moved, and when the A* lane's counter changed.
    await page.evaluate(() => {
      const w = window as unknown as { __lastMove: number; __counterAt: number };
      w.__lastMove = 0; w.__counterAt = 0;
      addEventListener('pointermove', () => { w.__lastMove = performance.now(); }, { capture: true });
      new MutationObserver(() => { w.__counterAt = performance.now(); })
        .observe(document.querySelector('#theater [data-lane="astar"] [data-counter="expansions"]')!, { childList: true, characterData: true, subtree: true });
    });
    await page.mouse.move(to.x, to.y, { steps: 2 });
    // The figure's data follow at once; the words once the pointer rests (REST_MS).
    await expect.poll(() => lane(page, 'astar').getAttribute('data-goal')).toBe(String(g1));
    await expect.poll(() => counter('astar').textContent()).toBe(String(after.astar));
    const { lastMove, counterAt } = await page.evaluate(() => {
      const w = window as unknown as { __lastMove: number; __counterAt: number };
      return { lastMove: w.__lastMove, counterAt: w.__counterAt };
    });
    expect(counterAt - lastMove, 'the counter is written after the pointer has rested').toBeGreaterThanOrEqual(REST_MS);
    await page.mouse.up();
    for (const id of ['bfs', 'dijkstra', 'greedy', 'astar'] as const) {
      await expect.poll(() => counter(id).textContent(), { message: `${id} lane after the drop` }).toBe(String(after[id]));
    }
    await expect.poll(() => page.locator('#theater .timing').textContent()).toMatch(/^Last rerun: four searches/);
  });

  it('7c. during a drag the figure worker runs the lanes\' searches: every lane\'s picture follows the goal, and the main thread searches only when the pointer rests', async () => {
    const page = await sharedPage('drags', desk, ['#theater']);
    await toOpening(page);
    const o = preset('opening'), s = cellOf(o.start), g0 = cellOf(o.goal);
    const g1 = [g0 - 2, g0 + 2, g0 - 1, g0 + 1].find((n) => !G.isBlocked(n) && n !== s)!;
    const counts = () => page.locator('#theater').evaluate((e: HTMLElement) => ({
      searches: Number(e.dataset.laneSearches ?? 0), worker: Number(e.dataset.workerRuns ?? 0), rests: Number(e.dataset.rests ?? 0),
    }));
    /** The colour shown at the centre of cell n of a lane, read off the screen (the worker draws the lanes). */
    const centre = (id: string, n: number) => shownPixels(page, `#theater [data-lane="${id}"] canvas`, (d, w, h, [x, y, gw, gh]) => {
      // The coordinates' gutter (left and top, equal) is what the width has beyond whole cells.
      const cell = (w - h) / (gw - gh), gut = w - gw * cell;
      const px = Math.floor(gut + (x + 0.5) * cell), py = Math.floor(gut + (y + 0.5) * cell), i = 4 * (py * w + px);
      return '#' + [d[i], d[i + 1], d[i + 2]].map((v) => v.toString(16).padStart(2, '0')).join('');
    }, [G.x(n), G.y(n), G.width, G.height] as const);
    const near = (hex: string, want: string) => [1, 3, 5].reduce((sum, i) => sum + Math.abs(parseInt(hex.slice(i, i + 2), 16) - parseInt(want.slice(i, i + 2), 16)), 0) <= 12;
    const from = await cellPoint(page, '#theater [data-lane="astar"] canvas', g0);
    const to = await cellPoint(page, '#theater [data-lane="astar"] canvas', g1);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    const c0 = await counts();
    await page.mouse.move(to.x, to.y, { steps: 2 });
    for (const id of ['bfs', 'dijkstra', 'greedy', 'astar']) {
      await expect.poll(async () => near(await centre(id, g1), COLORS.goal), { message: `${id} lane: the goal drawn at its new cell` }).toBe(true);
      expect(near(await centre(id, g0), COLORS.goal), `${id} lane: the goal gone from its old cell`).toBe(false);
    }
    const c1 = await counts();
    expect(c1.worker, 'the worker ran the moved query').toBeGreaterThan(c0.worker);
    // Each rest lets the four lanes' own runs catch up (their counters need the traces); between rests, none.
    expect(c1.searches - c0.searches, 'main-thread lane searches during the drag').toBeLessThanOrEqual(4 * (c1.rests - c0.rests));
    await page.mouse.up();
    await expect.poll(() => lane(page, 'astar').locator('[data-counter="expansions"]').textContent()).toBe(String(astarLane(s, g1, 1).expansions));
  });

  it('7d. after a drop the ARA* lane shows the new query, drawn by the figure worker, its table rewritten in place; an unchanged badge is not rewritten', async () => {
    const page = await sharedPage('drags', desk, ['#theater']);
    await toOpening(page);
    const o = preset('opening'), s = cellOf(o.start), g0 = cellOf(o.goal);
    const g1 = [g0 - 2, g0 + 2, g0 - 1, g0 + 1].find((n) => !G.isBlocked(n) && n !== s)!;
    const theater = page.locator('#theater'), araLane = lane(page, 'ara'), araCanvas = '#theater [data-lane="ara"] canvas';
    const astarCanvas = '#theater [data-lane="astar"] canvas';
    // Drawn by the worker: the canvas was handed over, and states its backing size for that reason.
    expect(await page.locator(araCanvas).getAttribute('data-backing')).toMatch(/^\d+x\d+$/);
    await expect.poll(() => araLane.getAttribute('data-status')).not.toBe('pending');
    await expect.poll(() => theater.getAttribute('data-badge')).not.toBe('pending');
    /** Marks the nodes `sel` matches: a node rebuilt since loses its mark. */
    const mark = (sel: string) => page.locator(sel).evaluateAll((ns) => { for (const n of ns) (n as Node & { mark?: boolean }).mark = true; });
    const kept = (sel: string) => page.locator(sel).evaluateAll((ns) => ns.map((n) => (n as Node & { mark?: boolean }).mark === true));
    /** Drags the goal along `cells` on the A* lane and drops it; the badge is pending once the drag has rerun. */
    const drag = async (cells: number[]) => {
      const pts = [];
      for (const n of cells) pts.push(await cellPoint(page, astarCanvas, n));
      await page.mouse.move(pts[0].x, pts[0].y);
      await page.mouse.down();
      for (const p of pts.slice(1)) await page.mouse.move(p.x, p.y, { steps: 3 });
      await expect.poll(() => theater.getAttribute('data-badge')).toBe('pending');
      await page.mouse.up();
      await expect.poll(() => araLane.getAttribute('data-status')).not.toBe('pending');
      await expect.poll(() => theater.getAttribute('data-badge')).not.toBe('pending');
    };
    // A new goal: the rows are the same elements with the new query's words.
    await mark('#theater [data-lane="ara"] tbody tr');
    await drag([g0, g1]);
    const want = ara(G, s, g1, H).iterations;
    expect(await araLane.getAttribute('data-costs')).toBe(want.map((r) => r.cost.toFixed(6)).join(' '));
    expect(await kept('#theater [data-lane="ara"] tbody tr'), 'every row kept, none rebuilt').toEqual(Array(want.length + 1).fill(true));
    const costs = await araLane.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => (tr as HTMLTableRowElement).cells[2].textContent));
    expect(costs, 'each round\'s cost, then Dijkstra\'s').toEqual([...want.map((r) => r.cost.toFixed(2)), dijkstra(G, s, g1).cost.toFixed(2)]);
    // The picture follows: the goal drawn at its new cell and gone from the old, read off the screen.
    const colourAt = (n: number) => shownPixels(page, araCanvas, (d, w, h, [x, y, gw, gh]) => {
      const cell = (w - h) / (gw - gh), gut = w - gw * cell;
      const i = 4 * (Math.floor(gut + (y + 0.5) * cell) * w + Math.floor(gut + (x + 0.5) * cell));
      return [d[i], d[i + 1], d[i + 2]];
    }, [G.x(n), G.y(n), G.width, G.height] as const);
    const isGoal = (rgb: number[]) => rgb.reduce((sum, v, i) => sum + Math.abs(v - parseInt(COLORS.goal.slice(1 + 2 * i, 3 + 2 * i), 16)), 0) <= 12;
    await expect.poll(async () => isGoal(await colourAt(g1)), { message: 'the goal drawn at its new cell' }).toBe(true);
    expect(isGoal(await colourAt(g0)), 'the goal gone from its old cell').toBe(false);
    // Away and back to the same cell: the badge is computed again, comes out the same, and its words stay the nodes they were.
    const badge = await theater.getAttribute('data-badge');
    await mark('#eps-badge, #eps-badge *');
    await drag([g1, g0, g1]);
    expect(await theater.getAttribute('data-badge')).toBe(badge);
    expect(await kept('#eps-badge, #eps-badge *'), 'the badge\'s words not rewritten').not.toContain(false);
  });

  it('7f. after a drop the words outside the lanes change one per frame: the menu, the claim, the badge, the ARA* table and the timing line share a frame neither with one another nor with a lane\'s counters', async () => {
    const page = await sharedPage('drags', desk, ['#theater']);
    await toOpening(page);
    const o = preset('opening'), s = cellOf(o.start), g0 = cellOf(o.goal);
    const g1 = [g0 - 2, g0 + 2, g0 - 1, g0 + 1].find((n) => !G.isBlocked(n) && n !== s)!;
    const theater = page.locator('#theater'), araLane = lane(page, 'ara');
    const astarCanvas = '#theater [data-lane="astar"] canvas';
    await expect.poll(() => araLane.getAttribute('data-status')).not.toBe('pending');
    await expect.poll(() => theater.getAttribute('data-badge')).not.toBe('pending');
    // Each animation frame, before it renders, notes which of the watched words changed since the last one:
    // what changed between two frames was laid out and painted by one frame. A select's value is no DOM
    // mutation, so the words are read, not observed.
    await page.evaluate(() => {
      const q = (sel: string) => document.querySelector(sel);
      const watched: [string, () => string][] = [
        ['menu', () => (q('#theater-preset') as HTMLSelectElement).value],
        ['claim', () => q('#theater-claim')!.textContent!],
        ['badge', () => q('#eps-badge')!.textContent!],
        ['ara table', () => q('#theater [data-lane="ara"] tbody')!.textContent!],
        ['timing', () => q('#theater .timing')!.textContent!],
        ...['bfs', 'dijkstra', 'greedy', 'astar'].map((id) => [`${id} counters`, () => q(`#theater [data-lane="${id}"] .counters`)!.textContent!] as [string, () => string]),
      ];
      let last = watched.map(([, read]) => read());
      const frames: string[][] = [];
      (window as unknown as { wordFrames: string[][] }).wordFrames = frames;
      const tick = () => {
        const now = watched.map(([, read]) => read());
        const changed = watched.filter((_, i) => now[i] !== last[i]).map(([key]) => key);
        if (changed.length) frames.push(changed);
        last = now;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const pts = [await cellPoint(page, astarCanvas, g0), await cellPoint(page, astarCanvas, g1)];
    await page.mouse.move(pts[0].x, pts[0].y);
    await page.mouse.down();
    await page.mouse.move(pts[1].x, pts[1].y, { steps: 3 });
    await page.mouse.up();
    await expect.poll(() => page.locator('#theater-claim').textContent()).toMatch(/^Your own query/);
    await expect.poll(() => araLane.getAttribute('data-status')).not.toBe('pending');
    await expect.poll(() => theater.getAttribute('data-badge')).not.toBe('pending');
    await page.waitForTimeout(500);
    const frames = await page.evaluate(() => (window as unknown as { wordFrames: string[][] }).wordFrames);
    const seen = new Set(frames.flat());
    // Not vacuous: the drop from a preset changed the menu, the claim, the ARA* table and the lanes' counters.
    for (const key of ['menu', 'claim', 'ara table', 'astar counters']) expect(seen, `${key} changed`).toContain(key);
    // Two lanes' counters may share a frame (FrameTurns allows two lanes' words a frame while the pointer rests).
    const outside = (key: string) => !key.endsWith(' counters');
    expect(frames.filter((f) => f.length > 1 && f.some(outside)), 'frames that changed words outside the lanes and anything else').toEqual([]);
  });

  it('8. a walled-in goal ends with a no-path message that says why, in the step player and in a lane', async () => {
    const page = await sharedPage('drags', desk, ['#theater', '#step-player']);
    await toOpening(page);
    const sp = page.locator('#step-player');
    const w = lessonWorld();
    // Wall in the goal (4,5) from the keyboard: (3,5) and (4,4).
    await sp.locator('canvas').focus();
    const press = async (key: string, times = 1) => { for (let i = 0; i < times; i++) await page.keyboard.press(key); };
    await press('ArrowRight', 3); await press('ArrowDown', 5); await press(' ');
    await press('ArrowRight'); await press('ArrowUp'); await press(' ');
    for (let i = 0; i < 40 && (await sp.getAttribute('data-unreachable')) !== 'true'; i++) await sp.locator('.sp-step').click();
    expect(await sp.getAttribute('data-unreachable')).toBe('true');
    const say = (await sp.locator('.sp-nopath').textContent())!;
    expect(say).toContain('No path');
    expect(say).toContain(w.grid.formatXY(w.goal));
    expect(say).toMatch(/open set is empty/);
    // A lane: wall in the opening query's goal (13,6) by its eight neighbours.
    const canvas = page.locator('#theater [data-lane="bfs"] canvas');
    await canvas.focus();
    const g = cellOf(preset('opening').goal);
    let at = cellOf(preset('opening').start);
    const go = async (to: number) => {
      const dx = G.x(to) - G.x(at), dy = G.y(to) - G.y(at);
      await press(dx > 0 ? 'ArrowRight' : 'ArrowLeft', Math.abs(dx));
      await press(dy > 0 ? 'ArrowDown' : 'ArrowUp', Math.abs(dy));
      at = to;
    };
    for (const [dx, dy] of [[-1, -1], [0, -1], [1, -1], [1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0]]) {
      const c = G.id(G.x(g) + dx, G.y(g) + dy);
      if (G.isBlocked(c)) continue;
      await go(c);
      await press(' ');
    }
    const l = lane(page, 'bfs');
    expect(await l.getAttribute('data-status')).toBe('unreachable');
    expect(await l.locator('.lane-status').textContent()).toContain('No path');
    // The ARA* lane says it in words too, not by the library's status name.
    const ara = page.locator('#theater [data-lane="ara"]');
    await expect.poll(() => ara.textContent()).toContain('No path: walls shut the goal off from the start');
    expect(await ara.textContent()).not.toContain('status unreachable');
    await page.close(); // the last test on this shared page
  });

  it('12. a widget mounts when the reader nears it: at the top of the page the figures further down wait, and each mounts once reached', async () => {
    const page = await sharedPage('all', desk, []);
    const mounted = (sel: string) => page.locator(sel).getAttribute('data-mounted');
    // The first screen's figure is up; nothing further down has cost the reader anything.
    expect(await mounted('#wedge')).toBe('true');
    for (const sel of ['#theater', '#step-player', '#replanner-apartment', '#field-widget', '#warehouse-widget', '#ex-4-widget', '#ex-5-widget']) {
      expect(await mounted(sel), `${sel} waits for the reader`).toBeNull();
    }
    // Reaching one mounts it, and leaves those far from it alone.
    await reach(page, '#field-widget');
    expect(await mounted('#ex-5-widget')).toBeNull();
    // Every box the page marked mounts once the reader has been everywhere.
    await reachAll(page);
    const boxes = await page.locator('[data-mount-box]').count();
    expect(await page.locator('[data-mount-box][data-mounted="true"]').count()).toBe(boxes);
  });

  it('7e. every form control sits in a small form of its own: a changed menu makes autofill look at a few controls, not at every control on the page', async () => {
    // Every widget mounted (scrolled through), so every form control is on the page.
    const page = await sharedPage('all', desk, 'all');
    const forms = await page.evaluate(() => {
      const controls = Array.from(document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input, select, textarea'));
      return { controls: controls.length, unowned: controls.filter((c) => c.form === null).map((c) => c.id || c.className || c.type), largest: Math.max(...Array.from(document.forms).map((f) => f.elements.length)) };
    });
    expect(forms.controls).toBeGreaterThan(30);
    expect(forms.unowned, 'controls outside any form').toEqual([]);
    expect(forms.largest, 'the most controls one form holds').toBeLessThanOrEqual(12);
  });

  it('11. the smaller ones: Step from the start, a speed menu, ARA*\'s tighter bound, the repaired route\'s words, no blank Apartment, no "red" goal', async () => {
    const page = await sharedPage('all', desk, 'all');
    // A lane's Step at the initial state shows step 1.
    const d = lane(page, 'dijkstra');
    await d.locator('.step').click();
    expect(await d.getAttribute('data-step')).toBe('1');
    // Play all has a speed menu: at 0.5x the lanes play at half the lane's rate, and are still playing a second on.
    // The steps are timed in the page, as they are shown: "still short of the end" alone held when Play did nothing.
    await page.locator('#theater-speed').selectOption('0.5');
    await d.evaluate((root: HTMLElement) => {
      const seen: [number, number][] = [];
      (window as unknown as { __steps: [number, number][] }).__steps = seen;
      new MutationObserver(() => {
        const k = Number(root.dataset.step);
        // The frame's time, the one the player steps by (a task's own clock would count how late in the frame it ran).
        if (seen.length === 0 || seen[seen.length - 1][1] !== k) seen.push([Number(document.timeline.currentTime), k]);
      }).observe(root, { attributes: true, attributeFilter: ['data-step'] });
    });
    await page.locator('#theater .play-all').click();
    const steps = () => page.evaluate(() => (window as unknown as { __steps: [number, number][] }).__steps);
    await expect.poll(async () => { const s = await steps(); return s.length > 1 ? s[s.length - 1][0] - s[0][0] : 0; }, { message: 'Play all plays the lanes' })
      .toBeGreaterThan(600);
    const seen = await steps(), [t0, k0] = seen[0], [t1, k1] = seen[seen.length - 1];
    // The player's steps follow the clock exactly (it carries fractions), so over 0.6 s or more this is the rate within 1.7 (at 0.5x 5 a second, at 1x 10).
    const rate = ((k1 - k0) * 1000) / (t1 - t0);
    expect(rate, 'steps a second at 0.5x').toBeGreaterThan(0.3 * LANE_RATE);
    expect(rate, 'steps a second at 0.5x').toBeLessThan(0.7 * LANE_RATE);
    expect(Number(await d.getAttribute('data-step'))).toBeLessThan(Number(await d.getAttribute('data-expansions')));
    // ARA*: round 2's bound uses round 1's lower bound, so it is tighter than round 1's.
    const o = preset('opening');
    const lib = ara(G, cellOf(o.start), cellOf(o.goal), H).iterations;
    const araLane = lane(page, 'ara');
    await expect.poll(() => araLane.getAttribute('data-status')).not.toBe('pending');
    const lower = lib[0].cost / lib[0].bound;
    const want = Math.min(lib[1].bound, lib[1].cost / Math.max(lower, lib[1].cost / lib[1].bound));
    expect(want).toBeLessThan(lib[0].bound - 1e-6);
    expect(await araLane.locator('tr[data-round="1"] td').nth(4).textContent()).toBe(want.toFixed(3));
    // The Apartment: the halfway closure blocks a cell of door "A west", where Rusty stands when it notices.
    const apt = page.locator('#replanner-apartment');
    const s = doorClosesScenario({ closure: 'halfway', closeAt: 1 });
    expect(s.closure.door).toBe('A west');
    const words = (await apt.locator('[data-out="cost"]').textContent())!;
    expect(words).not.toContain('via A west');
    expect(words).toContain('back out of doorway “A west”');
    // Closing at step 7 is past the closure: the widget keeps the latest step that works, with its plan drawn.
    await apt.locator('#apt-step').fill('7');
    expect(Number(await apt.getAttribute('data-close-at'))).toBeLessThan(7);
    expect(await apt.getAttribute('data-repair-pops')).not.toBe('');
    await expect.poll(async () => (await canvasPixels(page, '#replanner-apartment canvas', COLORS.path)).near, { message: 'the route is drawn' }).toBeGreaterThan(50);
    // The goal is drawn orange (vermillion) and never called red.
    expect(await page.evaluate(() => document.body.innerText)).not.toMatch(/\bred\b/i);
    await page.close(); // the last test on this shared page
  });

  /**
   * Drags over `box` along `path` (cells of a w x h grid drawn in it) and
   * measures, in the page, each pointer move to the frame after it (latency)
   * and the time between consecutive frames while the drag lasts (a frame
   * whose work takes longer than 16.7 ms shows as a longer interval).
   */
  async function timeDrag(page: Page, box: { x: number; y: number; width: number; height: number }, w: number, h: number, path: readonly (readonly [number, number])[]) {
    // The main thread's tasks are traced too: their CPU time is the figure a shared, loaded machine does not inflate.
    await browser.startTracing(page, { categories: TASK_TRACE_CATEGORIES });
    await page.evaluate(() => {
      const win = window as unknown as { __lat: number[]; __frames: number[] };
      win.__lat = [];
      win.__frames = [];
      const tick = (t: number) => { win.__frames.push(t); requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
      addEventListener('pointermove', (e) => {
        const t = e.timeStamp;
        requestAnimationFrame(() => setTimeout(() => win.__lat.push(performance.now() - t), 0));
      }, { capture: true });
    });
    const c = (x: number, y: number) => [box.x + ((x + 0.5) * box.width) / w, box.y + ((y + 0.5) * box.height) / h] as const;
    const t0 = await page.evaluate(() => performance.now());
    // The mouse is driven through the DevTools protocol, not page.mouse: while a button is held, Playwright's
    // mouse runs a script in the page on every move (to catch an HTML drag), work of the test's, not the page's.
    const cdp = await page.context().newCDPSession(page);
    const send = (type: 'mouseMoved' | 'mousePressed' | 'mouseReleased', [x, y]: readonly [number, number], held: boolean) =>
      cdp.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', buttons: held ? 1 : 0, clickCount: 1 });
    let at = c(path[0][0], path[0][1]);
    await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: at[0], y: at[1] });
    // A hand points at the goal before it presses: the pointer's arrival (the page's hover effects, drawn once)
    // has its frames before the press, and is reported on its own. Pressed at once, the arrival and the press
    // shared one task (35 to 49 ms of CPU at 4x, traced), a gesture no hand makes.
    // Two frames and 100 ms, or 2 s if the frames stall (no timeout covers a page.evaluate: harness.ts's reachAll).
    await page.evaluate(() => new Promise((r) => { setTimeout(r, 2000); requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 100))); }));
    await send('mousePressed', at, true);
    for (const [x, y] of path) {
      const to = c(x, y);
      for (let k = 1; k <= 4; k++) await send('mouseMoved', [at[0] + ((to[0] - at[0]) * k) / 4, at[1] + ((to[1] - at[1]) * k) / 4], true);
      at = to;
    }
    await send('mouseReleased', at, false);
    await cdp.detach();
    const t1 = await page.evaluate(() => performance.now());
    await page.waitForTimeout(200);
    const traced = mainThreadTasks(await browser.stopTracing());
    const tasks = traced.filter((t) => t.cpu >= 1).map((t) => t.cpu);
    // Each task by when it ran: while the pointer moves (it handled a move, or came within REST_MS of one),
    // while it rests with the button held (the lanes' words), or after the drop.
    const phase: Record<'moving' | 'resting' | 'drop', number[]> = { moving: [], resting: [], drop: [] };
    const arrival: number[] = [];
    let down = false, up = false, lastMove = -Infinity;
    for (const t of traced) {
      if (t.events.includes('pointerdown')) down = true;
      if (!down && t.events.includes('pointerover')) arrival.push(t.cpu);
      if (t.events.includes('pointermove') && !up) lastMove = t.at;
      const when = up ? 'drop' : t.at - lastMove <= REST_MS ? 'moving' : 'resting';
      if (t.events.includes('pointerup')) up = true;
      if (down && t.cpu >= 1) phase[when].push(t.cpu);
    }
    const byPhase = (Object.entries(phase) as [string, number[]][]).map(([k, v]) => `${k} ${v.length}, max ${v.length ? Math.max(...v).toFixed(1) : '-'} ms, ${v.filter((x) => x > 16.7).length} over 16.7`).join('; ');
    const { lat, frames } = await page.evaluate(() => ({ lat: (window as unknown as { __lat: number[] }).__lat, frames: (window as unknown as { __frames: number[] }).__frames }));
    const during = frames.filter((t) => t >= t0 && t <= t1);
    const gaps = during.slice(1).map((t, i) => t - during[i]);
    return {
      lat, frames: during.length,
      text: `move->next frame median ${quantile(lat, 0.5).toFixed(1)} ms, p90 ${quantile(lat, 0.9).toFixed(1)} ms, max ${quantile(lat, 1).toFixed(1)} ms; `
        + `frame intervals median ${quantile(gaps, 0.5).toFixed(1)} ms, p90 ${quantile(gaps, 0.9).toFixed(1)} ms, max ${quantile(gaps, 1).toFixed(1)} ms, `
        + `${gaps.filter((g) => g > 16.7).length} of ${gaps.length} over 16.7 ms (a vsync's jitter counts), ${gaps.filter((g) => g > 20).length} over 20 ms; `
        + `main-thread tasks of 1 ms or more (CPU time, traced, drop included): ${tasks.length}, median ${quantile(tasks, 0.5).toFixed(1)} ms, `
        + `p90 ${quantile(tasks, 0.9).toFixed(1)} ms, max ${quantile(tasks, 1).toFixed(1)} ms, ${tasks.filter((t) => t > 16.7).length} over 16.7 ms `
        + `(from the press on, by phase: ${byPhase}; the pointer's arrival before the press: ${arrival.map((x) => x.toFixed(1)).join(', ') || '-'} ms)`,
    };
  }

  it(`speed: first paint, the longest task before it, and pointer-move-to-next-frame while dragging the goal, at 1x${FULL_SPEED ? ' and 4x CPU throttling, beside the same drag on a blank page at 4x' : ' (4x and the blank page: npm run bench:page)'}`, async () => {
    const lines: string[] = [];
    const ring = [[12, 6], [12, 7], [13, 7], [14, 7], [15, 7], [15, 6], [15, 5], [14, 5], [13, 5], [12, 5], [12, 6], [13, 6]] as const;
    for (const rate of FULL_SPEED ? [1, 4] : [1]) {
      const page = await desk.newPage();
      const cdp: CDPSession = await desk.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      await page.addInitScript(() => {
        const w = window as unknown as { __long: [number, number][] };
        w.__long = [];
        new PerformanceObserver((l) => { for (const e of l.getEntries()) w.__long.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
      });
      await page.goto(site.url);
      await page.waitForSelector('html[data-ready="true"]', { timeout: 120_000 });
      await reach(page, '#theater');
      const start = await page.evaluate(() => {
        const fcp = performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint')!.startTime;
        const long = (window as unknown as { __long: [number, number][] }).__long;
        const before = long.filter(([s]) => s < fcp).map(([, d]) => d);
        return { fcp, longestBefore: before.length ? Math.max(...before) : 0, longestAfter: Math.max(0, ...long.map(([, d]) => d)), mount: JSON.parse(document.documentElement.dataset.mountMs ?? '{}') as Record<string, number> };
      });
      // Drag the goal around room B on the A* lane.
      const canvas = page.locator('#theater [data-lane="astar"] canvas');
      await canvas.scrollIntoViewIfNeeded();
      const reruns0 = Number(await page.locator('#theater').getAttribute('data-reruns'));
      const goal = preset('opening').goal;
      const drag = await timeDrag(page, (await canvas.boundingBox())!, G.width, G.height, [goal, ...ring]);
      const reruns = Number(await page.locator('#theater').getAttribute('data-reruns')) - reruns0;
      // Coalescing: never more reruns than frames (plus the one the drop settles).
      expect(reruns).toBeLessThanOrEqual(drag.frames + 1);
      expect(drag.lat.length).toBeGreaterThan(40);
      lines.push(`[speed ${rate}x] first contentful paint ${start.fcp.toFixed(0)} ms; longest task before it ${start.longestBefore.toFixed(0)} ms `
        + `(longest after it ${start.longestAfter.toFixed(0)} ms; theater mount ${start.mount.theater} ms); `
        + `drag: ${drag.lat.length} pointer moves, ${drag.text}; ${reruns} lane reruns in ${drag.frames} frames`);
      await page.close();

      // The floor this machine sets: the same drag over a lone canvas that repaints on every move
      // (at 4x only: at 1x neither comes near a frame's budget).
      if (rate !== 4) continue;
      const blank = await desk.newPage();
      await (await desk.newCDPSession(blank)).send('Emulation.setCPUThrottlingRate', { rate });
      await blank.setContent('<canvas width="480" height="200"></canvas><script>'
        + 'const x = document.querySelector("canvas").getContext("2d"); let i = 0;'
        + 'addEventListener("pointermove", () => requestAnimationFrame(() => { x.fillStyle = i++ % 2 ? "#c00" : "#00c"; x.fillRect(0, 0, 480, 200); }));'
        + '</script>');
      const floor = await timeDrag(blank, (await blank.locator('canvas').boundingBox())!, G.width, G.height, [goal, ...ring]);
      lines.push(`[speed ${rate}x, blank page with one canvas] ${floor.text}`);
      await blank.close();
    }
    for (const l of lines) console.log(l);
  });
});
