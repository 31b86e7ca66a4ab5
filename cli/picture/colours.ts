import { FREE, INSCRIBED, LETHAL, NO_INFORMATION } from '#bestfirst/costmap';

/** A colour as three bytes. */
export type Rgb = readonly [number, number, number];

/** `#rrggbb`, as SVG writes colours. */
export function hex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** The marks drawn over every map: the path and its two ends. */
export const PATH: Rgb = [220, 20, 60]; // crimson: seen on white, grey, green and blue alike
export const START: Rgb = [0, 160, 0]; // green: go
export const GOAL: Rgb = [30, 60, 230]; // blue: distinct from the path's red and the start's green

/** A Moving AI map's letters: free light, walls dark, each terrain a colour of its own. */
export const FREE_CELL: Rgb = [250, 250, 250];
export const WALL: Rgb = [40, 40, 40];
const TERRAIN_COLOURS: Readonly<Record<string, Rgb>> = {
  '.': FREE_CELL,
  G: FREE_CELL,
  '@': WALL,
  O: [90, 90, 90], // out of bounds: a lighter dark, told apart from a wall
  T: [40, 110, 50], // trees: blocked in the benchmark, so a dark green
  S: [160, 150, 90], // swamp: free in the benchmark, a light olive
  W: [90, 150, 220], // water
};

/**
 * A palette of 256 colours indexed by a Moving AI cell's letter (its
 * character code, as `parseMap` keeps it in `grid.areas`). An unknown code
 * cannot come from `parseMap`; it draws as a wall, never as free.
 */
export function terrainPalette(): Rgb[] {
  const p: Rgb[] = new Array<Rgb>(256).fill(WALL);
  for (const [letter, c] of Object.entries(TERRAIN_COLOURS)) p[letter.charCodeAt(0)] = c;
  return p;
}

/**
 * Nav2's costmap as it is usually looked at in RViz ("costmap" colour
 * scheme), cost by cost: the costmap is published as an occupancy grid whose
 * values 1..98 are the graded costs 1..252 squeezed by Nav2's translation
 * (1 + 97 (c - 1) / 251, integer division), and the scheme colours those
 * from blue (cheap) to red (dear); inscribed (253, published 99) cyan,
 * lethal (254, published 100) magenta, unknown (255, published -1) a grey
 * teal. Free space is transparent there over the map's white; here white.
 */
export const COSTMAP_FREE: Rgb = [255, 255, 255];
export const COSTMAP_INSCRIBED: Rgb = [0, 255, 255];
export const COSTMAP_LETHAL: Rgb = [255, 0, 255];
export const COSTMAP_UNKNOWN: Rgb = [112, 137, 134];

export function costmapPalette(): Rgb[] {
  const p: Rgb[] = [];
  for (let c = 0; c < 256; c++) {
    if (c === FREE) p.push(COSTMAP_FREE);
    else if (c === INSCRIBED) p.push(COSTMAP_INSCRIBED);
    else if (c === LETHAL) p.push(COSTMAP_LETHAL);
    else if (c === NO_INFORMATION) p.push(COSTMAP_UNKNOWN);
    else {
      const v = 1 + Math.floor((97 * (c - 1)) / 251); // the published value, 1..98
      const red = Math.floor((255 * v) / 100);
      p.push([red, 0, 255 - red]);
    }
  }
  return p;
}

/** The golden angle in degrees: successive hues this far apart never bunch up, however many there are. */
const GOLDEN_ANGLE = 180 * (3 - Math.sqrt(5));

/** The colour of agent `i` (from 0): hue i times the golden angle, saturated and mid-dark so it shows on white. */
export function agentColour(i: number): Rgb {
  return hsl((i * GOLDEN_ANGLE) % 360, 0.75, 0.42);
}

/** HSL (hue in degrees, saturation and lightness 0..1) to RGB bytes. */
export function hsl(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}
