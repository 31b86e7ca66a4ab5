import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flood } from '#bestfirst';
import { leeBoard } from '../../web/src/lee/lee-model.js';
import { browserAvailability, failWithoutBrowser, openPage, SHOTS, startSession, type Session } from './harness.js';

/**
 * Issue 15's "where this is used" section, widget by widget: each loads,
 * answers the reader, and shows the library's numbers for the same inputs
 * (computed here in Node, independently of the page's own code).
 */
const SUITE = 'test/browser/where-used.test.ts (where grid search is used)';
const avail = browserAvailability(SUITE);
failWithoutBrowser(avail, 'where-used browser tests');

describe.runIf(avail.run)('where grid search is used, in Chromium', () => {
  let session: Session;
  const problems: string[] = [];
  const open = (width = 1280, height = 900): Promise<Page> => openPage(session.ctx, session.site.url, problems, { width, height });
  beforeAll(async () => { session = await startSession(); });
  afterAll(async () => { await session?.close(); });

  it("Lee's wave front: rings and wire lengths are breadth-first distances; a second wire placed by the reader goes round the first", async () => {
    problems.length = 0;
    const page = await open();
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
    const at = (n: number) => ({ x: box.x + ((n % grid.width) + 0.5) * (box.width / grid.width), y: box.y + (Math.floor(n / grid.width) + 0.5) * (box.height / grid.height) });
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
    await root.screenshot({ path: `${SHOTS}/lee-1280.png` });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("Lee's wave front on a phone: the board fits, and the keyboard places pins too", async () => {
    problems.length = 0;
    const page = await open(390, 844);
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
    await root.screenshot({ path: `${SHOTS}/lee-390.png` });
    expect(problems).toEqual([]);
    await page.close();
  });
});
