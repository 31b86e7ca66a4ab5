import { el } from '../common/dom.js';
import { drawFigure } from '../common/figure.js';
import { num } from '../common/format.js';
import { GridCanvas } from '../common/grid-canvas.js';
import { cellRect, cssPx, type GridLayout } from '../common/layout.js';
import { ReplayBar } from '../common/replay-bar.js';
import { sceneAt } from '../common/scene.js';
import { cellText } from './cell-text.js';
import { handTraceLine, handTraceRun, type HandTraceRun } from './hand-trace-model.js';
import type { Ctx2D } from '../common/surface.js';

/** Room for the (col, row) numbers along the top and the left, in CSS pixels. */
const AXIS_GUTTER = 22;

/**
 * The hand trace as a picture: the 4 x 3 grid with (col, row) numbers as
 * the text counts them, every reached cell's g, h and f, the order of the
 * pops, and the table's row for the current pop lit as the replay steps.
 */
export class HandTraceFigure {
  readonly run: HandTraceRun;
  readonly bar: ReplayBar;
  private readonly canvas: GridCanvas;
  private readonly say: HTMLElement;

  constructor(readonly root: HTMLElement, private readonly table: HTMLTableElement | null, private readonly summary: HTMLElement | null = null) {
    this.run = handTraceRun();
    const g = this.run.world.grid;
    this.canvas = new GridCanvas({
      width: g.width, height: g.height, maxCell: 96, minCell: 56, gutter: AXIS_GUTTER,
      label: 'The 4 by 3 hand-trace grid', paint: (ctx, layout) => this.paint(ctx, layout),
    });
    this.bar = new ReplayBar('Hand trace', 1.5, () => this.render());
    this.say = el('p', { class: 'loop-say', 'aria-live': 'polite' });
    root.dataset.popOrder = this.run.trace.pops.map((p) => g.formatColRow(p.node)).join(' ');
    root.dataset.cost = num(this.run.cost);
    root.append(this.canvas.canvas,
      el('p', { class: 'loop-key' }, 'In each reached cell: g and h at the top, f at the bottom. #1, #2, … in the middle: the pop that closed it.'),
      this.bar.root, this.say);
    this.bar.load(this.run.trace.pops.length + 1, 0);
  }

  render(): void {
    const k = this.bar.k;
    const line = handTraceLine(this.run, k);
    this.say.textContent = line;
    this.root.dataset.step = String(k);
    // The table beside the figure follows the same step: the row of this pop lit, the pops still to come
    // with their numbers held back, and the summary of the whole search only once it has ended.
    this.table?.tBodies[0]?.querySelectorAll('tr').forEach((tr, i) => {
      tr.classList.toggle('current', i === k - 1);
      tr.classList.toggle('to-come', i >= k);
    });
    if (this.summary) this.summary.classList.toggle('to-come', k < this.run.trace.pops.length);
    this.canvas.canvas.setAttribute('aria-label', `The 4 by 3 hand-trace grid, after ${k} pops. ${line}`);
    this.canvas.draw();
  }

  private paint(ctx: Ctx2D, layout: GridLayout): void {
    const { world, trace, path } = this.run;
    const k = this.bar.k;
    drawFigure(ctx, {
      layout, blocked: world.grid.cells, start: world.start, goal: world.goal, colRow: true,
      scene: sceneAt(trace, world.grid.size, k, path),
    });
    // Inset to about the frame drawFigure puts round the cell just expanded, so the numbers stay clear of it.
    const size = Math.round(cssPx(layout, 12)), pad = Math.max(cssPx(layout, 3), layout.cell * 0.12);
    const latest = new Map<number, { g: number; h: number; f: number }>();
    for (const p of trace.pushes) { if (p.during >= k) break; latest.set(p.node, p); }
    const popped = new Map<number, number>();
    trace.pops.slice(0, k).forEach((p, i) => popped.set(p.node, i + 1));
    for (const [n, p] of latest) {
      const [x, y, c] = cellRect(layout, n);
      cellText(ctx, `g ${num(p.g)}`, x + pad, y + pad, size, 'left', 'top', false);
      cellText(ctx, `h ${num(p.h)}`, x + c - pad, y + pad, size, 'right', 'top', false);
      cellText(ctx, `f ${num(p.f)}`, x + c / 2, y + c - pad, size, 'center', 'bottom', true);
      const order = popped.get(n);
      if (order !== undefined) cellText(ctx, `#${order}`, x + c / 2, y + c / 2, Math.round(cssPx(layout, 14)), 'center', 'middle', true);
    }
  }
}
