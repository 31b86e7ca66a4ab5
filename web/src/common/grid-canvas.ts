import { canvasSize, cellAt, cellSizeFor, type GridLayout } from './layout.js';
import { trackDistance } from './out-of-view.js';

export interface GridCanvasOptions {
  width: number;
  height: number;
  label: string;
  /** Paints the figure; asked on every redraw. */
  paint: (ctx: CanvasRenderingContext2D, layout: GridLayout) => void;
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
  /** Measured at least once (by the ResizeObserver, after the browser's own layout: no forced layout on mount). */
  private sized = false;

  constructor(private readonly opts: GridCanvasOptions) {
    const c = document.createElement('canvas');
    c.className = 'grid-canvas';
    c.setAttribute('role', 'img');
    c.setAttribute('aria-label', opts.label);
    this.canvas = c;
    this.layout = { width: opts.width, height: opts.height, cell: 10 };
    [c.width, c.height] = canvasSize(this.layout);
    new ResizeObserver(() => this.resize()).observe(c);
    trackDistance(c);
  }

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
    if (cell !== this.layout.cell || this.canvas.width !== w || this.canvas.height !== h || dpr !== this.layout.dpr) {
      this.layout = next;
      this.canvas.width = w;
      this.canvas.height = h;
    }
    this.draw();
  }

  draw(): void {
    if (this.frame) { cancelAnimationFrame(this.frame); this.frame = 0; }
    if (!this.sized) return; // the first measure draws
    const ctx = this.canvas.getContext('2d');
    if (!ctx) return;
    ctx.save();
    this.opts.paint(ctx, this.layout);
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
