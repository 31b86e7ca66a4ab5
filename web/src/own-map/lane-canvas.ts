import { el } from '../common/dom.js';
import { COLORS, hexToRgb, mix } from '../common/palette.js';

/** Side of the square tiles the image is copied to the canvas in: only tiles with new cells are copied. */
const TILE = 32;
/** Steps of the explored gradient (early cells pale, late ones full blue, as the theater shades them). */
const SHADES = 64;

/** A colour as one pixel of a Uint32Array view on ImageData (bytes r, g, b, a in memory). */
function pixel(hex: string): number {
  const [r, g, b] = hexToRgb(hex);
  return new Uint32Array(new Uint8Array([r, g, b, 255]).buffer)[0];
}

const FREE = pixel(COLORS.free), WALL = pixel(COLORS.wall);
const SHADE = Array.from({ length: SHADES }, (_, q) => pixel(mix(COLORS.free, COLORS.explored, 0.3 + 0.7 * (q / (SHADES - 1)))));

/** A map's bare picture (walls and free cells, one pixel a cell), made once for the four lanes. */
export interface BaseImage {
  width: number;
  height: number;
  pixels: Uint32Array;
  canvas: HTMLCanvasElement;
}

/** Draws the walls of a map into a BaseImage. */
export function baseImage(width: number, height: number, cells: Uint8Array): BaseImage {
  const pixels = new Uint32Array(width * height);
  for (let n = 0; n < cells.length; n++) pixels[n] = cells[n] ? WALL : FREE;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d')?.putImageData(new ImageData(new Uint8ClampedArray(pixels.buffer), width, height), 0, 0);
  return { width, height, pixels, canvas };
}

/**
 * One lane's picture of a big map: a canvas of one pixel per cell, painted
 * from an ImageData that the page writes cell by cell and copies over in
 * tiles (never a DOM element per cell, never the whole image per frame),
 * scaled to the lane by CSS; and over it a second canvas at screen
 * resolution with the start, the goal and the path, which stay visible
 * however small a cell is drawn.
 */
export class LaneCanvas {
  readonly stage: HTMLDivElement;
  readonly cellsCanvas: HTMLCanvasElement;
  readonly marks: HTMLCanvasElement;
  private ctx: CanvasRenderingContext2D | null = null;
  private img: ImageData | null = null;
  private px = new Uint32Array(0);
  private base: BaseImage | null = null;
  /** Nothing has been explored since the map was drawn bare. */
  private fresh = false;
  private dirty = new Uint8Array(0);
  private tilesX = 0;
  width = 0;
  height = 0;
  private shownMarks: { start: number; goal: number; path: Int32Array | null } = { start: -1, goal: -1, path: null };

  constructor(label: string) {
    this.cellsCanvas = el('canvas', { class: 'om-cells', role: 'img', 'aria-label': label });
    this.marks = el('canvas', { class: 'om-marks', 'aria-hidden': 'true' });
    this.stage = el('div', { class: 'om-stage' }, this.cellsCanvas, this.marks);
    if (typeof ResizeObserver === 'function') new ResizeObserver(() => this.drawMarks()).observe(this.stage);
  }

  /**
   * A new map: walls and free cells, nothing explored. `base` is the bare
   * map, shared by the four lanes: its pixels (copied into this lane's
   * image) and a canvas holding them, which a clear draws in one call
   * instead of copying a million pixels through putImageData.
   */
  setMap(base: BaseImage): void {
    const { width, height } = base;
    this.width = width;
    this.height = height;
    this.base = base;
    const c = this.cellsCanvas;
    c.width = width;
    c.height = height;
    // One cell to a pixel, scaled by CSS: a lane never shows more than the map's own width, and a big map is shrunk to the lane.
    this.stage.style.aspectRatio = `${width} / ${height}`;
    this.stage.style.width = `min(100%, calc(30rem * ${width} / ${height}))`;
    this.stage.classList.toggle('om-coarse', width < 400);
    this.ctx = c.getContext('2d');
    // The bare map is drawn, and the lane's own image of it (4 MB for a 1024 x 1024 map) made, by prepare,
    // in a task of each lane's own: done here for the four lanes, the map's arrival was one task of 140 ms.
    this.img = null;
    this.drawn = false;
    this.tilesX = Math.ceil(width / TILE);
    this.dirty = new Uint8Array(this.tilesX * Math.ceil(height / TILE));
    this.pending = false;
    this.shownMarks = { start: -1, goal: -1, path: null };
    this.fresh = true;
  }

  /** The bare map is on the canvas (see prepare). */
  private drawn = false;
  /** Some tile changed since the last flush. */
  private pending = false;

  /** Draws the bare map and makes the lane's image of it, if not done yet (the first closed cells do it otherwise). */
  prepare(): void {
    if (!this.ctx || !this.base) return;
    if (!this.drawn) { this.ctx.drawImage(this.base.canvas, 0, 0); this.drawn = true; }
    if (this.img) return;
    this.img = this.ctx.createImageData(this.width, this.height);
    this.px = new Uint32Array(this.img.data.buffer);
    this.px.set(this.base.pixels);
  }

  /** Whether some explored cells wait for a flush. */
  get unflushed(): boolean { return this.pending; }

  /** Back to the bare map (nothing to do when nothing was explored since the last clear). */
  clear(): void {
    if (!this.img || !this.ctx || !this.base || this.fresh) return;
    this.px.set(this.base.pixels);
    this.dirty.fill(0);
    this.pending = false;
    this.ctx.drawImage(this.base.canvas, 0, 0);
    this.fresh = true;
  }

  /**
   * Paints cells `order[from..to)` (indices into the lane's whole order,
   * `offset` being the index of order[0]) as explored, shaded by their place
   * among `total` expansions.
   */
  close(order: Int32Array, offset: number, from: number, to: number, total: number): void {
    this.prepare();
    const px = this.px, w = this.width, dirty = this.dirty, tx = this.tilesX;
    const scale = (SHADES - 1) / Math.max(1, total - 1);
    if (to > from) { this.fresh = false; this.pending = true; }
    for (let i = from; i < to; i++) {
      const n = order[i - offset];
      px[n] = SHADE[Math.min(SHADES - 1, Math.round(i * scale))];
      const x = n % w, y = (n - x) / w;
      dirty[((y / TILE) | 0) * tx + ((x / TILE) | 0)] = 1;
    }
  }

  /** Copies the tiles that changed since the last flush to the canvas. */
  flush(): void {
    const ctx = this.ctx, img = this.img, dirty = this.dirty, tx = this.tilesX;
    if (!ctx || !img) return;
    this.pending = false;
    for (let t = 0; t < dirty.length; t++) {
      if (!dirty[t]) continue;
      dirty[t] = 0;
      const x = (t % tx) * TILE, y = ((t / tx) | 0) * TILE;
      ctx.putImageData(img, 0, 0, x, y, Math.min(TILE, this.width - x), Math.min(TILE, this.height - y));
    }
  }

  /** The start, the goal and (once the lane has played to its end) the path. */
  setMarks(start: number, goal: number, path: Int32Array | null): void {
    this.shownMarks = { start, goal, path };
    this.drawMarks();
  }

  private drawMarks(): void {
    const c = this.marks, r = this.stage.getBoundingClientRect();
    if (r.width === 0 || this.width === 0) return;
    const dpr = globalThis.devicePixelRatio || 1;
    const w = Math.round(r.width * dpr), h = Math.round(r.height * dpr);
    // Setting a canvas's size reallocates it even when unchanged: only on a new size.
    if (c.width !== w || c.height !== h) { c.width = w; c.height = h; }
    const ctx = c.getContext('2d');
    if (!ctx) return;
    ctx.clearRect(0, 0, c.width, c.height);
    const s = c.width / this.width;
    const at = (n: number): [number, number] => [((n % this.width) + 0.5) * s, (Math.floor(n / this.width) + 0.5) * s];
    const { start, goal, path } = this.shownMarks;
    if (path && path.length > 1) {
      ctx.strokeStyle = COLORS.path;
      ctx.lineWidth = Math.max(2.5 * dpr, s * 0.6);
      ctx.lineJoin = 'round';
      ctx.beginPath();
      for (let i = 0; i < path.length; i++) ctx[i ? 'lineTo' : 'moveTo'](...at(path[i]));
      ctx.stroke();
    }
    const r0 = Math.max(5 * dpr, s * 0.6);
    // A white rim keeps both marks visible on walls and on the explored blue alike.
    ctx.lineWidth = 1.5 * dpr;
    ctx.strokeStyle = '#ffffff';
    if (start >= 0) {
      const [x, y] = at(start);
      ctx.fillStyle = COLORS.start;
      ctx.beginPath();
      ctx.arc(x, y, r0, 0, Math.PI * 2);
      ctx.fill();
      ctx.stroke();
    }
    if (goal >= 0) {
      const [x, y] = at(goal);
      ctx.fillStyle = COLORS.goal;
      ctx.beginPath();
      ctx.moveTo(x, y - r0 * 1.2); ctx.lineTo(x + r0 * 1.2, y); ctx.lineTo(x, y + r0 * 1.2); ctx.lineTo(x - r0 * 1.2, y);
      ctx.closePath();
      ctx.fill();
      ctx.stroke();
    }
  }

  /** The cell under a point of the screen (client coordinates), or -1 outside the map. */
  cellAt(clientX: number, clientY: number): number {
    const r = this.stage.getBoundingClientRect();
    const x = Math.floor(((clientX - r.left) / r.width) * this.width), y = Math.floor(((clientY - r.top) / r.height) * this.height);
    return x >= 0 && y >= 0 && x < this.width && y < this.height ? y * this.width + x : -1;
  }
}
