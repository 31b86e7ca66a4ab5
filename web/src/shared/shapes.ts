// Drawing primitives every grid figure shares: the fitted canvas, cells, hatching,
// the start disc, the goal diamond, routes and grid lines, in the page's colour language.
import { cellAt, cellCentre, cellSizeFor, type GridLayout } from './layout.js';
import { COLORS } from './palette.js';

/**
 * Drawing pieces shared by the part-2 figures (the D* Replanner, the
 * universal-plan field, the ARA* lane): a canvas that keeps whole cells at
 * any width, and the page's markers (green disc, red diamond, purple route)
 * drawn in the same shapes as draw-grid.ts draws them.
 */
export class FitCanvas {
  readonly canvas: HTMLCanvasElement;
  layout: GridLayout;

  constructor(readonly width: number, readonly height: number, label: string, private readonly paint: (ctx: CanvasRenderingContext2D, layout: GridLayout) => void,
    private readonly maxCell = 40, private readonly minCell = 4) {
    const c = document.createElement('canvas');
    c.className = 'grid-canvas';
    c.setAttribute('role', 'img');
    c.setAttribute('aria-label', label);
    this.canvas = c;
    this.layout = { width, height, cell: 10 };
    c.width = width * 10;
    c.height = height * 10;
    new ResizeObserver(() => this.resize()).observe(c);
  }

  resize(): void {
    const cssW = this.canvas.clientWidth || this.canvas.parentElement?.clientWidth || 320;
    const cssCell = cellSizeFor(cssW, this.width, this.minCell, this.maxCell);
    const dpr = Math.min(2, window.devicePixelRatio || 1);
    const cell = Math.max(2, Math.round(cssCell * dpr));
    if (cell !== this.layout.cell || this.canvas.width !== cell * this.width) {
      this.layout = { width: this.width, height: this.height, cell };
      this.canvas.width = cell * this.width;
      this.canvas.height = cell * this.height;
    }
    this.draw();
  }

  draw(): void {
    const ctx = this.canvas.getContext('2d');
    if (!ctx) return;
    ctx.save();
    this.paint(ctx, this.layout);
    ctx.restore();
  }

  /** The cell under a pointer event, or -1. */
  cellOf(e: { clientX: number; clientY: number }): number {
    const r = this.canvas.getBoundingClientRect();
    return cellAt(this.layout, e.clientX - r.left, e.clientY - r.top, r.width, r.height);
  }
}

export function fillCell(ctx: CanvasRenderingContext2D, layout: GridLayout, n: number, color: string): void {
  const x = n % layout.width, y = (n - x) / layout.width;
  ctx.fillStyle = color;
  ctx.fillRect(x * layout.cell, y * layout.cell, layout.cell, layout.cell);
}

/** Diagonal hatching over a cell: the second channel for "raised" (colour is never the only cue). */
export function hatchCell(ctx: CanvasRenderingContext2D, layout: GridLayout, n: number, color: string): void {
  const x = (n % layout.width) * layout.cell, y = Math.floor(n / layout.width) * layout.cell, c = layout.cell;
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

/** Faint cell lines that help count cells; skipped when cells are smaller than `minCell` px. */
export function gridLines(ctx: CanvasRenderingContext2D, layout: GridLayout, minCell = 8): void {
  const { width, height, cell } = layout;
  if (cell < minCell) return;
  ctx.strokeStyle = COLORS.line;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let x = 0; x <= width; x++) { ctx.moveTo(x * cell + 0.5, 0); ctx.lineTo(x * cell + 0.5, height * cell); }
  for (let y = 0; y <= height; y++) { ctx.moveTo(0, y * cell + 0.5); ctx.lineTo(width * cell, y * cell + 0.5); }
  ctx.stroke();
}

/** The robot (or a start): a green disc with a white rim. */
export function disc(ctx: CanvasRenderingContext2D, layout: GridLayout, n: number, color: string = COLORS.start, scale = 0.42): void {
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
export function diamond(ctx: CanvasRenderingContext2D, layout: GridLayout, n: number, scale = 0.48): void {
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

/** A route: purple line with dots at the cells; `dashed` for where the robot has already been. */
export function route(ctx: CanvasRenderingContext2D, layout: GridLayout, cells: readonly number[], opts: { width?: number; dashed?: boolean; color?: string } = {}): void {
  if (cells.length === 0) return;
  const w = Math.max(2, layout.cell * (opts.width ?? 0.2));
  ctx.strokeStyle = opts.color ?? COLORS.path;
  ctx.fillStyle = opts.color ?? COLORS.path;
  ctx.lineWidth = w;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.setLineDash(opts.dashed ? [w * 1.2, w * 1.4] : []);
  ctx.beginPath();
  cells.forEach((n, i) => {
    const [cx, cy] = cellCentre(layout, n);
    if (i === 0) ctx.moveTo(cx, cy); else ctx.lineTo(cx, cy);
  });
  ctx.stroke();
  ctx.setLineDash([]);
  if (!opts.dashed) {
    for (const n of cells) {
      const [cx, cy] = cellCentre(layout, n);
      ctx.beginPath();
      ctx.arc(cx, cy, w * 0.8, 0, Math.PI * 2);
      ctx.fill();
    }
  }
}

/** An arrow from the centre of cell `from` toward the centre of cell `to`, `frac` of the way (head included). */
export function arrow(ctx: CanvasRenderingContext2D, layout: GridLayout, from: number, to: number, color: string, frac = 0.42, width = 0.06): void {
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
export function outline(ctx: CanvasRenderingContext2D, layout: GridLayout, n: number, color: string, width = 0.1, dash = false): void {
  const x = n % layout.width, y = (n - x) / layout.width, c = layout.cell;
  const w = Math.max(2, c * width);
  ctx.strokeStyle = color;
  ctx.lineWidth = w;
  ctx.setLineDash(dash ? [Math.max(2, c * 0.2), Math.max(2, c * 0.12)] : []);
  ctx.strokeRect(x * c + w / 2, y * c + w / 2, c - w, c - w);
  ctx.setLineDash([]);
}
