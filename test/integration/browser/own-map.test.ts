import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { octile, Searcher, COST_TO_COME, HEURISTIC_ONLY, LINK_LENGTH, sum, type Grid, type Priority } from '#bestfirst';
import { parseMap, parseRosMap, toGrid } from '#bestfirst/io';
import { mkdirSync } from 'node:fs';
import { browserAvailability, buildAndServe, CHROMIUM, CHROMIUM_ARGS, failWithoutBrowser, mainThreadTasks, openPage, reach, SHOTS, keepShot, TASK_TRACE_CATEGORIES, type BuiltPage, quantile } from './harness.js';

/**
 * Issue 15's "bring your own map" panel in the Search Theater: files given
 * through the file input (a Moving AI map and its scenarios, a broken map, a
 * ROS map), the lanes' counters against the library's run here in Node on
 * the same map, start and goal, the main thread's ticks while the worker
 * searches a 1024 x 1024 map, Cancel, and (printed, `-t figures`) the time
 * to load and first-search orz900d with the frame intervals of its playback.
 */
const SUITE = 'test/integration/browser/own-map.test.ts (bring your own map)';
const avail = browserAvailability(SUITE);
failWithoutBrowser(avail, 'own-map browser tests');

/** The theater's four lanes as the library is asked for them here, written out. */
const LANES: [string, Priority][] = [['bfs', LINK_LENGTH], ['dijkstra', COST_TO_COME], ['greedy', HEURISTIC_ONLY], ['astar', sum(1)]];
const file = (name: string, bytes: string | Uint8Array) => ({ name, mimeType: 'application/octet-stream', buffer: Buffer.from(bytes) });

describe.runIf(avail.run)('bring your own map, in Chromium', () => {
  let site: BuiltPage;
  let browser: Browser;
  let page: Page;
  let root: Locator;
  const problems: string[] = [];
  beforeAll(async () => {
    // A browser of our own, not a persistent context: the worker test traces the main thread's tasks.
    site = await buildAndServe();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
    mkdirSync(SHOTS, { recursive: true });
    // One page for the whole file: every test below loads its map into the same panel.
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // What passes between the page and its workers about a query (a cancel sent; a lane's result, a stop received),
    // in the order the page sees it, so a test can see the worker let go of a cancelled query.
    await ctx.addInitScript(() => {
      const log: string[] = [];
      // With __holdStopped set, the workers' 'stopped' messages wait until __releaseStopped() (a test makes one come late).
      const w = window as unknown as { __workerLog: string[]; __holdStopped: boolean; __releaseStopped: () => void };
      w.__workerLog = log;
      w.__holdStopped = false;
      const held: (() => void)[] = [];
      w.__releaseStopped = () => { for (const send of held.splice(0)) send(); };
      const Base = window.Worker;
      window.Worker = class extends Base {
        constructor(url: string | URL, options?: WorkerOptions) {
          super(url, options);
          const released = new WeakSet<Event>();
          this.addEventListener('message', (e: MessageEvent) => {
            const m = e.data as { type?: unknown; seq?: unknown; why?: unknown } | null;
            if (m?.type === 'stopped' && w.__holdStopped && !released.has(e)) {
              // Registered before the page's onmessage: the page does not see it until it is sent again.
              e.stopImmediatePropagation();
              held.push(() => { const again = new MessageEvent('message', { data: e.data }); released.add(again); this.dispatchEvent(again); });
              return;
            }
            if (m?.type === 'stopped') log.push(`stopped ${String(m.seq)} ${String(m.why)}`);
            if (m?.type === 'lane') log.push(`lane ${String(m.seq)}`);
          });
        }
        override postMessage(m: unknown, ...rest: unknown[]): void {
          const c = m as { type?: unknown; seq?: unknown } | null;
          if (c?.type === 'cancel') log.push(`cancel ${String(c.seq)}`);
          (super.postMessage as (...a: unknown[]) => void)(m, ...rest);
        }
      };
    });
    page = await openPage(ctx, site.url, problems);
    root = page.locator('#own-map');
    await reach(page, '#own-map');
    await page.waitForFunction(() => { const s = document.getElementById('own-map')?.dataset.status; return s && s !== 'loading'; }, null, { timeout: 60_000 });
  });
  afterAll(async () => { await browser?.close(); await site?.close(); });

  const state = (name: string) => root.getAttribute(`data-${name}`);
  const open = async (files: ReturnType<typeof file>[], speed = 'Infinity') => {
    await page.locator('#om-speed').selectOption(speed);
    const seq = Number(await state('seq'));
    await page.locator('#om-file').setInputFiles(files);
    return seq;
  };
  const settled = async (seq: number) => {
    await expect.poll(async () => Number(await state('seq')) > seq && (await state('status')) === 'done', { timeout: 60_000 }).toBe(true);
  };
  /** Every lane's counters against the library's search from the page's start to its goal. */
  const sameAsLibrary = async (grid: Grid) => {
    const start = Number(await state('start')), goal = Number(await state('goal'));
    for (const [id, priority] of LANES) {
      const s = new Searcher(grid);
      s.search(start, goal, { priority, heuristic: octile(grid), reopen: false });
      const lane = root.locator(`[data-om-lane="${id}"]`);
      const got = await lane.evaluate((e) => ({ ...(e as HTMLElement).dataset }));
      expect({ lane: id, status: got.status, expansions: Number(got.expansions), cost: Number(got.cost), links: Number(got.links) })
        .toEqual({ lane: id, status: s.status, expansions: s.expansions, cost: s.cost, links: (s.path()?.length ?? 0) - 1 });
    }
    return { start, goal };
  };

  it('a Moving AI map and its scenario file, opened with the file input: the scenario\'s last row is the query, and every lane\'s counters are the library\'s', async () => {
    const mapText = readFileSync('data/movingai/dao/den312d.map', 'utf8'), scenText = readFileSync('data/movingai/dao/den312d.map.scen', 'utf8');
    // What the status line says at the moment the timing line says the searches ended.
    await page.evaluate(() => {
      const timing = document.querySelector('#own-map .om-timing')!, w = window as unknown as { __statusAtTiming: string[] };
      w.__statusAtTiming = [];
      new MutationObserver(() => { if (timing.textContent) w.__statusAtTiming.push(document.getElementById('om-status')!.textContent ?? ''); })
        .observe(timing, { childList: true, characterData: true, subtree: true });
    });
    const seq = await open([file('den312d.map', mapText), file('den312d.map.scen', scenText)]);
    await settled(seq);
    expect(await state('map')).toBe('den312d.map');
    const grid = parseMap(mapText, 'den312d.map');
    const { start, goal } = await sameAsLibrary(grid);
    const last = scenText.trim().split('\n').pop()!.split('\t').map(Number);
    expect([start, goal]).toEqual([grid.id(last[4], last[5]), grid.id(last[6], last[7])]);
    // When the timing line says the searches ended, the status line no longer says they run.
    await expect.poll(() => root.locator('.om-timing').textContent()).toMatch(/the four searches took/);
    const atTiming = await page.evaluate(() => (window as unknown as { __statusAtTiming: string[] }).__statusAtTiming);
    expect(atTiming.length).toBeGreaterThan(0);
    for (const status of atTiming) expect(status).not.toMatch(/in the background/);
    // A click on a free cell moves the goal, and the lanes run again (counters again the library's).
    await page.locator('#om-set-goal').click();
    const stage = root.locator('[data-om-lane="astar"] .om-stage');
    await stage.scrollIntoViewIfNeeded();
    const box = (await stage.boundingBox())!;
    // A free cell a few steps from the start (the nearest one, in reading order, at least 3 cells away).
    const sx = start % grid.width, sy = Math.floor(start / grid.width);
    let free = -1;
    for (let r = 3; free < 0; r++) {
      for (let y = sy - r; y <= sy + r && free < 0; y++) for (let x = sx - r; x <= sx + r && free < 0; x++) {
        if (grid.inside(x, y) && !grid.isBlocked(grid.id(x, y)) && grid.id(x, y) !== goal) free = grid.id(x, y);
      }
    }
    const before = Number(await state('seq'));
    await page.mouse.click(box.x + ((free % grid.width) + 0.5) * (box.width / grid.width), box.y + (Math.floor(free / grid.width) + 0.5) * (box.height / grid.height));
    await settled(before);
    expect(Number(await state('goal'))).toBe(free);
    await sameAsLibrary(grid);
    await page.locator('#om-set-start').click();
    expect(problems).toEqual([]);
  });

  it('a malformed map: the library\'s exact message inline, and the last good map stays', async () => {
    const bad = 'type octile\nheight 3\nwidth 4\nmap\n....\n..x.\n....\n';
    let want = '';
    try { parseMap(bad, 'broken.map'); } catch (e) { want = (e as Error).message; }
    expect(want).toMatch(/^broken\.map:6:3: /);
    const shown = await state('map');
    expect(shown).not.toBeNull();
    const menu = () => page.locator('#om-map option:checked').textContent();
    const named = await menu();
    await open([file('broken.map', bad)]);
    await expect.poll(() => state('status')).toBe('error');
    // The menu names the map the lanes show, not the refused file.
    expect(await menu()).toBe(named);
    expect(await page.locator('#om-error .om-message').textContent()).toBe(want);
    expect(await page.locator('#om-error').getAttribute('data-source')).toBe('library');
    expect(await page.locator('#om-error').isVisible()).toBe(true);
    expect(await state('map'), 'the lanes still show the last map').toBe(shown);
    // The page's own rule, for files that cannot be a map at all.
    await open([file('notes.txt', 'hello')]);
    await expect.poll(() => page.locator('#om-error .om-message').textContent()).toMatch(/^Not a map file: notes\.txt\./);
    expect(await page.locator('#om-error').getAttribute('data-source')).toBe('page');
    expect(await menu()).toBe(named);
    // Dropped onto the panel instead of opened: the same reader, the same words.
    await root.evaluate((r, text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], 'dropped.map'));
      r.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    }, bad.replace('..x.', '..y.'));
    await expect.poll(() => page.locator('#om-error .om-message').textContent()).toBe(want.replace('broken.map', 'dropped.map').replace('"x"', '"y"'));
    expect(problems).toEqual([]);
  });

  it('a ROS map: its yaml and pgm opened together load through the library\'s ROS reader, searched in metres', async () => {
    const yaml = readFileSync('data/ros/depot.yaml', 'utf8'), pgm = gunzipSync(readFileSync('data/ros/depot.pgm.gz'));
    const seq = await open([file('depot.yaml', yaml), file('depot.pgm', pgm)]);
    await settled(seq);
    expect(await page.locator('#om-error').isVisible()).toBe(false);
    const grid = toGrid(parseRosMap(yaml, pgm, 'depot.yaml'), { unknown: 'blocked' });
    expect([await state('map'), Number(await state('width')), Number(await state('height'))]).toEqual(['depot.yaml', grid.width, grid.height]);
    const { start, goal } = await sameAsLibrary(grid);
    expect(await root.locator('.om-about').textContent()).toContain('metres');
    // The default start and goal stand inside the map with room around them, not on its outer edge
    // (the depot's free border gave (603,297) on a map 604 cells wide).
    const room = (n: number) => {
      const x = n % grid.width, y = Math.floor(n / grid.width);
      let r = Math.min(x + 1, y + 1, grid.width - x, grid.height - y);
      for (let m = 0; m < grid.size; m++) if (grid.isBlocked(m)) r = Math.min(r, Math.hypot(m % grid.width - x, Math.floor(m / grid.width) - y));
      return r;
    };
    for (const n of [start, goal]) expect(room(n), `${grid.formatXY(n)}: room around it`).toBeGreaterThanOrEqual(3);
    expect(problems).toEqual([]);
  });

  it('figures: orz900d from the menu, the time to load and first-search it, and the frame intervals of its playback at 1x', async () => {
    await page.locator('#om-speed').selectOption('1');
    await page.evaluate(() => {
      const w = window as unknown as { __frames: [number, string][]; __stop: boolean };
      w.__frames = [];
      w.__stop = false;
      // Each frame with the panel's state at that moment, so the playback's frames can be told from the loading's.
      const tick = (t: number) => { w.__frames.push([t, document.getElementById('own-map')!.dataset.status ?? '']); if (!w.__stop) requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
    });
    const seq = Number(await state('seq'));
    await page.locator('#om-map').selectOption('dao');
    await settled(seq);
    const frames = await page.evaluate(() => { const w = window as unknown as { __frames: [number, string][]; __stop: boolean }; w.__stop = true; return w.__frames; });
    /** Intervals between consecutive frames that both saw the panel in a state `keep` accepts. */
    const intervals = (keep: (s: string) => boolean) => frames.flatMap(([t, s], i) => (i > 0 && keep(s) && keep(frames[i - 1][1]) ? [t - frames[i - 1][0]] : []));
    const gaps = intervals((s) => s === 'playing');
    const before = intervals((s) => s !== 'playing' && s !== 'done');
    const timing = await root.locator('.om-timing').textContent();
    console.log(`[own map, orz900d 1491 x 656] from choosing it: map drawn ${await state('load-ms')} ms, first lane's search done ${await state('first-result-ms')} ms, `
      + `first path shown ${await state('first-path-ms')} ms (at 1x playback); ${timing}`);
    console.log(`[own map, orz900d playback at 1x] ${gaps.length} frame intervals: median ${quantile(gaps, 0.5).toFixed(1)} ms, p90 ${quantile(gaps, 0.9).toFixed(1)} ms, `
      + `max ${quantile(gaps, 1).toFixed(1)} ms, ${gaps.filter((g) => g > 20).length} over 20 ms; before the playback (reading, drawing the map, searching): `
      + `${before.length} intervals, median ${quantile(before, 0.5).toFixed(1)} ms, max ${quantile(before, 1).toFixed(1)} ms`);
    expect(await state('map')).toBe('orz900d.map');
    const grid = parseMap(readFileSync('data/movingai/dao/orz900d.map', 'utf8'), 'orz900d.map');
    await sameAsLibrary(grid);
    expect(problems).toEqual([]);
  });

  it('the worker: while a 1024 x 1024 map is read and searched the main thread keeps ticking and answers clicks; Cancel stops the search with a status', async () => {
    const side = 1024;
    const open1024 = ['type octile', `height ${side}`, `width ${side}`, 'map', ...Array(side).fill('.'.repeat(side))].join('\n') + '\n';
    // The timer starts once the file is in the page: Playwright's own copy of the 1 MB into the page is no work of the page's.
    const seq = await open([file('open1024.map', open1024)], '1');
    // The main thread's tasks in CPU time (what a machine shared with other work does not inflate), beside the timer's wall-clock gaps.
    await browser.startTracing(page, { categories: TASK_TRACE_CATEGORIES });
    await page.evaluate(() => {
      const w = window as unknown as { __ticks: number[]; __stop: boolean };
      w.__ticks = [];
      w.__stop = false;
      const tick = () => { w.__ticks.push(performance.now()); if (!w.__stop) setTimeout(tick, 5); };
      tick();
    });
    await expect.poll(async () => Number(await state('seq')) > seq && (await state('searching')) === 'true', { timeout: 60_000, interval: 20 }).toBe(true);
    // Input during the search is handled at once: the toggle flips.
    const t0 = Date.now();
    await page.locator('#om-set-goal').click();
    expect(await page.locator('#om-set-goal').getAttribute('aria-pressed')).toBe('true');
    const clickMs = Date.now() - t0;
    await page.locator('#om-cancel').click();
    expect(await state('status')).toBe('cancelled');
    const how = await state('cancel-how');
    expect(how).toMatch(/^(search|playback)$/);
    expect(await page.locator('#om-status').textContent()).toMatch(/^Cancelled/);
    // The worker lets go of the query between lanes, or the page ends it after CANCEL_GRACE_MS.
    const cancelled = await state('seq');
    await page.waitForTimeout(400);
    // Stopped, not merely labelled so. Cancelled during the search: the page sent the cancel, and the worker let go
    // (it answered, or the page ended it) with at most the lane it was running finished after, plus one already on its
    // way; the worker may also have finished its last lane as the cancel went out ('done'). A page that never told
    // the worker would see it run every lane left. Cancelled during the playback: the worker had said it was done.
    const worker = () => page.evaluate(() => (window as unknown as { __workerLog: string[] }).__workerLog.slice());
    if (how === 'search') {
      await expect.poll(async () => {
        const log = await worker(), at = log.indexOf(`cancel ${cancelled}`);
        if (at < 0) return 'no cancel sent';
        const after = log.slice(at + 1);
        const lanes = after.filter((e) => e === `lane ${cancelled}`).length;
        if (lanes > 2) return `${lanes} lanes finished after the cancel`;
        const ended = (await state('cancel-how')) === 'worker ended';
        return ended || after.includes(`stopped ${cancelled} cancelled`) || after.includes(`stopped ${cancelled} done`) ? 'let go' : 'still searching';
      }, { message: 'the worker let go of the cancelled search' }).toBe('let go');
    } else {
      const log = await worker();
      expect(log, 'cancelled during the playback: the search had ended').toContain(`stopped ${cancelled} done`);
      expect(log).not.toContain(`cancel ${cancelled}`);
    }
    const tasks = mainThreadTasks(await browser.stopTracing()).map((t) => t.cpu);
    const ticks = await page.evaluate(() => { const w = window as unknown as { __ticks: number[]; __stop: boolean }; w.__stop = true; return w.__ticks; });
    const gaps = ticks.slice(1).map((t, i) => t - ticks[i]);
    const max = Math.max(...gaps);
    console.log(`[own map, 1024 x 1024] main-thread 5 ms timer while the map was read and searched: ${gaps.length} gaps, median ${quantile(gaps, 0.5).toFixed(1)} ms, `
      + `p90 ${quantile(gaps, 0.9).toFixed(1)} ms, max ${max.toFixed(1)} ms; a click on a toggle answered in ${clickMs} ms (Playwright round trip); cancelled during the ${how}`
      + `${(await state('cancel-how')) === 'worker ended' ? ', the worker ended by the page' : ''}; main-thread tasks (CPU): ${tasks.length}, `
      + `longest ${Math.max(...tasks).toFixed(1)} ms, ${tasks.filter((t) => t > 16.7).length} over 16.7 ms`);
    // The searches of this map take over a second of CPU: run on the main thread, they would be a task that long.
    // Asserted in CPU time: the timer's wall-clock gaps (printed above) also count the time a machine shared with
    // other work leaves the thread waiting (a gap of 1.6 s was seen under npm test at load 14, its longest task 56 ms of CPU).
    // The bound sits well under the search (over a second) and is no frame budget: the longest task
    // took 61 to 71 ms of CPU at quiet load, but 152 ms in a fresh clone's CI run at load 4 to 5, and 212 ms at load 9;
    // at 150 the test failed on load alone. How long the page's tasks are is measured in the speed tests, not here.
    expect(Math.max(...tasks), 'no main-thread task near the worker\'s search time').toBeLessThan(400);
    // The worker is there again after a cancel: a small map loads and runs to its end.
    await page.locator('#om-speed').selectOption('Infinity');
    const again = Number(await state('seq'));
    await page.locator('#om-map').selectOption('street');
    await settled(again);
    expect(await state('map')).toBe('Berlin_0_256.map');
    expect(problems).toEqual([]);
  });

  it('a cancel as the worker finishes: its late "done" leaves the status saying cancelled', async () => {
    // Seen in CI: the 1024 x 1024 test above cancelled as the worker ended its last lane, and the worker's 'done', which
    // came after the cancel, put the finished query's words back over "Cancelled". Here the 'done' is held until after
    // the click, so the order is certain.
    await page.evaluate(() => { (window as unknown as { __holdStopped: boolean }).__holdStopped = true; });
    const before = await open([file('open48.map', ['type octile', 'height 48', 'width 48', 'map', ...Array(48).fill('.'.repeat(48))].join('\n') + '\n')], '1');
    try {
      // Every lane's result is in, the worker's 'done' held back: the page still counts the query as searching.
      await expect.poll(async () => {
        const seq = Number(await state('seq'));
        const lanes = (await page.evaluate(() => (window as unknown as { __workerLog: string[] }).__workerLog.slice())).filter((e) => e === `lane ${seq}`).length;
        return seq > before && lanes === LANES.length;
      }, { timeout: 60_000 }).toBe(true);
      await page.locator('#om-cancel').click();
      expect([await state('status'), await state('cancel-how')]).toEqual(['cancelled', 'search']);
    } finally {
      await page.evaluate(() => {
        const w = window as unknown as { __holdStopped: boolean; __releaseStopped: () => void };
        w.__holdStopped = false;
        w.__releaseStopped();
      });
    }
    const seq = await state('seq');
    await expect.poll(async () => (await page.evaluate(() => (window as unknown as { __workerLog: string[] }).__workerLog.slice())).includes(`stopped ${seq} done`)).toBe(true);
    expect(await state('status')).toBe('cancelled');
    expect(await page.locator('#om-status').textContent()).toMatch(/^Cancelled while the worker was still searching\. /);
  });

  it('at 390 px nothing scrolls sideways or sticks out of the panel (screenshots at 1280 and 390 px with npm run screenshots)', async () => {
    await keepShot(root, `own-map-1280.png`, { scale: 'css' });
    await page.setViewportSize({ width: 390, height: 844 });
    await root.scrollIntoViewIfNeeded();
    await page.waitForTimeout(200);
    await keepShot(root, `own-map-390.png`, { scale: 'css' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const widest = await root.evaluate((r) => Math.max(...Array.from(r.querySelectorAll('*')).map((e) => e.getBoundingClientRect().right)) - r.getBoundingClientRect().right);
    expect(widest, 'nothing in the panel sticks out of it').toBeLessThanOrEqual(1);
  });
});
