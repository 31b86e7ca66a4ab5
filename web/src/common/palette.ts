/**
 * The page's one colour language (Okabe–Ito, chosen because it stays
 * distinguishable under the common colour-vision deficiencies), with shape
 * as the second channel: start a circle, goal a diamond, explored cells
 * filled squares, open cells hollow rings, the path a line with dots.
 */
export const COLORS = {
  start: '#009e73', // bluish green
  goal: '#d55e00', // vermillion
  explored: '#0072b2', // blue
  open: '#56b4e9', // sky blue ring
  path: '#cc79a7', // reddish purple
  wall: '#3b3b3b',
  free: '#ffffff',
  line: '#e4e4e4',
} as const;

export type Rgb = [number, number, number];

export function hexToRgb(hex: string): Rgb {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) throw new RangeError(`hexToRgb: expected #rrggbb, got ${JSON.stringify(hex)}`);
  const v = parseInt(m[1], 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

export function rgbToHex([r, g, b]: Rgb): string {
  return '#' + [r, g, b].map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('');
}

/** a + (b - a) * t per channel: t = 0 gives a, 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const x = hexToRgb(a), y = hexToRgb(b);
  return rgbToHex([0, 1, 2].map((i) => x[i] + (y[i] - x[i]) * t) as Rgb);
}

/**
 * Fill of the i-th of n explored cells: early cells pale, the latest full
 * blue, so the order of expansion reads as a gradient even on a still frame.
 */
export function exploredShade(i: number, n: number): string {
  const t = n <= 1 ? 1 : i / (n - 1);
  // 256 steps are more than the eye tells apart; the strings are made once.
  const q = Math.round(t * 255);
  return (SHADES[q] ??= mix(COLORS.free, COLORS.explored, 0.3 + 0.7 * (q / 255)));
}

const SHADES: string[] = [];

/** A value layer (g in green from the start, h in vermillion toward the goal): pale for 0, strong at max. */
export function rampShade(color: string, v: number, max: number): string {
  const t = max > 0 && Number.isFinite(v) ? Math.min(1, v / max) : 0;
  return mix(COLORS.free, color, 0.15 + 0.75 * t);
}

/** Which of the palette's hues a pixel is closest to (for tests and for nothing else at run time). */
export function nearestColor(rgb: Rgb): keyof typeof COLORS {
  let best: keyof typeof COLORS = 'free';
  let bestD = Infinity;
  for (const [name, hex] of Object.entries(COLORS) as [keyof typeof COLORS, string][]) {
    const c = hexToRgb(hex);
    const d = (c[0] - rgb[0]) ** 2 + (c[1] - rgb[1]) ** 2 + (c[2] - rgb[2]) ** 2;
    if (d < bestD) { bestD = d; best = name; }
  }
  return best;
}
