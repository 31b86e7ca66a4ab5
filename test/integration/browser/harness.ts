import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { failWithoutTool, toolAvailability, type ToolCheck } from '../../support/required-tool.js';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
  // Chromium 156 renders its omnibox popup (a Lit app, chrome://omnibox-popup.top-chrome) in a hidden renderer of
  // its own, headless or not: traced, 400 to 770 ms of CPU per page opened, on a two-core machine shared with the
  // page under test. Without it a page opens to data-ready in 1.9 s instead of 2.6 to 2.9 s (same load).
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup,PreloadTopChromeWebUI',
];

/** Chromium as a tool the browser suites need (test/support/required-tool.ts). */
const chromiumCheck = (suite: string): ToolCheck => ({
  suite, present: existsSync(CHROMIUM), missing: `${CHROMIUM} was not found, so the page's browser tests did not run.`,
  install: 'apt-get install -y chromium', env: 'BESTFIRST_REQUIRE_BROWSER',
});

/**
 * Whether the browser suite runs. Without Chromium it is skipped with a loud
 * banner, unless BESTFIRST_REQUIRE_BROWSER=1 (CI), where the missing browser
 * is a failure.
 */
export function browserAvailability(suite: string): { run: boolean; mustFail: boolean } {
  return toolAvailability(chromiumCheck(suite));
}

/**
 * Registers the failing test that stands in for a suite when Chromium is
 * missing but required (BESTFIRST_REQUIRE_BROWSER=1), so CI cannot go green
 * without the browser. Does nothing otherwise.
 */
export function failWithoutBrowser(avail: { mustFail: boolean }, suite: string): void {
  failWithoutTool(avail, chromiumCheck(suite));
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2', '.woff': 'font/woff', '.ttf': 'font/ttf', '.png': 'image/png', '.json': 'application/json',
};

export interface BuiltPage { url: string; dir: string; close(): Promise<void> }

/** What the built page is made from: a change to any of these makes a new build. */
const PAGE_SOURCES = ['web', 'src', 'vite.config.ts', 'package.json', 'package-lock.json'];

/** A hash of the page's sources (paths, sizes and bytes), naming its build. */
function sourcesHash(): string {
  const hash = createHash('sha256');
  const add = (path: string): void => {
    const st = statSync(path);
    if (st.isDirectory()) { for (const name of readdirSync(path).sort()) add(join(path, name)); return; }
    hash.update(`${path}\0${st.size}\0`);
    hash.update(readFileSync(path));
  };
  for (const p of PAGE_SOURCES) if (existsSync(p)) add(p);
  return hash.digest('hex').slice(0, 16);
}

/**
 * The page built with the project's vite.config.ts into a temporary folder
 * named by the hash of its sources (so a test never depends on, or
 * clobbers, dist/web). The browser suites run in parallel workers and each
 * needs the same build: the first to arrive builds it under a lock (a
 * folder made atomically) while the others wait, and every later suite of
 * the run, and of later runs on unchanged sources, reuses it. A vite build
 * takes about 5 s of CPU, once instead of once per suite.
 */
async function builtPage(): Promise<string> {
  const dir = join(tmpdir(), `bestfirst-web-${sourcesHash()}`);
  const done = join(dir, '.built');
  const lock = `${dir}.lock`;
  for (let waited = 0; !existsSync(done); waited += 200) {
    try {
      mkdirSync(lock);
    } catch {
      // Another worker builds it; a lock older than two minutes is a build that died.
      if (waited > 120_000) rmSync(lock, { recursive: true, force: true });
      await new Promise((ok) => setTimeout(ok, 200));
      continue;
    }
    try {
      if (!existsSync(done)) {
        // Builds of older sources go after a day (not sooner: another checkout may be testing its own build now).
        for (const old of readdirSync(tmpdir())) {
          const path = join(tmpdir(), old);
          if (/^bestfirst-web-[0-9a-f]{16}$/.test(old) && Date.now() - statSync(path).mtimeMs > 86_400_000) rmSync(path, { recursive: true, force: true });
        }
        const { build } = await import('vite');
        await build({ configFile: resolve('vite.config.ts'), logLevel: 'warn', build: { outDir: dir, emptyOutDir: true } });
        writeFileSync(done, '');
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return dir;
}

/**
 * Builds the page (once for all suites: builtPage) and serves that static
 * folder from 127.0.0.1 on a free port — exactly what ships.
 */
export async function buildAndServe(): Promise<BuiltPage> {
  return serveFolder(await builtPage());
}

/** A static server of `dir` on a free port of 127.0.0.1 (nothing outside `dir` is served). */
export async function serveFolder(dir: string): Promise<BuiltPage> {
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = normalize(join(dir, path === '/' ? 'index.html' : path));
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    dir,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

/**
 * Opens the page in a new tab of `ctx` (at `size`, or the context's own
 * viewport), recording every console error or warning, page error, failed
 * request and HTTP error into `problems`, and waits until the page says its
 * widgets are mounted.
 */
export async function openPage(ctx: BrowserContext, url: string, problems: string[], size?: { width: number; height: number }): Promise<Page> {
  const page = await ctx.newPage();
  if (size) await page.setViewportSize(size);
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`); });
  await page.goto(url);
  await page.waitForSelector('html[data-ready="true"]', { timeout: 60_000 });
  return page;
}

/**
 * Pages shared by a suite's tests, in the file's order, one per key: an open
 * of the page costs 2 to 4 s on a loaded two-core machine, and most tests
 * only need their widgets mounted. The first test to ask for a key opens the
 * page (`open`); a later one gets the same page after `again` (which reaches
 * its widgets). A test on a shared page starts from what the one before it
 * left: each says what state it needs and sets it with the page's own
 * controls, or keeps to widgets the others do not touch. Run alone (-t), a
 * test opens the page itself. The last test of a run closes the page: a
 * page left open keeps drawing and running its workers behind the next
 * tests (measured: a where-used page left open starved the warehouse's
 * planner into 'stopped'); a key asked for after its page closed opens anew.
 */
export function pageSharer<W>(open: (widgets: W) => Promise<Page>, again: (page: Page, widgets: W) => Promise<void>): (key: string, widgets: W) => Promise<Page> {
  const pages = new Map<string, Promise<Page>>();
  return async (key, widgets) => {
    const first = pages.get(key);
    if (first === undefined) {
      const page = open(widgets);
      pages.set(key, page);
      void page.then((p) => p.once('close', () => { if (pages.get(key) === page) pages.delete(key); }), () => {});
      return page;
    }
    const page = await first;
    await again(page, widgets);
    return page;
  };
}

/**
 * Scrolls to each widget box (`selector`: the box a mount task fills, such as
 * '#robot-widget') as a reader would, and waits until the page has mounted
 * it: the page mounts a widget only when the reader comes near it
 * (web/src/common/schedule.ts), so a test reaches every widget it uses.
 */
export async function reach(page: Page, ...selectors: string[]): Promise<void> {
  for (const sel of selectors) {
    await page.locator(sel).first().scrollIntoViewIfNeeded();
    await page.waitForSelector(`${sel}[data-mounted="true"]`, { state: 'attached', timeout: 60_000 });
  }
}

/**
 * Scrolls through the whole page, top to bottom, so that every widget
 * mounts; then back to the top. Each step waits for a frame, or a quarter
 * of a second without one: once, under CI's load, a page's frames stopped,
 * and a scroll that waited on requestAnimationFrame alone never ended (no
 * timeout covers a page.evaluate), so every test sharing that page sat out
 * its two minutes in turn, fifteen minutes in all. Now such a page still
 * scrolls through, and the wait below fails after `mountWithin` ms (a
 * minute), naming the widgets that did not mount.
 */
export async function reachAll(page: Page, mountWithin = 60_000): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise<void>((ok) => {
      const late = setTimeout(ok, 250);
      requestAnimationFrame(() => setTimeout(() => { clearTimeout(late); ok(); }, 0));
    });
    for (let y = 0, steps = 0; y < document.documentElement.scrollHeight && steps < 400; y += innerHeight, steps++) { scrollTo(0, y); await frame(); }
  });
  const unmounted = () => Array.from(document.querySelectorAll<HTMLElement>('[data-mount-box]')).filter((b) => b.dataset.mounted !== 'true').map((b) => `#${b.id || '?'}`);
  try {
    await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLElement>('[data-mount-box]')).every((b) => b.dataset.mounted === 'true'), undefined, { timeout: mountWithin });
  } catch (e) {
    throw new Error(`reachAll: widgets not mounted after ${mountWithin} ms: ${(await page.evaluate(unmounted).catch(() => ['(the page did not answer)'])).join(', ')}`, { cause: e });
  }
  await page.evaluate(() => scrollTo(0, 0));
}

/**
 * Pixel counts of a canvas: how many are not the background white, and how
 * many are within 12 (summed over r, g, b) of the colour `hex` ('#rrggbb').
 * Reads a copy, so the page's own canvas never sees a readback (Chromium
 * warns about repeated ones).
 */
export function canvasPixels(page: Page, selector: string, hex: string): Promise<{ inked: number; near: number; total: number }> {
  return page.evaluate(([sel, color]) => {
    const c = document.querySelector(sel) as HTMLCanvasElement;
    const copy = document.createElement('canvas');
    copy.width = c.width; copy.height = c.height;
    const cx = copy.getContext('2d', { willReadFrequently: true })!;
    cx.drawImage(c, 0, 0);
    const d = cx.getImageData(0, 0, c.width, c.height).data;
    const want = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16));
    let inked = 0, near = 0;
    for (let i = 0; i < d.length; i += 4) {
      if (d[i] < 245 || d[i + 1] < 245 || d[i + 2] < 245) inked++;
      if (Math.abs(d[i] - want[0]) + Math.abs(d[i + 1] - want[1]) + Math.abs(d[i + 2] - want[2]) <= 12) near++;
    }
    return { inked, near, total: d.length / 4 };
  }, [selector, hex] as const);
}

/**
 * The pixels of the element `selector` as the screen shows them: an
 * element screenshot (device pixels), decoded in the page, handed to
 * `read` there with `arg`. Canvases drawn off the main thread (the
 * theater's lanes: web/src/common/figure-thread.ts) can be read no other
 * way: their own 2D context belongs to the figure worker. `read` runs in
 * the page, so it may use nothing from the test's scope but `arg`.
 */
export async function shownPixels<A, R>(page: Page, selector: string,
  read: (data: Uint8ClampedArray, width: number, height: number, arg: A) => R, arg: A): Promise<R> {
  const png = await page.locator(selector).screenshot({ animations: 'disabled', scale: 'device' });
  return page.evaluate(async ({ b64, src, a }) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext('2d', { willReadFrequently: true })!;
    ctx.drawImage(img, 0, 0);
    const f = (0, eval)(`(${src})`) as (d: Uint8ClampedArray, w: number, h: number, arg: unknown) => unknown;
    return f(ctx.getImageData(0, 0, c.width, c.height).data, c.width, c.height, a);
  }, { b64: png.toString('base64'), src: read.toString(), a: arg as unknown }) as Promise<R>;
}

/** Trace categories that record the renderer's tasks with their CPU time. */
export const TASK_TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline'];

/**
 * The top-level tasks of the page's main thread in a Chromium trace
 * (browser.startTracing with TASK_TRACE_CATEGORIES), each with its CPU time
 * (thread time: what the thread itself ran, so other programs on a shared
 * machine do not count, while CPU throttling does) and its wall time, in ms,
 * when it began (ms, on the trace's clock) and the input events it
 * dispatched ('pointermove', 'pointerup', ...). A frame is one such task: a
 * task over 16.7 ms of CPU is a frame the thread could not finish within one
 * vsync.
 */
export function mainThreadTasks(trace: Buffer): { cpu: number; wall: number; at: number; events: string[] }[] {
  type Ev = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: { name?: string; data?: { type?: string } } };
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: Ev[] }).traceEvents;
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  // The page's main thread is the busiest renderer main thread in the trace.
  const count = new Map<string, number>();
  for (const e of events) { const k = `${e.pid}:${e.tid}`; if (mains.has(k)) count.set(k, (count.get(k) ?? 0) + 1); }
  const main = [...count.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && e.dur !== undefined);
  const tops = onMain.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask').sort((a, b) => a.ts - b.ts);
  const dispatched = onMain.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type).sort((a, b) => a.ts - b.ts);
  const out: { cpu: number; wall: number; at: number; events: string[] }[] = [];
  let end = -Infinity, d = 0;
  for (const e of tops) {
    if (e.ts < end) continue; // nested
    end = e.ts + e.dur!;
    while (d < dispatched.length && dispatched[d].ts < e.ts) d++;
    const types: string[] = [];
    for (let k = d; k < dispatched.length && dispatched[k].ts < end; k++) types.push(dispatched[k].args!.data!.type!);
    out.push({ cpu: (e.tdur ?? e.dur!) / 1000, wall: e.dur! / 1000, at: e.ts / 1000, events: types });
  }
  // Nothing found means the trace's names changed, not a page without work: a bound on the longest
  // task would then hold over an empty list (Math.max() of nothing is -Infinity) and check nothing.
  if (out.length === 0) throw new Error(`mainThreadTasks: no ${main === undefined ? 'CrRendererMain thread' : 'RunTask on the page\'s main thread'} in the trace; have Chromium's trace event names changed?`);
  return out;
}

/** The page coordinates of the centre of cell n (row-major, `cols` x `rows` cells) of a canvas shown in `box`. */
export function cellCentre(box: { x: number; y: number; width: number; height: number }, cols: number, rows: number, n: number): { x: number; y: number } {
  return { x: box.x + ((n % cols) + 0.5) * (box.width / cols), y: box.y + (Math.floor(n / cols) + 0.5) * (box.height / rows) };
}

/** The f-quantile of `a` (0.5 the median, 1 the largest): what the speed checks print. */
export function quantile(a: readonly number[], f: number): number {
  const s = a.slice().sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.floor(f * s.length))];
}

/** Where the browser suites write their screenshots (`npm run screenshots`). */
export const SHOTS = 'test-output/screenshots';

/**
 * Screenshots for a reader's eyes are written only when asked for
 * (BESTFIRST_SCREENSHOTS=1, as `npm run screenshots` does): the 55 PNGs
 * took 40 s of the browser suites' summed test time (17 s of their wall
 * time on two cores) in every `npm test`, and no test reads them back. The checks beside them (nothing scrolls
 * sideways, text sizes, pixels) run either way.
 */
export const WRITE_SHOTS = process.env.BESTFIRST_SCREENSHOTS === '1';

/** Writes `file` (under SHOTS) from a page or an element, when screenshots are asked for. */
export async function keepShot(target: Page | Locator, file: string, options: { fullPage?: boolean; scale?: 'css' | 'device' } = {}): Promise<void> {
  if (!WRITE_SHOTS) return;
  await target.screenshot({ path: `${SHOTS}/${file}`, ...options });
}

export interface Session { site: BuiltPage; ctx: BrowserContext; close(): Promise<void> }

/**
 * Builds and serves the page (or serves `folder` as it is), and starts
 * Chromium with a fresh profile: what every browser suite needs in its
 * beforeAll. `close` undoes all of it.
 */
export async function startSession(folder?: string): Promise<Session> {
  const site = folder === undefined ? await buildAndServe() : await serveFolder(folder);
  const profile = mkdtempSync(join(tmpdir(), 'bestfirst-chromium-'));
  const ctx = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  mkdirSync(SHOTS, { recursive: true });
  return {
    site, ctx,
    close: async () => {
      await ctx.close();
      await site.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
