import type { Page } from 'playwright-core';
import { shownPixels } from './harness.js';

/**
 * Colour-vision deficiency, simulated the way Machado, Oliveira and
 * Fernandes (2009) model it: one 3x3 matrix per deficiency, on linear RGB.
 * These are their matrices for severity 1 (a dichromat). The page is shown
 * through them by an SVG feColorMatrix filter (which works in linear RGB)
 * set as the element's CSS filter, so what is measured is what Chromium
 * paints, not a copy of the drawing code.
 */
export const MACHADO = {
  protanopia: [0.152286, 1.052583, -0.204868, 0.114503, 0.786281, 0.099216, -0.003882, -0.048116, 1.051998],
  deuteranopia: [0.367322, 0.860646, -0.227968, 0.280085, 0.672501, 0.047413, -0.01182, 0.04294, 0.968881],
  tritanopia: [1.255528, -0.076749, -0.178779, -0.078411, 0.930809, 0.1467, 0.004733, 0.691367, 0.3039],
} as const;
export type Deficiency = keyof typeof MACHADO;

/** Puts the three filters into the page (once), as #cvd-protanopia and so on. */
export async function addCvdFilters(page: Page): Promise<void> {
  const filters = Object.entries(MACHADO).map(([name, m]) => {
    const rows = [0, 1, 2].map((r) => `${m[3 * r]} ${m[3 * r + 1]} ${m[3 * r + 2]} 0 0`).join(' ');
    return `<filter id="cvd-${name}" color-interpolation-filters="linearRGB"><feColorMatrix type="matrix" values="${rows} 0 0 0 1 0"/></filter>`;
  }).join('');
  await page.evaluate((svg) => {
    if (document.getElementById('cvd-filters')) return;
    const holder = document.createElement('div');
    holder.id = 'cvd-filters';
    holder.innerHTML = `<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" style="position:absolute">${svg}</svg>`;
    document.body.append(holder);
  }, filters);
}

/** sRGB (0..255) to CIE L*a*b* (D65). */
export function lab([r, g, b]: readonly number[]): [number, number, number] {
  const lin = (v: number) => { const s = v / 255; return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
  const [R, G, B] = [lin(r), lin(g), lin(b)];
  const X = (0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047, Y = 0.2126 * R + 0.7152 * G + 0.0722 * B, Z = (0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  return [116 * f(Y) - 16, 500 * (f(X) - f(Y)), 200 * (f(Y) - f(Z))];
}

/** CIE76 colour difference: the distance in L*a*b*. About 2.3 is just noticeable side by side; tens is another colour. */
export function deltaE(a: readonly number[], b: readonly number[]): number {
  const x = lab(a), y = lab(b);
  return Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);
}

/**
 * The mean colour, as a reader with `deficiency` sees it, of the pixels of
 * `selector` that show each of `colors` (a pixel shows colour k when it is
 * within tolerance[k], summed over r, g and b, of it, unfiltered). Two
 * screenshots of the same still element: one plain to pick the pixels, one
 * through the filter to read them. null for a colour no pixel shows.
 */
export async function simulatedColors(page: Page, selector: string, deficiency: Deficiency, colors: readonly string[], tolerance: readonly number[]): Promise<({ rgb: number[]; pixels: number } | null)[]> {
  await addCvdFilters(page);
  await page.locator(selector).evaluate((e) => { (e as HTMLElement).style.filter = ''; });
  // In the page: which colour each pixel shows, kept there for the filtered read.
  await shownPixels(page, selector, (d, _w, _h, arg) => {
    const want = arg.colors.map((c) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)));
    const cls = new Int8Array(d.length / 4).fill(-1);
    for (let p = 0; p < cls.length; p++) {
      for (let k = 0; k < want.length; k++) {
        if (Math.abs(d[4 * p] - want[k][0]) + Math.abs(d[4 * p + 1] - want[k][1]) + Math.abs(d[4 * p + 2] - want[k][2]) <= arg.tolerance[k]) { cls[p] = k; break; }
      }
    }
    (globalThis as unknown as { __cvdClass: Int8Array }).__cvdClass = cls;
    return 0;
  }, { colors: [...colors], tolerance: [...tolerance] });
  await page.locator(selector).evaluate((e, id) => { (e as HTMLElement).style.filter = `url(#${id})`; }, `cvd-${deficiency}`);
  const out = await shownPixels(page, selector, (d, _w, _h, n) => {
    const cls = (globalThis as unknown as { __cvdClass: Int8Array }).__cvdClass;
    const sum = Array.from({ length: n }, () => [0, 0, 0, 0]);
    if (cls.length !== d.length / 4) return null;
    for (let p = 0; p < cls.length; p++) {
      const k = cls[p];
      if (k < 0) continue;
      sum[k][0] += d[4 * p]; sum[k][1] += d[4 * p + 1]; sum[k][2] += d[4 * p + 2]; sum[k][3]++;
    }
    return sum.map((s) => (s[3] ? { rgb: [s[0] / s[3], s[1] / s[3], s[2] / s[3]], pixels: s[3] } : null));
  }, colors.length);
  await page.locator(selector).evaluate((e) => { (e as HTMLElement).style.filter = ''; });
  if (out === null) throw new Error(`simulatedColors: ${selector} changed size between its two screenshots`);
  return out;
}
