import { drawFigure, type Figure } from './figure.js';
import { FigureThread } from './figure-thread.js';
import { canvasSize, cellAt, cellSizeFor, type GridLayout } from './layout.js';
import { trackDistance } from './out-of-view.js';
import type { Scene } from './scene.js';
import type { Ctx2D } from './surface.js';

export interface GridCanvasOptions {
  width: number;
  height: number;
  label: string;
  /** Paints the figure; asked on every redraw. */
  paint?: (ctx: Ctx2D, layout: GridLayout) => void;
  /**
   * A figure redrawn on every frame of a drag says what it shows instead
   * of painting it (`paint` is then not asked): the figure worker draws it
   * off the main thread (figure-thread.ts), or, where the browser cannot,
   * it is drawn here with drawFigure. A null scene means the one the
   * worker drew last on this canvas (the theater's lanes during a drag,
   * whose searches the worker runs: FigureThread.runLanes).
   */
  figure?: (layout: GridLayout) => Omit<Figure, 'scene'> & { scene: Scene | null };
  maxCell?: number;
  minCell?: number;
  /** Room along the top and the left for coordinates, in CSS pixels (0: none). */
  gutter?: number;
}

/**
 * The page's one grid canvas: whole cells at any width (sized to its box,
 * in device pixels), redrawn on demand or at most once per animation frame,
 * and able to say which cell a pointer is over. Gestures live in editor.ts;
 * what is drawn lives with each widget.
 */
export class GridCanvas {
  readonly canvas: HTMLCanvasElement;
  layout: GridLayout;
  private frame = 0;
  /** The figure worker and this canvas's id there, when its pixels were handed over. */
  private readonly worker: { thread: FigureThread; id: number } | null = null;
  /** The backing store's size in device pixels (a handed-over canvas's own width and height stay as they were). */
  private backing: [number, number];
  /** Measured at least once (by the ResizeObserver, after the browser's own layout: no forced layout on mount). */
  private sized = false;

  constructor(private readonly opts: GridCanvasOptions) {
    const c = document.createElement('canvas');
    c.className = 'grid-canvas';
    c.setAttribute('role', 'img');
    c.setAttribute('aria-label', opts.label);
    this.canvas = c;
    this.layout = { width: opts.width, height: opts.height, cell: 10 };
    this.backing = canvasSize(this.layout);
    [c.width, c.height] = this.backing;
    const thread = opts.figure ? FigureThread.get() : null;
    if (thread) {
      this.worker = { thread, id: thread.attach(c) };
      c.dataset.backing = `${c.width}x${c.height}`;
    }
    new ResizeObserver(() => this.resize()).observe(c);
    trackDistance(c);
  }

  /** The figure worker and this canvas's id there, or null when it is drawn on the main thread. */
  get remote(): { thread: FigureThread; id: number } | null { return this.worker; }

  get width(): number { return this.opts.width; }
  get height(): number { return this.opts.height; }

  /** Matches the backing store to the shown size (whole cells, device pixels), then redraws. */
  resize(): void {
    this.sized = true;
    const cssW = this.canvas.clientWidth || this.canvas.parentElement?.clientWidth || 320;
    const gutter = this.opts.gutter ?? 0;
    const cssCell = cellSizeFor(cssW - gutter, this.opts.width, this.opts.minCell ?? 4, this.opts.maxCell ?? 40);
    const dpr = Math.min(2, window.devicePixelRatio || 1);
    const cell = Math.max(2, Math.round(cssCell * dpr));
    const g = Math.round(gutter * dpr);
    const next: GridLayout = { width: this.opts.width, height: this.opts.height, cell, left: g, top: g, dpr };
    const [w, h] = canvasSize(next);
    if (cell !== this.layout.cell || this.backing[0] !== w || this.backing[1] !== h || dpr !== this.layout.dpr) {
      this.layout = next;
      this.backing = [w, h];
      if (this.worker) {
        this.worker.thread.size(this.worker.id, w, h);
        // A handed-over canvas's own width and height stay as first set: tests and tools read the backing size here.
        this.canvas.dataset.backing = `${w}x${h}`;
      } else [this.canvas.width, this.canvas.height] = [w, h];
    }
    this.draw();
  }

  draw(): void {
    if (this.frame) { cancelAnimationFrame(this.frame); this.frame = 0; }
    if (!this.sized) return; // the first measure draws
    const { figure, paint } = this.opts;
    if (this.worker && figure) { this.worker.thread.draw(this.worker.id, figure(this.layout)); return; }
    const ctx = this.canvas.getContext('2d');
    if (!ctx) return;
    ctx.save();
    if (figure) {
      const fig = figure(this.layout);
      if (fig.scene) drawFigure(ctx, { ...fig, scene: fig.scene });
    } else paint?.(ctx, this.layout);
    ctx.restore();
  }

  /** Redraws at the next frame; any number of calls before it cost one paint. */
  requestDraw(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => { this.frame = 0; this.draw(); });
  }

  /**
   * The cell under a pointer event, or -1. `rect` is the canvas's client
   * rectangle when the caller already knows it (a drag measures it once at
   * its start, so no pointer move asks the browser for a layout).
   */
  cellOf(e: { clientX: number; clientY: number }, rect?: DOMRectReadOnly): number {
    const r = rect ?? this.canvas.getBoundingClientRect();
    return cellAt(this.layout, e.clientX - r.left, e.clientY - r.top, r.width, r.height);
  }
}
