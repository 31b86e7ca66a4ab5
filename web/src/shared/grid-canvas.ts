import { drawFigure, type Figure } from './figure.js';
import { applyEdit, keyEdit, modeAt, type Editable, type EditMode } from './editor.js';
import { cellAt, cellSizeFor, moveCursor, type GridLayout } from './layout.js';

export interface GridCanvasOptions {
  width: number;
  height: number;
  label: string;
  /** The world the gestures edit; omit for a figure that is only looked at. */
  editable?: () => Editable;
  /** Called after every change a gesture or key made. */
  onEdit?: () => void;
  /** The figure to paint, asked for on every redraw. */
  figure: (layout: GridLayout, cursor: number) => Figure;
  maxCell?: number;
}

/**
 * A canvas showing one grid figure: sized to its container in whole cells,
 * redrawn on demand, and (when editable) driven by pointer drags and by the
 * keyboard (arrows move a cursor, Space toggles a wall, S and G place the
 * endpoints), so nothing on it needs a mouse.
 */
export class GridCanvas {
  readonly canvas: HTMLCanvasElement;
  layout: GridLayout;
  cursor = -1;
  private mode: EditMode | null = null;

  constructor(private readonly opts: GridCanvasOptions) {
    const c = document.createElement('canvas');
    c.className = 'grid-canvas';
    c.setAttribute('role', 'img');
    c.setAttribute('aria-label', opts.label);
    this.canvas = c;
    this.layout = { width: opts.width, height: opts.height, cell: 10 };
    if (opts.editable) {
      c.tabIndex = 0;
      c.setAttribute('aria-roledescription', 'editable grid');
      c.addEventListener('pointerdown', (e) => this.down(e));
      c.addEventListener('pointermove', (e) => this.move(e));
      c.addEventListener('pointerup', () => { this.mode = null; });
      c.addEventListener('pointercancel', () => { this.mode = null; });
      c.addEventListener('keydown', (e) => this.key(e));
      c.addEventListener('focus', () => { if (this.cursor < 0) { this.cursor = opts.editable!().start; this.draw(); } });
      c.addEventListener('blur', () => { this.draw(); });
    }
    new ResizeObserver(() => this.resize()).observe(c);
  }

  /** Matches the backing store to the shown size (whole cells, device pixels). */
  resize(): void {
    const cssW = this.canvas.clientWidth || this.canvas.parentElement?.clientWidth || 320;
    const cssCell = cellSizeFor(cssW, this.opts.width, 4, this.opts.maxCell ?? 40);
    const dpr = Math.min(2, window.devicePixelRatio || 1);
    const cell = Math.max(2, Math.round(cssCell * dpr));
    if (cell !== this.layout.cell || this.canvas.width !== cell * this.opts.width) {
      this.layout = { width: this.opts.width, height: this.opts.height, cell };
      this.canvas.width = cell * this.opts.width;
      this.canvas.height = cell * this.opts.height;
      this.draw();
    }
  }

  draw(): void {
    const ctx = this.canvas.getContext('2d');
    if (!ctx) return;
    const focused = document.activeElement === this.canvas;
    drawFigure(ctx, this.opts.figure(this.layout, focused ? this.cursor : -1));
  }

  private cellOf(e: PointerEvent): number {
    const r = this.canvas.getBoundingClientRect();
    return cellAt(this.layout, e.clientX - r.left, e.clientY - r.top, r.width, r.height);
  }

  private down(e: PointerEvent): void {
    const cell = this.cellOf(e);
    if (cell < 0) return;
    e.preventDefault();
    this.canvas.setPointerCapture?.(e.pointerId);
    const w = this.opts.editable!();
    this.mode = modeAt(w, cell);
    this.cursor = cell;
    if (applyEdit(w, this.mode, cell)) this.opts.onEdit?.();
  }

  private move(e: PointerEvent): void {
    if (this.mode === null) return;
    const cell = this.cellOf(e);
    if (cell < 0) return;
    this.cursor = cell;
    if (applyEdit(this.opts.editable!(), this.mode, cell)) this.opts.onEdit?.();
  }

  private key(e: KeyboardEvent): void {
    if (e.key.startsWith('Arrow')) {
      e.preventDefault();
      this.cursor = moveCursor(this.layout, this.cursor < 0 ? 0 : this.cursor, e.key);
      this.draw();
      return;
    }
    if (this.cursor >= 0 && keyEdit(this.opts.editable!(), e.key, this.cursor)) {
      e.preventDefault();
      this.opts.onEdit?.();
    }
  }
}
