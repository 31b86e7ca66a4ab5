// Drawing primitives every grid figure shares: cells, hatching, the start disc, the
// goal diamond, routes, arrows, grid lines, coordinates and labels, in the page's
// colour language. Every position comes from layout.ts.
import { canvasSize, cellCentre, cellRect, cssPx, type GridLayout } from './layout.js';
import { COLORS, hexToRgb } from './palette.js';
import { scratch, scratchContext, type Ctx2D, type Scratch } from './surface.js';

export function fillCell(ctx: Ctx2D, layout: GridLayout, n: number, color: string): void {
  const [x, y, c] = cellRect(layout, n);
  ctx.fillStyle = color;
  ctx.fillRect(x, y, c, c);
}

/** Paper under the cells (the gutter, if any, stays transparent). */
export function clearCells(ctx: Ctx2D, layout: GridLayout, color: string = COLORS.free): void {
  const [w, h] = canvasSize(layout);
  ctx.clearRect(0, 0, w, h);
  ctx.fillStyle = color;
  ctx.fillRect(layout.left ?? 0, layout.top ?? 0, layout.width * layout.cell, layout.height * layout.cell);
}

/** Diagonal hatching over a cell: the second channel for "raised" (colour is never the only cue). */
export function hatchCell(ctx: Ctx2D, layout: GridLayout, n: number, color: string): void {
  const [x, y, c] = cellRect(layout, n);
  ctx.save();
  ctx.beginPath();
  ctx.rect(x, y, c, c);
  ctx.clip();
  ctx.strokeStyle = color;
  ctx.lineWidth = Math.max(1, c * 0.05);
  ctx.beginPath();
  for (let t = -c; t < c; t += Math.max(4, c / 5)) { ctx.moveTo(x + t, y + c); ctx.lineTo(x + t + c, y); }
  ctx.stroke();
  ctx.restore();
}

/**
 * Every cell's fill at once, through an image of one pixel per cell scaled
 * up without smoothing: one drawImage instead of a fillRect (and a colour
 * parse) per cell. The colours come out exactly as fillCell paints them.
 * Figures that redraw on every frame of a drag fill their cells this way.
 */
export class CellImage {
  private readonly canvas: Scratch;
  private readonly ctx: Ctx2D;
  private readonly image: ImageData;

  constructor(readonly width: number, readonly height: number) {
    this.canvas = scratch(width, height);
    this.ctx = scratchContext(this.canvas);
    this.image = this.ctx.createImageData(width, height);
  }

  /** Every cell one colour. */
  fill(color: string): void {
    const [r, g, b] = rgbOf(color), d = this.image.data;
    for (let i = 0; i < d.length; i += 4) { d[i] = r; d[i + 1] = g; d[i + 2] = b; d[i + 3] = 255; }
  }

  /** Cell n in `color`, laid over what is there at opacity `alpha` (1: replaces it). */
  set(n: number, color: string, alpha = 1): void {
    const [r, g, b] = rgbOf(color), d = this.image.data, i = n * 4;
    if (alpha >= 1) { d[i] = r; d[i + 1] = g; d[i + 2] = b; return; }
    d[i] = Math.round(d[i] + (r - d[i]) * alpha);
    d[i + 1] = Math.round(d[i + 1] + (g - d[i + 1]) * alpha);
    d[i + 2] = Math.round(d[i + 2] + (b - d[i + 2]) * alpha);
  }

  /** Paints the cells where the layout puts them. */
  draw(ctx: Ctx2D, layout: GridLayout): void {
    this.ctx.putImageData(this.image, 0, 0);
    const smooth = ctx.imageSmoothingEnabled;
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(this.canvas, layout.left ?? 0, layout.top ?? 0, layout.width * layout.cell, layout.height * layout.cell);
    ctx.imageSmoothingEnabled = smooth;
  }
}

const RGB = new Map<string, readonly [number, number, number]>();
function rgbOf(color: string): readonly [number, number, number] {
  let v = RGB.get(color);
  if (!v) {
    if (RGB.size >= 4096) RGB.clear(); // value ramps make many shades; the palette's few come back at once
    v = hexToRgb(color);
    RGB.set(color, v);
  }
  return v;
}

/** Faint cell lines that help count cells; skipped when cells are smaller than `minCell` px. */
export function gridLines(ctx: Ctx2D, layout: GridLayout, minCell = 8): void {
  const { width, height, cell } = layout;
  if (cell < minCell) return;
  const l = layout.left ?? 0, t = layout.top ?? 0;
  // The lines of one layout are drawn once and copied after: a figure redrawn every frame pays one drawImage.
  const key = `${width}x${height}@${cell}+${l},${t}`;
  let lines = LINES.get(key);
  if (!lines) {
    lines = scratch(...canvasSize(layout));
    const c = scratchContext(lines);
    c.strokeStyle = COLORS.line;
    c.lineWidth = 1;
    c.beginPath();
    for (let x = 0; x <= width; x++) { c.moveTo(l + x * cell + 0.5, t); c.lineTo(l + x * cell + 0.5, t + height * cell); }
    for (let y = 0; y <= height; y++) { c.moveTo(l, t + y * cell + 0.5); c.lineTo(l + width * cell, t + y * cell + 0.5); }
    c.stroke();
    if (LINES.size >= 32) LINES.delete(LINES.keys().next().value!); // resizes leave old sizes behind
    LINES.set(key, lines);
  }
  ctx.drawImage(lines, 0, 0);
}

const LINES = new Map<string, Scratch>();

/** The robot (or a start): a green disc with a white rim. */
export function disc(ctx: Ctx2D, layout: GridLayout, n: number, color: string = COLORS.start, scale = 0.42): void {
  const [cx, cy] = cellCentre(layout, n);
  ctx.fillStyle = color;
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = Math.max(1, layout.cell * 0.08);
  ctx.beginPath();
  ctx.arc(cx, cy, layout.cell * scale, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
}

/** The goal: a vermillion diamond with a white rim. */
export function diamond(ctx: Ctx2D, layout: GridLayout, n: number, scale = 0.48): void {
  const [cx, cy] = cellCentre(layout, n);
  const r = layout.cell * scale;
  ctx.fillStyle = COLORS.goal;
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = Math.max(1, layout.cell * 0.08);
  ctx.beginPath();
  ctx.moveTo(cx, cy - r); ctx.lineTo(cx + r, cy); ctx.lineTo(cx, cy + r); ctx.lineTo(cx - r, cy);
  ctx.closePath();
  ctx.fill();
  ctx.stroke();
}

/** A new path through the centres of `cells`, for the caller to stroke. */
export function polyline(ctx: Ctx2D, layout: GridLayout, cells: readonly number[]): void {
  ctx.beginPath();
  cells.forEach((n, i) => {
    const [cx, cy] = cellCentre(layout, n);
    if (i === 0) ctx.moveTo(cx, cy); else ctx.lineTo(cx, cy);
  });
}

/** A route: purple line with dots at the cells; `dashed` for where the robot has already been; `casing` a rim under it. */
export function route(ctx: Ctx2D, layout: GridLayout, cells: readonly number[], opts: { width?: number; dashed?: boolean; color?: string; casing?: string } = {}): void {
  if (cells.length === 0) return;
  const w = Math.max(2, layout.cell * (opts.width ?? 0.2));
  if (opts.casing) {
    // A rim in `casing` under the line, so it stands apart from any ground it crosses, whatever its hue.
    ctx.strokeStyle = opts.casing;
    ctx.lineWidth = w + 2 * Math.max(1, Math.round(w / 3));
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.setLineDash([]);
    polyline(ctx, layout, cells);
    ctx.stroke();
  }
  ctx.strokeStyle = opts.color ?? COLORS.path;
  ctx.fillStyle = opts.color ?? COLORS.path;
  ctx.lineWidth = w;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.setLineDash(opts.dashed ? [w * 1.2, w * 1.4] : []);
  polyline(ctx, layout, cells);
  ctx.stroke();
  ctx.setLineDash([]);
  if (!opts.dashed) {
    ctx.beginPath();
    for (const n of cells) {
      const [cx, cy] = cellCentre(layout, n);
      ctx.moveTo(cx + w * 0.8, cy);
      ctx.arc(cx, cy, w * 0.8, 0, Math.PI * 2);
    }
    ctx.fill();
  }
}

/** An arrow from the centre of cell `from` toward the centre of cell `to`, `frac` of the way (head included). */
export function arrow(ctx: Ctx2D, layout: GridLayout, from: number, to: number, color: string, frac = 0.42, width = 0.06): void {
  const [x0, y0] = cellCentre(layout, from), [x1, y1] = cellCentre(layout, to);
  const dx = x1 - x0, dy = y1 - y0, len = Math.hypot(dx, dy);
  if (len === 0) return;
  const ux = dx / len, uy = dy / len;
  const L = layout.cell * frac, head = Math.max(3, layout.cell * 0.16);
  const sx = x0 - ux * L * 0.35, sy = y0 - uy * L * 0.35;
  const ex = x0 + ux * L * 0.65, ey = y0 + uy * L * 0.65;
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = Math.max(1, layout.cell * width);
  ctx.beginPath();
  ctx.moveTo(sx, sy);
  ctx.lineTo(ex - ux * head * 0.6, ey - uy * head * 0.6);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(ex, ey);
  ctx.lineTo(ex - ux * head - uy * head * 0.5, ey - uy * head + ux * head * 0.5);
  ctx.lineTo(ex - ux * head + uy * head * 0.5, ey - uy * head - ux * head * 0.5);
  ctx.closePath();
  ctx.fill();
}

/** Outline a cell (the current pop, the cursor). */
export function outline(ctx: Ctx2D, layout: GridLayout, n: number, color: string, width = 0.1, dash = false): void {
  const [x, y, c] = cellRect(layout, n);
  const w = Math.max(2, c * width);
  ctx.strokeStyle = color;
  ctx.lineWidth = w;
  ctx.setLineDash(dash ? [Math.max(2, c * 0.2), Math.max(2, c * 0.12)] : []);
  ctx.strokeRect(x + w / 2, y + w / 2, c - w, c - w);
  ctx.setLineDash([]);
}

/** A name written on a figure (a room, a wave front's distance), anchored at a cell. */
export interface Label { cell: number; text: string }

/** Where a label ended up: its box in canvas pixels (centre cx, cy). */
export interface PlacedLabel { text: string; cx: number; cy: number; w: number; h: number }

/** Label text, in CSS pixels: never under 12 (legible on a phone), growing with the cells up to 16. */
export function labelSize(layout: GridLayout): number {
  const cssCell = layout.cell / (layout.dpr ?? 1);
  return Math.round(Math.max(12, Math.min(16, cssCell * 0.6)));
}

const overlaps = (a: { x: number; y: number; w: number; h: number }, b: { x: number; y: number; w: number; h: number }) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * Where each label goes, without drawing: centred on its cell unless its box
 * would cover a cell of `avoid` (the start, the goal, the robot, a path) or
 * a label already placed; then one row up or down, then two. With
 * `dropCrowded` a label that finds no free place is left out (the wave
 * fronts' distances, which are many); otherwise it keeps its own cell.
 * Pure (text widths come from `measure`), so the tests pin it.
 */
export function placeLabels(layout: GridLayout, labels: readonly Label[], measure: (text: string) => number,
  avoid: readonly number[] = [], dropCrowded = false): PlacedLabel[] {
  const size = cssPx(layout, labelSize(layout));
  const [W, H] = canvasSize(layout);
  const left = layout.left ?? 0, top = layout.top ?? 0;
  const blocked = avoid.map((n) => { const [x, y, c] = cellRect(layout, n); return { x, y, w: c, h: c }; });
  const placed: PlacedLabel[] = [];
  for (const l of labels) {
    const w = measure(l.text) + size * 0.5, h = size * 1.3;
    const [cx0, cy0] = cellCentre(layout, l.cell);
    const cx = Math.min(W - w / 2, Math.max(left + w / 2, cx0));
    let chosen: PlacedLabel | null = null;
    for (const dy of [0, -1, 1, -2, 2]) {
      const cy = Math.min(H - h / 2, Math.max(top + h / 2, cy0 + dy * layout.cell));
      const box = { x: cx - w / 2, y: cy - h / 2, w, h };
      if (blocked.some((b) => overlaps(box, b))) continue;
      if (placed.some((p) => overlaps(box, { x: p.cx - p.w / 2, y: p.cy - p.h / 2, w: p.w, h: p.h }))) continue;
      chosen = { text: l.text, cx, cy, w, h };
      break;
    }
    if (chosen) placed.push(chosen);
    else if (!dropCrowded) placed.push({ text: l.text, cx, cy: cy0, w, h });
  }
  return placed;
}

/** A label drawn once (text, halo) and reused: figures redraw every frame of a drag, and text is the slow part. */
const sprites = new Map<string, Scratch>();

function labelSprite(text: string, size: number, weight: number, plate = false): Scratch {
  const key = `${weight}|${size}|${plate ? 'plate|' : ''}${text}`;
  let c = sprites.get(key);
  if (c) return c;
  c = scratch(1, 1);
  const font = `${weight} ${size}px system-ui, sans-serif`;
  const ctx = scratchContext(c);
  ctx.font = font;
  const halo = size * 0.3;
  c.width = Math.ceil(ctx.measureText(text).width + halo * 2);
  c.height = Math.ceil(size * 1.3 + halo);
  ctx.font = font; // resizing the canvas reset it
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  if (plate) {
    // A pale plate under the whole label: the halo follows the glyphs only, so a line crossing
    // the gap between two words showed through it ('1·m' on the universal plan's wave fronts).
    ctx.fillStyle = 'rgba(255,255,255,0.9)';
    ctx.beginPath();
    ctx.roundRect(0, 0, c.width, c.height, halo);
    ctx.fill();
  }
  ctx.lineWidth = halo;
  ctx.strokeStyle = 'rgba(255,255,255,0.9)';
  ctx.fillStyle = '#1d1d1f';
  ctx.strokeText(text, c.width / 2, c.height / 2);
  ctx.fillText(text, c.width / 2, c.height / 2);
  sprites.set(key, c);
  return c;
}

/**
 * The one way to write names on a figure: dark text with a pale halo, at
 * labelSize, placed by placeLabels. Returns the boxes it drew.
 */
export function drawLabels(ctx: Ctx2D, layout: GridLayout, labels: readonly Label[],
  avoid: readonly number[] = [], opts: { dropCrowded?: boolean; weight?: number; plate?: boolean } = {}): PlacedLabel[] {
  const size = Math.round(cssPx(layout, labelSize(layout)));
  const weight = opts.weight ?? 500;
  const halo = size * 0.3;
  const placed = placeLabels(layout, labels, (t) => labelSprite(t, size, weight).width - halo * 2, avoid, opts.dropCrowded ?? false);
  for (const p of placed) {
    const img = labelSprite(p.text, size, weight, opts.plate);
    ctx.drawImage(img, Math.round(p.cx - img.width / 2), Math.round(p.cy - img.height / 2));
  }
  return placed;
}

/**
 * Column numbers in the top gutter and row numbers in the left gutter, as
 * formatXY counts them (from 0, rows from the top), or with `colRow` as
 * formatColRow does (from 1, row 1 at the bottom: the hand trace's cells).
 */
export function drawAxes(ctx: Ctx2D, layout: GridLayout, colRow = false): void {
  const left = layout.left ?? 0, top = layout.top ?? 0;
  if (left <= 0 || top <= 0) return;
  ctx.save();
  ctx.font = `${cssPx(layout, 12)}px system-ui, sans-serif`;
  ctx.fillStyle = '#555555';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let x = 0; x < layout.width; x++) ctx.fillText(String(colRow ? x + 1 : x), cellCentre(layout, x)[0], top / 2);
  ctx.textAlign = 'right';
  for (let y = 0; y < layout.height; y++) ctx.fillText(String(colRow ? layout.height - y : y), left - cssPx(layout, 4), cellCentre(layout, y * layout.width)[1]);
  ctx.restore();
}
