import { el } from '../common/dom.js';
import { GridCanvas } from '../common/grid-canvas.js';
import { cellCentre, cssPx, type GridLayout } from '../common/layout.js';
import { COLORS } from '../common/palette.js';
import { ReplayBar } from '../common/replay-bar.js';
import { clearCells, diamond, disc, drawLabels, fillCell, gridLines, outline, route, type Label } from '../common/shapes.js';
import { metres1, wedgeLine, wedgeStory, type WedgeStory } from './wedge-model.js';
import type { Ctx2D } from '../common/surface.js';

/** Darker than the goal's vermillion, so the wall Rusty hit reads as a warning and not as the goal. */
const BUMP = '#8a3b00';

/**
 * The first figure: the Apartment's south rooms, and the controller that
 * only ever aims at the goal, replayed move by move from the library's
 * naiveController until it presses into the wall. It ends (and opens) on
 * the wedged Rusty, the straight line to the goal through the plaster and
 * the doorway it would have needed.
 */
export class WedgeFigure {
  readonly story: WedgeStory;
  readonly bar: ReplayBar;
  private readonly canvas: GridCanvas;
  private readonly say: HTMLElement;
  private readonly rooms: Label[];

  constructor(readonly root: HTMLElement) {
    this.story = wedgeStory();
    const { world, naive } = this.story;
    const g = world.grid;
    this.rooms = world.rooms.map((r) => ({ cell: r.labelCell, text: r.name }));
    this.canvas = new GridCanvas({
      width: g.width, height: g.height, maxCell: 34, minCell: 8,
      label: 'Rusty and the naive controller', paint: (ctx, layout) => this.paint(ctx, layout),
    });
    this.bar = new ReplayBar("Rusty's drive", 2, () => this.render());
    this.say = el('p', { class: 'wedge-say', 'aria-live': 'polite' });
    const d = root.dataset;
    d.distance = naive.distance.toFixed(1);
    d.stop = g.formatXY(naive.stop);
    d.reached = String(naive.reached);
    if (this.story.door) { d.door = this.story.door.name; d.doorDistance = this.story.door.distance.toFixed(1); }
    root.append(this.canvas.canvas,
      el('p', { class: 'loop-key' }, 'Dashes: where Rusty drove. Thin line: straight to the goal, through the wall. Green outline: the doorway.'),
      this.bar.root, this.say);
    this.bar.load(naive.path.length, naive.path.length - 1);
  }

  render(): void {
    const k = this.bar.k;
    const line = wedgeLine(this.story, k);
    this.say.textContent = line;
    this.root.dataset.step = String(k);
    this.canvas.canvas.setAttribute('aria-label', `The south rooms of the Apartment. ${line}`);
    this.canvas.draw();
  }

  private paint(ctx: Ctx2D, layout: GridLayout): void {
    const { world, naive, door } = this.story;
    const g = world.grid;
    const k = this.bar.k, last = naive.path.length - 1;
    const at = naive.path[k];
    clearCells(ctx, layout);
    for (let n = 0; n < g.size; n++) if (g.isBlocked(n)) fillCell(ctx, layout, n, COLORS.wall);
    gridLines(ctx, layout, 10);
    if (door) for (const c of door.cells) outline(ctx, layout, c, COLORS.start, 0.12, true);
    route(ctx, layout, naive.path.slice(0, k + 1), { dashed: true, width: 0.16 });
    const labels: Label[] = [...this.rooms];
    if (k === last && !naive.reached) {
      if (naive.blockedBy >= 0) outline(ctx, layout, naive.blockedBy, BUMP, 0.14);
      // The straight line the controller wants, through the plaster.
      const [x0, y0] = cellCentre(layout, at), [x1, y1] = cellCentre(layout, world.goal);
      ctx.save();
      ctx.strokeStyle = BUMP;
      ctx.lineWidth = Math.max(1.5, cssPx(layout, 2));
      ctx.setLineDash([cssPx(layout, 2), cssPx(layout, 3)]);
      ctx.beginPath(); ctx.moveTo(x0, y0); ctx.lineTo(x1, y1); ctx.stroke();
      ctx.restore();
      // The distance sits a row above the middle of the line, off the line itself.
      const mid = g.id(Math.round((g.x(at) + g.x(world.goal)) / 2), Math.max(0, Math.round((g.y(at) + g.y(world.goal)) / 2) - 1));
      labels.push({ cell: mid, text: metres1(naive.distance) });
      if (door) labels.push({ cell: door.cells[0], text: 'doorway' });
    }
    drawLabels(ctx, layout, labels, [at, world.goal, naive.path[0]]);
    diamond(ctx, layout, world.goal);
    disc(ctx, layout, at);
  }
}
