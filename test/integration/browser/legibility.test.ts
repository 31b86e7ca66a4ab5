import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailability, buildAndServe, CHROMIUM, CHROMIUM_ARGS, failWithoutBrowser, SHOTS, keepShot, type BuiltPage, reachAll } from './harness.js';

const SUITE = 'test/integration/browser/legibility.test.ts (text size, wide content and contrast)';
const avail = browserAvailability(SUITE);

failWithoutBrowser(avail, 'legibility browser tests');

/** The smallest text the page may show, in CSS pixels, at any width. */
const MIN_PX = 11;
/** WCAG AA for text. Applied to all text, large or not. */
const MIN_CONTRAST = 4.5;

interface Phone { width: number; height: number; dpr: number }
const PHONE: Phone = { width: 390, height: 844, dpr: 3 };

/**
 * Records every string a canvas draws with the size of its font in canvas
 * pixels and the canvas's backing width at that moment, so the test can turn
 * it into CSS pixels against the canvas's shown size. Runs in the page and
 * in the figure worker (which draws the theater's lanes on OffscreenCanvas),
 * so it patches both kinds of 2D context.
 */
function recordCanvasText(): void {
  type Surface = HTMLCanvasElement | OffscreenCanvas;
  type Rec = { canvas: Surface; px: number; backing: number; text: string };
  const recs: Rec[] = [];
  (globalThis as unknown as { __canvasText: Rec[] }).__canvasText = recs;
  const isSurface = (v: unknown): v is Surface => (typeof HTMLCanvasElement === 'function' && v instanceof HTMLCanvasElement)
    || (typeof OffscreenCanvas === 'function' && v instanceof OffscreenCanvas);
  const protos = [globalThis.CanvasRenderingContext2D?.prototype, globalThis.OffscreenCanvasRenderingContext2D?.prototype].filter(Boolean);
  for (const proto of protos as CanvasRenderingContext2D[]) {
    for (const m of ['fillText', 'strokeText'] as const) {
      const orig = proto[m];
      proto[m] = function (this: CanvasRenderingContext2D, text: string, x: number, y: number, maxWidth?: number) {
        const px = Number(/(\d+(?:\.\d+)?)px/.exec(this.font)?.[1] ?? NaN);
        recs.push({ canvas: this.canvas, px, backing: this.canvas.width, text: String(text) });
        return maxWidth === undefined ? orig.call(this, text, x, y) : orig.call(this, text, x, y, maxWidth);
      };
    }
    // Labels drawn once on a spare canvas and then copied onto a figure count as the figure's text, at the copy's scale.
    const drawImage = proto.drawImage as (this: CanvasRenderingContext2D, ...a: unknown[]) => void;
    proto.drawImage = function (this: CanvasRenderingContext2D, ...a: unknown[]) {
      const src = a[0];
      if (isSurface(src) && src !== this.canvas && src.width > 0) {
        const scale = a.length >= 5 && a.length < 9 ? Number(a[3]) / src.width : a.length >= 9 ? Number(a[7]) / Number(a[3]) : 1;
        for (const r of recs.filter((q) => q.canvas === src && q.backing === src.width)) {
          recs.push({ canvas: this.canvas, px: r.px * scale, backing: this.canvas.width, text: r.text });
        }
      }
      return drawImage.apply(this, a);
    } as typeof proto.drawImage;
  }
}

/**
 * The figure worker's records that its canvases show now (drawn at their
 * present backing size), named by that size: the page's handed-over
 * canvases say theirs in data-backing, which is how they are matched.
 */
async function workerCanvasText(page: Page): Promise<{ size: string; px: number; text: string }[]> {
  const out: { size: string; px: number; text: string }[] = [];
  for (const w of page.workers()) {
    out.push(...await w.evaluate(() => {
      const recs = (globalThis as unknown as { __canvasText?: { canvas: OffscreenCanvas; px: number; backing: number; text: string }[] }).__canvasText ?? [];
      return recs.filter((r) => r.backing === r.canvas.width).map((r) => ({ size: `${r.canvas.width}x${r.canvas.height}`, px: r.px, text: r.text }));
    }));
  }
  return out;
}

/** Opens what hides text (hints, answers, the repair's pop list, the quiz) so that it is measured too. */
async function revealEverything(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const d of Array.from(document.querySelectorAll('details'))) d.open = true;
    const sp = document.getElementById('step-player')!;
    sp.querySelector<HTMLInputElement>('#sp-quiz')!.click();
    sp.querySelector<HTMLElement>('.sp-step')!.click();
    const gate = document.getElementById('replanner')!;
    for (let i = 0; i < 12; i++) gate.querySelector<HTMLElement>('.rp-step')!.click(); // into the repair: some pops done, some not
  });
  await page.locator('#ex3-bounded').click();
  await page.locator('.ex3-run').click();
  await page.locator('#ex4-answer').fill('3');
  await page.locator('.ex4-check').click();
  await page.locator('.ex2-toggle').click();
  // The theater's own controls in their other states: the reopen switch on, an edit switch pressed.
  await page.locator('#theater-reopen').check();
  await page.locator('#theater .edit-switch').click();
}

/**
 * What the first look cannot show at once: the step player's no-path message (quiz off, its goal (4,5) walled in
 * from the keyboard, stepped to the end), then the g, h, f readouts of a pointed cell in the step player and in
 * the A* lane (the latter stays while the pointer is there).
 */
async function revealTheRest(page: Page): Promise<void> {
  const sp = page.locator('#step-player');
  await sp.locator('#sp-quiz').uncheck();
  await sp.locator('canvas').focus();
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown', ' ', 'ArrowRight', 'ArrowUp', ' ']) await page.keyboard.press(key);
  for (let i = 0; i < 40 && (await sp.getAttribute('data-unreachable')) !== 'true'; i++) await sp.locator('.sp-step').click();
  expect(await sp.getAttribute('data-unreachable')).toBe('true');
  for (const sel of ['#step-player canvas', '#theater [data-lane="astar"] canvas']) {
    const c = page.locator(sel);
    await c.scrollIntoViewIfNeeded();
    const b = (await c.boundingBox())!;
    await page.mouse.move(b.x + b.width * 0.3, b.y + b.height * 0.3);
  }
  expect(await page.locator('#theater [data-lane="astar"] .lane-cell').textContent()).not.toBe('');
}

/** Text smaller than MIN_PX: DOM text by its computed size, canvas text by its drawn size over the canvas's scale. */
async function smallText(page: Page, min: number): Promise<string[]> {
  const drawnElsewhere = await workerCanvasText(page);
  return page.evaluate(([minPx, worker]) => {
    const bad: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent!.trim();
      const el = n.parentElement!;
      if (!text || el.closest('.katex-mathml, script, style, option') || !el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const r = document.createRange();
      r.selectNodeContents(n);
      const box = r.getBoundingClientRect();
      if (box.width * box.height < 2) continue; // visually hidden (screen-reader only)
      const px = parseFloat(getComputedStyle(el).fontSize);
      if (px < minPx - 0.01) bad.push(`${px.toFixed(1)} px: "${text.slice(0, 40)}" in ${el.tagName.toLowerCase()}.${el.className}`);
    }
    type Rec = { canvas: HTMLCanvasElement; px: number; backing: number; text: string };
    const recs = (window as unknown as { __canvasText: Rec[] }).__canvasText;
    const seen = new Set<string>();
    for (const r of recs) {
      const c = r.canvas;
      // Only what the canvas shows now: drawn at its present backing size, on a canvas on the page.
      if (!c.isConnected || r.backing !== c.width || !c.checkVisibility()) continue;
      const shown = c.getBoundingClientRect().width;
      if (shown === 0) continue;
      const css = (r.px * shown) / c.width;
      const where = c.closest('[id]')?.id ?? '?';
      const key = `${where}|${r.text}|${css.toFixed(1)}`;
      if (css < minPx - 0.01 && !seen.has(key)) { seen.add(key); bad.push(`${css.toFixed(1)} px on the canvas in #${where}: "${r.text}"`); }
    }
    // Text the figure worker drew, on every shown canvas handed to it at that backing size.
    for (const c of Array.from(document.querySelectorAll<HTMLCanvasElement>('canvas[data-backing]'))) {
      if (!c.checkVisibility()) continue;
      const shown = c.getBoundingClientRect().width, backing = Number(c.dataset.backing!.split('x')[0]);
      if (shown === 0) continue;
      const where = c.closest('[id]')?.id ?? '?';
      for (const r of worker.filter((q) => q.size === c.dataset.backing)) {
        const css = (r.px * shown) / backing;
        const key = `${where}|${r.text}|${css.toFixed(1)}`;
        if (css < minPx - 0.01 && !seen.has(key)) { seen.add(key); bad.push(`${css.toFixed(1)} px on the canvas in #${where} (figure worker): "${r.text}"`); }
      }
    }
    return bad;
  }, [min, drawnElsewhere] as const);
}

/**
 * Every boxes whose content is wider than the box: whether it scrolls, and
 * whether a cue shows on the side where more content waits. The cue is read
 * from pixels: with the box's text, borders and drawings made transparent,
 * the edge with hidden content must be darker than the other edge, at the
 * start and (mirrored) at the end of the scroll.
 */
async function wideBoxes(page: Page): Promise<{ name: string; scrolls: boolean; cueAtStart: number; cueAtEnd: number }[]> {
  const boxes = await page.evaluate(() => {
    const out: { name: string; scrolls: boolean }[] = [];
    let i = 0;
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('main *'))) {
      if (!el.checkVisibility() || el.scrollWidth <= el.clientWidth + 1 || el.clientWidth < 40) continue;
      const ox = getComputedStyle(el).overflowX;
      if (ox === 'visible') continue; // it spills out; the page-width check catches that
      el.dataset.wide = String(i++);
      const label = el.id ? `#${el.id}` : `${el.tagName.toLowerCase()}.${el.className.split(' ').join('.')} in #${el.closest('[id]')?.id ?? '?'}`;
      out.push({ name: label, scrolls: ox === 'auto' || ox === 'scroll' });
    }
    return out;
  });
  const edge = async (i: number, end: boolean): Promise<number> => {
    const loc = page.locator(`[data-wide="${i}"]`);
    await loc.scrollIntoViewIfNeeded();
    await loc.evaluate((el, atEnd) => {
      el.scrollLeft = atEnd ? el.scrollWidth : 0;
      el.classList.add('test-bare');
    }, end);
    const png = (await loc.screenshot({ animations: 'disabled' })).toString('base64');
    await loc.evaluate((el) => el.classList.remove('test-bare'));
    // Mean darkness (0..255) of a band 6 px wide at the right edge minus the same at the left edge.
    return page.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width; c.height = img.height;
      const ctx = c.getContext('2d', { willReadFrequently: true })!;
      ctx.drawImage(img, 0, 0);
      const d = ctx.getImageData(0, 0, c.width, c.height).data;
      const band = Math.max(1, Math.round(6 * devicePixelRatio));
      const dark = (x0: number) => {
        let s = 0, n = 0;
        for (let y = 0; y < c.height; y++) for (let x = x0; x < x0 + band; x++) { const k = (y * c.width + x) * 4; s += 255 - (d[k] + d[k + 1] + d[k + 2]) / 3; n++; }
        return s / n;
      };
      return dark(c.width - band - 1) - dark(1);
    }, png);
  };
  const out = [];
  for (let i = 0; i < boxes.length; i++) out.push({ ...boxes[i], cueAtStart: await edge(i, false), cueAtEnd: await edge(i, true) });
  return out;
}

/** Text whose contrast with its effective background is below MIN_CONTRAST (worst case over any gradient stop behind it). */
async function lowContrast(page: Page, min: number): Promise<string[]> {
  return page.evaluate((minRatio) => {
    type C = [number, number, number, number];
    const parse = (s: string): C[] => {
      const out: C[] = [];
      for (const m of s.matchAll(/rgba?\(([^)]+)\)/g)) {
        const v = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
        out.push([v[0], v[1], v[2], v.length > 3 ? v[3] : 1]);
      }
      return out;
    };
    const over = (top: C, under: C): C => {
      const a = top[3];
      return [top[0] * a + under[0] * (1 - a), top[1] * a + under[1] * (1 - a), top[2] * a + under[2] * (1 - a), 1];
    };
    const lum = (c: C) => {
      const f = (v: number) => { const s = v / 255; return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
    };
    const ratio = (a: C, b: C) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
    /** The colours that can be behind an element: its ancestors' backgrounds composited, once per gradient stop. */
    const behind = (el: Element): C[] => {
      const chain: Element[] = [];
      for (let e: Element | null = el; e; e = e.parentElement) chain.unshift(e);
      let layers: C[] = [[255, 255, 255, 1]];
      for (const e of chain) {
        const cs = getComputedStyle(e);
        const bg = parse(cs.backgroundColor)[0];
        if (bg && bg[3] > 0) layers = layers.map((l) => over(bg, l));
        if (cs.backgroundImage !== 'none') {
          const stops = parse(cs.backgroundImage);
          layers = [...layers, ...layers.flatMap((l) => stops.map((s) => over(s, l)))];
        }
      }
      return layers;
    };
    const opacity = (el: Element) => { let o = 1; for (let e: Element | null = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity); return o; };
    const bad = new Set<string>();
    const check = (el: Element, text: string) => {
      const fg0 = parse(getComputedStyle(el).color)[0];
      const fg: C = [fg0[0], fg0[1], fg0[2], fg0[3] * opacity(el)];
      let worst = Infinity;
      for (const b of behind(el)) worst = Math.min(worst, ratio(over(fg, b), b));
      if (worst < minRatio) bad.add(`${worst.toFixed(2)}:1 "${text.slice(0, 40)}" in ${el.tagName.toLowerCase()}.${String(el.className)} (#${el.closest('[id]')?.id ?? '?'})`);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent!.trim();
      const el = n.parentElement!;
      if (!text || el.closest('.katex-mathml, script, style, option') || !el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const r = document.createRange();
      r.selectNodeContents(n);
      const box = r.getBoundingClientRect();
      if (box.width * box.height < 2) continue;
      check(el, text);
    }
    for (const el of Array.from(document.querySelectorAll('input[type="number"], select'))) if (el.checkVisibility()) check(el, (el as HTMLInputElement).value);
    return [...bad];
  }, min);
}

/** Pointing at a term highlights it; the highlight must stay legible too. */
async function termHighlightContrast(page: Page): Promise<string[]> {
  await page.locator('#term-help .term[data-layer="g"]').hover();
  return lowContrast(page, MIN_CONTRAST);
}

describe.runIf(avail.run)('legibility: text size, wide content and contrast', () => {
  let site: BuiltPage;
  let browser: Browser;

  const open = async (width: number, height: number, dpr: number, mobile: boolean): Promise<{ ctx: BrowserContext; page: Page }> => {
    const ctx = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: dpr, isMobile: mobile, hasTouch: mobile });
    await ctx.addInitScript(recordCanvasText);
    // The figure worker records too, from its first line: the recorder is put in front of its script as it is served
    // (label sprites are drawn once and cached, so a recorder that started later would miss their text).
    await ctx.route(/figure-worker[^/]*\.js$/, async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, body: `(${recordCanvasText.toString()})();\n${await res.text()}` });
    });
    const page = await ctx.newPage();
    await page.goto(site.url);
    await page.waitForSelector('html[data-ready="true"]');
    // Every text of the page: every widget mounted.
    await reachAll(page);
    return { ctx, page };
  };

  /**
   * The 3x phone's page, kept for the wide-content test after it: a phone page with every widget mounted and
   * everything revealed is what both need, and an open of it costs 10 s or more on a loaded two-core machine.
   */
  let phone3x: Promise<{ ctx: BrowserContext; page: Page }> | undefined;

  beforeAll(async () => {
    site = await buildAndServe();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => { await browser?.close(); await site?.close(); });

  // At 1x the phone's text is also held to the contrast rule, in the same page (the states revealed are the same).
  for (const dpr of [1, PHONE.dpr]) {
    it(`on a ${PHONE.width} px phone at ${dpr}x: no text under ${MIN_PX} px, in the page or drawn on a canvas${dpr === 1 ? `; every text has contrast ${MIN_CONTRAST}:1 or more with what is behind it` : ''}`, async () => {
      const opened = open(PHONE.width, PHONE.height, dpr, true);
      if (dpr === PHONE.dpr) phone3x = opened;
      const { ctx, page } = await opened;
      const contrast = dpr === 1;
      await revealEverything(page);
      const small = await smallText(page, MIN_PX);
      const bad = contrast ? await lowContrast(page, MIN_CONTRAST) : [];
      await revealTheRest(page);
      small.push(...await smallText(page, MIN_PX));
      if (contrast) bad.push(...await lowContrast(page, MIN_CONTRAST), ...await termHighlightContrast(page));
      expect([...new Set(small)]).toEqual([]);
      expect([...new Set(bad)]).toEqual([]);
      // The room names and wave-front distances are drawn from sprites: the count shows they were seen.
      const labels = await page.evaluate(() => (window as unknown as { __canvasText: { canvas: HTMLCanvasElement; text: string }[] }).__canvasText
        .filter((r) => r.canvas.isConnected && /^(room A|room B|bath|kitchen|bedroom|corridor)$/i.test(r.text)).length);
      expect(labels).toBeGreaterThan(0);
      // The lanes' room names are drawn in the figure worker: seen there too.
      expect((await workerCanvasText(page)).filter((r) => /^(room A|room B|bath|corridor)$/i.test(r.text)).length).toBeGreaterThan(0);
      if (dpr !== PHONE.dpr) await ctx.close(); // the 3x page goes on to the wide-content test
    });
  }

  // On the 3x phone's page, where the test before revealed everything (run alone, it opens and reveals its own).
  it(`on a ${PHONE.width} px phone: wide content (the formulas, the pseudo-code, the tables) scrolls in its own box, with a cue on the side that hides more`, async () => {
    const shared = phone3x;
    const { ctx, page } = await (shared ?? open(PHONE.width, PHONE.height, PHONE.dpr, true));
    if (shared === undefined) await revealEverything(page);
    await page.addStyleTag({ content: '.test-bare, .test-bare * { color: transparent !important; border-color: transparent !important; } .test-bare svg, .test-bare img { visibility: hidden !important; }' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'the page itself scrolls sideways').toBeLessThanOrEqual(0);
    const wide = await wideBoxes(page);
    console.log(`[legibility] ${wide.length} wide boxes at ${PHONE.width} px: ${wide.map((w) => `${w.name} (cue ${w.cueAtStart.toFixed(0)} / ${w.cueAtEnd.toFixed(0)})`).join('; ')}`);
    const names = wide.map((w) => w.name).join('\n');
    // The formula and the pseudo-code the issue names are wider than a phone; the ARA* tables it names now fit
    // (narrower cells), and any box that is still wide is held to the same rule below.
    expect(names).toMatch(/div\.tex.* in #math/);
    expect(names).toMatch(/pre\.algo/);
    const ara = await page.evaluate(() => Array.from(document.querySelectorAll('.ara-rounds')).map((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth));
    expect(ara.length).toBe(2);
    for (const [i, extra] of ara.entries()) if (extra > 1) expect(names, `ARA* table ${i} is cut`).toMatch(i === 0 ? /table-wrap in #theater/ : /table-wrap in #ex-6/);
    for (const w of wide) {
      expect(w.scrolls, `${w.name} clips its content instead of scrolling`).toBe(true);
      expect(w.cueAtStart, `${w.name}: no cue at the right edge while more content waits there`).toBeGreaterThan(12);
      expect(w.cueAtEnd, `${w.name}: no cue at the left edge once scrolled to the end`).toBeLessThan(-12);
    }
    await keepShot(page.locator('pre.algo'), `pseudo-code-phone.png`);
    await ctx.close();
  });

  it(`desktop: every text has contrast ${MIN_CONTRAST}:1 or more with what is behind it`, async () => {
    const { ctx, page } = await open(1280, 900, 1, false);
    await revealEverything(page);
    const bad = await lowContrast(page, MIN_CONTRAST);
    await revealTheRest(page);
    bad.push(...await lowContrast(page, MIN_CONTRAST), ...await termHighlightContrast(page));
    expect([...new Set(bad)]).toEqual([]);
    await ctx.close();
  });
});
