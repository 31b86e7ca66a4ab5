import type { Grid } from '#bestfirst';
import { agentColour, costmapPalette, GOAL, hex, PATH, START, terrainPalette, type Rgb } from './colours.js';
import { encodePng } from './png.js';
import { writePicture } from './output.js';
import { element, points, svgDocument } from './svg.js';

/**
 * A map drawn cell by cell with lines and marks over it: what `plan` and
 * `fleet` draw, as SVG or PNG from the same description, so the two formats
 * cannot disagree about where anything is.
 */

/** A cell's position (column, row from the top); lines go through cell centres. */
export type Cell = readonly [number, number];

export interface Line {
  /** Cells the line goes through, centre to centre, in order. */
  readonly cells: readonly Cell[];
  readonly colour: Rgb;
  /** What the line is, written on the SVG element (`path`, `agent 3`). */
  readonly label: string;
}

export interface Mark {
  readonly cell: Cell;
  readonly colour: Rgb;
  /** The start is a disc, the goal a square: told apart without colour. */
  readonly shape: 'disc' | 'square';
  readonly label: string;
}

export interface GridScene {
  readonly width: number;
  readonly height: number;
  /** One palette index per cell, rows from the top. */
  readonly cells: Uint8Array;
  readonly palette: readonly Rgb[];
  readonly lines: readonly Line[];
  readonly marks: readonly Mark[];
  readonly title: string;
}

/** The longest side a picture aims at, in pixels. */
export const MAX_SIDE_PIXELS = 2048;

/**
 * Pixels per cell: as many as keep the longer side within MAX_SIDE_PIXELS,
 * and never less than one (a map wider than that gets one pixel a cell and
 * a picture as wide as the map).
 */
export function cellPixels(width: number, height: number): number {
  return Math.max(1, Math.floor(MAX_SIDE_PIXELS / Math.max(width, height)));
}

/** Half the path's stroke in whole pixels (the PNG brush): 0.2 of a cell, and at least 1 so a path over one- or two-pixel cells still shows. */
const brushHalf = (k: number) => Math.max(1, Math.round(k * 0.2));
/** The stroke in pixels, the same in both formats. */
const lineWidth = (k: number) => 2 * brushHalf(k) + 1;
/**
 * A mark's half size in pixels: most of its cell, and when cells are a few
 * pixels, a 250th of the picture's longer side (at least 4 pixels), so the
 * start and goal of a big map still catch the eye.
 */
const markRadius = (k: number, width: number, height: number) => Math.max(k * 0.45, (Math.max(width, height) * k) / 250, 4);

/** Consecutive equal cells once (a fleet's waits): a line has nothing to draw between a cell and itself. */
export function withoutRepeats(cells: readonly Cell[]): Cell[] {
  return cells.filter((c, i) => i === 0 || c[0] !== cells[i - 1][0] || c[1] !== cells[i - 1][1]);
}

/**
 * The scene as SVG. The map is one `<rect>` per run of equal cells in a
 * row, over one background `<rect>` of the commonest colour, whose runs are
 * left out: a large map with long corridors and walls stays a few hundred
 * kilobytes, each cell stays exact (an embedded PNG would be smaller still
 * but blurs or pixelates when zoomed and cannot be read by a test or a
 * person as text).
 */
export function gridSvg(scene: GridScene): string {
  const { width, height } = scene;
  const k = cellPixels(width, height);
  const centre = ([x, y]: Cell): [number, number] => [(x + 0.5) * k, (y + 0.5) * k];
  const lines = scene.lines.map((l) => element('polyline', {
    class: 'path', 'data-label': l.label, points: points(withoutRepeats(l.cells).map(centre)),
    fill: 'none', stroke: hex(l.colour), 'stroke-width': lineWidth(k), 'stroke-linejoin': 'round', 'stroke-linecap': 'round',
  }));
  const r = markRadius(k, width, height);
  const marks = scene.marks.map((m) => {
    const [cx, cy] = centre(m.cell);
    return m.shape === 'disc'
      ? element('circle', { class: 'mark', 'data-label': m.label, cx, cy, r, fill: hex(m.colour), stroke: 'white', 'stroke-width': Math.max(0.5, k * 0.08) })
      : element('rect', { class: 'mark', 'data-label': m.label, x: cx - r, y: cy - r, width: 2 * r, height: 2 * r, fill: hex(m.colour), stroke: 'white', 'stroke-width': Math.max(0.5, k * 0.08) });
  });
  return svgDocument(width * k, height * k, scene.title, [
    cellsSvg(width, height, scene.cells, scene.palette, k),
    element('g', { class: 'paths' }, ['', ...lines, ''].join('\n')),
    element('g', { class: 'marks' }, ['', ...marks, ''].join('\n')),
  ]);
}

/**
 * The cells as SVG, `k` pixels a cell: one background `<rect>` of the
 * commonest colour, then one `<rect>` per run of other equal cells in a row.
 */
export function cellsSvg(width: number, height: number, cells: Uint8Array, palette: readonly Rgb[], k: number): string {
  const counts = new Map<number, number>();
  for (const v of cells) counts.set(v, (counts.get(v) ?? 0) + 1);
  let background = cells[0] ?? 0;
  for (const [v, n] of counts) if (n > (counts.get(background) ?? 0)) background = v;
  const rects: string[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; ) {
      const v = cells[y * width + x];
      let end = x + 1;
      while (end < width && cells[y * width + end] === v) end++;
      if (v !== background) rects.push(element('rect', { x: x * k, y: y * k, width: (end - x) * k, height: k, fill: hex(palette[v]) }));
      x = end;
    }
  }
  return element('g', { class: 'map', 'shape-rendering': 'crispEdges' }, ['', element('rect', { x: 0, y: 0, width: width * k, height: height * k, fill: hex(palette[background]) }), ...rects, ''].join('\n'));
}

/** The scene as PNG pixels: cells as k x k blocks, lines stamped along their segments, marks last. */
export function gridPng(scene: GridScene): Buffer {
  const { width, height, cells, palette } = scene;
  const k = cellPixels(width, height);
  const W = width * k, H = height * k;
  const rgb = new Uint8Array(W * H * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = palette[cells[y * width + x]];
      for (let py = y * k; py < (y + 1) * k; py++) {
        for (let px = x * k, o = (py * W + px) * 3; px < (x + 1) * k; px++, o += 3) { rgb[o] = r; rgb[o + 1] = g; rgb[o + 2] = b; }
      }
    }
  }
  const put = (px: number, py: number, [r, g, b]: Rgb) => {
    if (px < 0 || py < 0 || px >= W || py >= H) return;
    const o = (py * W + px) * 3;
    rgb[o] = r; rgb[o + 1] = g; rgb[o + 2] = b;
  };
  // A square brush of half width `half` around the pixel under (fx, fy).
  const stamp = (fx: number, fy: number, half: number, c: Rgb) => {
    const px = Math.floor(fx), py = Math.floor(fy);
    for (let dy = -half; dy <= half; dy++) for (let dx = -half; dx <= half; dx++) put(px + dx, py + dy, c);
  };
  const half = brushHalf(k);
  for (const l of scene.lines) {
    const pts = withoutRepeats(l.cells).map(([x, y]) => [(x + 0.5) * k, (y + 0.5) * k] as const);
    if (pts.length === 1) stamp(pts[0][0], pts[0][1], half, l.colour);
    for (let i = 1; i < pts.length; i++) {
      const [x0, y0] = pts[i - 1], [x1, y1] = pts[i];
      // Half-pixel steps: every pixel the segment crosses is stamped (an any-angle segment may be long and steep).
      const steps = Math.max(1, Math.ceil(2 * Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0))));
      for (let s = 0; s <= steps; s++) stamp(x0 + ((x1 - x0) * s) / steps, y0 + ((y1 - y0) * s) / steps, half, l.colour);
    }
  }
  const r = markRadius(k, width, height);
  for (const m of scene.marks) {
    const cx = (m.cell[0] + 0.5) * k, cy = (m.cell[1] + 0.5) * k;
    for (let py = Math.floor(cy - r); py <= Math.ceil(cy + r); py++) {
      for (let px = Math.floor(cx - r); px <= Math.ceil(cx + r); px++) {
        const dx = px + 0.5 - cx, dy = py + 0.5 - cy;
        const inside = m.shape === 'square' ? Math.abs(dx) <= r && Math.abs(dy) <= r : dx * dx + dy * dy <= r * r;
        if (inside) put(px, py, m.colour);
      }
    }
  }
  return encodePng(W, H, rgb);
}

// --- the scenes the commands draw ------------------------------------------------

/** Palette indices of a Moving AI map: its letters, or `.`/`@` for a grid that keeps none. */
function letters(grid: Grid): Uint8Array {
  if (grid.areas !== null) return grid.areas;
  return Uint8Array.from(grid.cells, (c) => (c === 0 ? 46 : 64)); // '.' or '@'
}

const cellOf = (grid: Grid, n: number): Cell => [grid.x(n), grid.y(n)];

/** A path (node ids of `grid`) from `start` to `goal`: the map's letters, the path in red, the ends marked. */
export function planScene(grid: Grid, path: ArrayLike<number>, start: number, goal: number, title: string, cells?: { values: Uint8Array; palette: readonly Rgb[] }): GridScene {
  const line: Line[] = path.length > 0 ? [{ cells: Array.from(path, (n) => cellOf(grid, n)), colour: PATH, label: 'path' }] : [];
  return {
    width: grid.width, height: grid.height,
    cells: cells?.values ?? letters(grid), palette: cells?.palette ?? terrainPalette(),
    lines: line,
    marks: [{ cell: cellOf(grid, start), colour: START, shape: 'disc', label: 'start' }, { cell: cellOf(grid, goal), colour: GOAL, shape: 'square', label: 'goal' }],
    title,
  };
}

/** A costmap (costs top-down, one per cell of `grid`) in Nav2's colours, with the plan over it. */
export function costmapScene(grid: Grid, costTopDown: Uint8Array, path: ArrayLike<number>, start: number, goal: number, title: string): GridScene {
  return planScene(grid, path, start, goal, title, { values: costTopDown, palette: costmapPalette() });
}

/** Every agent's path in its own colour, its start a disc and its goal a square of that colour. */
export function fleetScene(grid: Grid, tasks: readonly { start: number; goal: number }[], paths: readonly (readonly number[])[] | null, title: string): GridScene {
  return {
    width: grid.width, height: grid.height, cells: letters(grid), palette: terrainPalette(),
    lines: paths === null ? [] : paths.map((p, i) => ({ cells: p.map((n) => cellOf(grid, n)), colour: agentColour(i), label: `agent ${i}` })),
    marks: tasks.flatMap((t, i) => [
      { cell: cellOf(grid, t.start), colour: agentColour(i), shape: 'disc' as const, label: `start ${i}` },
      { cell: cellOf(grid, t.goal), colour: agentColour(i), shape: 'square' as const, label: `goal ${i}` },
    ]),
    title,
  };
}

/**
 * Writes `scene` to each of the picture `targets` (`svg`, `png` option to
 * file); returns the `wrote` lines.
 */
export function writeGridPictures(command: string, targets: ReadonlyMap<string, string>, scene: GridScene): string[] {
  const k = cellPixels(scene.width, scene.height);
  const size = `${scene.width * k} x ${scene.height * k}`;
  const wrote: string[] = [];
  for (const [option, file] of targets) {
    if (option === 'svg') wrote.push(writePicture(command, option, file, gridSvg(scene), `${size} SVG, ${k} px a cell`));
    else if (option === 'png') wrote.push(writePicture(command, option, file, gridPng(scene), `${size} PNG, ${k} px a cell`));
    else throw new Error(`writeGridPictures: no grid picture for --${option}`); // a defect: the command asked for another format
  }
  return wrote;
}
