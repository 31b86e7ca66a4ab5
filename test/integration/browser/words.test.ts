import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apartmentWorld } from '#bestfirst/worlds';
import { checkTexts, unpackHashes } from '../../support/word-runs.mjs';
import { browserAvailability, failWithoutBrowser, openPage, reachAll, startSession, type Session } from './harness.js';

const SUITE = 'test/integration/browser/words.test.ts (the page in our own words)';
const avail = browserAvailability(SUITE);

failWithoutBrowser(avail, 'words browser tests');

/** The seed documents' 12-word prose runs, as hashes (scripts/seed-runs.mjs keeps the file). */
const seed = JSON.parse(readFileSync(new URL('../../support/seed-runs.json', import.meta.url), 'utf8')) as { hashes: string; window: number };
const SEED = unpackHashes(seed.hashes);

/**
 * Everything the reader can read on the page, gathered the way a reader gets
 * to it: the page with every Stuck?/Reveal and every <details> open, the
 * accessible names and option labels, the words drawn on canvases, and the
 * text that only appears after interacting (every step of the step player,
 * of the opening's figures and of both replanners, every quiz answer right and wrong, every ARA*
 * round, the exercises' checks and runs, the asides' buttons, the field's
 * panel and robot, the theater's badge on a query without one).
 */
async function readablePage(page: Page): Promise<Set<string>> {
  const texts = new Set<string>();
  const add = (list: readonly string[]) => { for (const t of list) if (t.trim()) texts.add(t.trim()); };

  const everything = () => page.evaluate(() => {
    for (const d of Array.from(document.querySelectorAll('details'))) d.open = true;
    // KaTeX writes each formula twice (MathML for screen readers, HTML for the eye): read the one shown.
    const style = document.createElement('style');
    style.textContent = '.katex-mathml { display: none !important; }';
    document.head.append(style);
    const out = [document.body.innerText];
    style.remove();
    for (const e of Array.from(document.querySelectorAll('[aria-label], [title], [alt], [aria-valuetext], [placeholder]'))) {
      for (const a of ['aria-label', 'title', 'alt', 'aria-valuetext', 'placeholder']) { const v = e.getAttribute(a); if (v) out.push(v); }
    }
    for (const o of Array.from(document.querySelectorAll('option'))) out.push(o.textContent ?? '');
    out.push(document.title, document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '');
    return out;
  });
  add(await everything());

  // The step player, every step: narration and frontier; then the quiz, every pick at every decision.
  add(await page.evaluate(() => {
    const sp = document.getElementById('step-player')!;
    const q = <T extends HTMLElement>(s: string) => sp.querySelector<T>(s)!;
    const out: string[] = [];
    const read = () => out.push(q('.narration').innerText, q('.frontier').innerText, q('.verdict').innerText, q('.score').innerText, q('.step-label').innerText);
    q('.sp-first').click();
    for (let i = 0; i < 200; i++) {
      read();
      const before = sp.dataset.step;
      q('.sp-step').click();
      if (sp.dataset.step === before) break;
    }
    q<HTMLInputElement>('#sp-quiz').click();
    q('.sp-first').click();
    for (let guard = 0; guard < 200; guard++) {
      const k = sp.dataset.step;
      read();
      if (sp.dataset.asking !== 'true') {
        q('.sp-step').click();
        if (sp.dataset.step === k) break;
        continue;
      }
      const nodes = Array.from(sp.querySelectorAll<HTMLElement>('.pick')).map((b) => b.dataset.node!);
      let right: string | null = null;
      for (const n of nodes) {
        sp.querySelector<HTMLElement>(`.pick[data-node="${n}"]`)!.click();
        read();
        if (sp.dataset.step !== k) { right = n; q('.sp-back').click(); }
      }
      sp.querySelector<HTMLElement>(`.pick[data-node="${right}"]`)!.click();
    }
    read();
    q<HTMLInputElement>('#sp-quiz').click();
    return out;
  }));

  // The opening's figures (the wedged robot, the four small searches, the hand trace), every step: sentence and list.
  add(await page.evaluate(() => {
    const out: string[] = [];
    for (const fig of Array.from(document.querySelectorAll<HTMLElement>('.opening-figure'))) {
      const pos = fig.querySelector<HTMLInputElement>('.rp-pos');
      if (!pos) continue;
      fig.querySelector<HTMLElement>('.rp-reset')!.click();
      for (let i = 0; i < 200; i++) {
        for (const sel of ['.loop-say', '.wedge-say', '.loop-queue']) { const e = fig.querySelector<HTMLElement>(sel); if (e) out.push(e.innerText); }
        if (pos.value === pos.max) break;
        fig.querySelector<HTMLElement>('.rp-step')!.click();
      }
    }
    return out;
  }));

  // The gate world, every frame; the Apartment, every closure at every closing step, every frame.
  add(await page.evaluate(() => {
    const out: string[] = [];
    const walk = (root: HTMLElement, read: () => void) => {
      root.querySelector<HTMLElement>('.rp-reset')!.click();
      for (let i = 0; i < 500; i++) {
        read();
        const pos = root.querySelector<HTMLInputElement>('.rp-pos')!;
        if (pos.value === pos.max) break;
        root.querySelector<HTMLElement>('.rp-step')!.click();
      }
    };
    const gate = document.getElementById('replanner')!;
    walk(gate, () => out.push(gate.innerText));
    const apt = document.getElementById('replanner-apartment')!;
    const sel = apt.querySelector<HTMLSelectElement>('#apt-closure')!, step = apt.querySelector<HTMLInputElement>('#apt-step')!;
    for (const o of Array.from(sel.options)) {
      sel.value = o.value;
      sel.dispatchEvent(new Event('change'));
      for (let s = 0; s <= 12; s++) {
        step.value = String(s);
        step.dispatchEvent(new Event('input'));
        walk(apt, () => out.push(apt.querySelector<HTMLElement>('.rp-say')!.innerText, apt.querySelector<HTMLElement>('.rp-apt-readout')!.innerText));
      }
    }
    // Each ARA* lane, every round.
    for (const lane of Array.from(document.querySelectorAll<HTMLElement>('.ara-lane'))) walk(lane, () => out.push(lane.innerText));
    // The asides' buttons.
    for (const b of Array.from(document.querySelectorAll<HTMLElement>('.aside-btn'))) { b.click(); out.push(b.closest('aside')!.innerText); }
    return out;
  }));

  // The exercises: both door states, each prediction then run, a wrong and a right count.
  const ex2 = page.locator('#ex-2-widget');
  for (let i = 0; i < 2; i++) { await ex2.locator('.ex2-toggle').click(); add([await ex2.innerText()]); }
  const ex3 = page.locator('#ex-3-widget');
  for (const choice of ['anything', 'bounded', 'never']) {
    await ex3.locator(`#ex3-${choice}`).click();
    await ex3.locator('.ex3-run').click();
    add([await ex3.innerText()]);
  }
  const ex4 = page.locator('#ex-4-widget');
  for (const v of ['', '3', '15']) {
    await ex4.locator('#ex4-answer').fill(v);
    await ex4.locator('.ex4-check').click();
    add([await ex4.innerText()]);
  }
  for (const [dx, dy] of [['0', '0'], ['2', '-5']]) {
    await page.locator('#ex1-dx').fill(dx);
    await page.locator('#ex1-dy').fill(dy);
    add([await page.locator('#ex-1-widget').innerText()]);
  }

  // The field: the panel on a free cell, a wall and the goal; a dropped robot.
  const w = apartmentWorld();
  const g = w.grid;
  const field = page.locator('#field-widget canvas');
  await field.scrollIntoViewIfNeeded();
  const box = (await field.boundingBox())!;
  const at = (n: number) => ({ x: box.x + ((g.x(n) + 0.5) * box.width) / g.width, y: box.y + ((g.y(n) + 0.5) * box.height) / g.height });
  let wall = -1;
  for (let n = 0; n < g.size && wall < 0; n++) if (g.isBlocked(n)) wall = n;
  for (const n of [wall, w.goal, w.start]) { const p = at(n); await page.mouse.move(p.x, p.y); add([await page.locator('#field-widget .fd-panel').innerText()]); }
  const p = at(w.start);
  await page.mouse.click(p.x, p.y);
  add([await page.locator('#field-widget').innerText()]);

  // The theater: a query without a badge (goal next to the start), the status line after an edit.
  await page.locator('[data-lane="astar"] canvas').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('g');
  add([await page.locator('#theater').innerText()]);
  add(await page.locator('#theater [aria-live]').allTextContents());
  await page.locator('#theater .reset').click();

  // Words drawn on canvases (room names, cell labels), recorded as they were painted.
  add(await page.evaluate(() => Array.from((window as unknown as { __canvasWords: Set<string> }).__canvasWords)));
  return texts;
}

describe.runIf(avail.run)('the page in our own words', () => {
  let session: Session;
  const problems: string[] = [];

  beforeAll(async () => {
    session = await startSession();
    await session.ctx.addInitScript(() => {
      const words = new Set<string>();
      (window as unknown as { __canvasWords: Set<string> }).__canvasWords = words;
      for (const m of ['fillText', 'strokeText'] as const) {
        const orig = CanvasRenderingContext2D.prototype[m];
        CanvasRenderingContext2D.prototype[m] = function (this: CanvasRenderingContext2D, text: string, x: number, y: number, maxWidth?: number) {
          words.add(String(text));
          return maxWidth === undefined ? orig.call(this, text, x, y) : orig.call(this, text, x, y, maxWidth);
        };
      }
    });
  });
  afterAll(async () => { await session?.close(); });

  it('no run of 12 words the reader can see, after every interaction, comes from a seed document', async () => {
    const page = await openPage(session.ctx, session.site.url, problems, { width: 1280, height: 900 });
    // Every word the reader can reach: every widget mounted.
    await reachAll(page);
    const texts = await readablePage(page);
    // For writers: WORDS_DUMP=file keeps what was read, for `node scripts/seed-runs.mjs --seeds DIR --near 6 file`.
    if (process.env.WORDS_DUMP) writeFileSync(process.env.WORDS_DUMP, [...texts].join('\n\n') + '\n');
    const r = checkTexts(texts, SEED, seed.window);
    const sentences = new Set([...texts].flatMap((t) => t.split(/(?<=[.!?])\s+|\n+/u)).map((s) => s.trim()).filter((s) => s.split(/\s+/u).length >= 4));
    console.log(`[words] ${texts.size} distinct texts, ${sentences.size} distinct sentences; ${r.windows} windows of ${seed.window} words, `
      + `${r.prose} of them prose; ${r.matches.length} prose windows found in the seeds (${new Set(r.matches.map((m) => m.run)).size} distinct)`);
    const distinct = [...new Set(r.matches.map((m) => m.run))];
    expect(distinct, 'runs of 12 words copied from the seed documents: rewrite them in our own words').toEqual([]);
    expect(r.prose).toBeGreaterThan(3000); // the walk really read the page
    expect(problems).toEqual([]);
    await page.close();
  });
});
