import { OPEN } from '#bestfirst/internal';
import { el } from '../common/dom.js';
import { GridCanvas } from '../common/grid-canvas.js';
import { cellCentre, cssPx, type GridLayout } from '../common/layout.js';
import { COLORS, mix } from '../common/palette.js';
import { ReplayBar } from '../common/replay-bar.js';
import { arrow, clearCells, diamond, disc, fillCell, gridLines, hatchCell, outline, route } from '../common/shapes.js';
import { gateStory, LOWER_KIND, oneDecimal, RAISE_KIND, type GateFrame, type GateStory } from './gate-model.js';
import type { Ctx2D } from '../common/surface.js';

/** Raised states: Okabe–Ito orange plus hatching; lowered: pale blue, plain. */
export const RAISE_COLOR = '#e69f00';
export const LOWER_COLOR = mix(COLORS.free, COLORS.explored, 0.35);

/**
 * The D* Replanner on Choset's gate world: every cell shows h and k (one
 * decimal) and an arrow for its back pointer; the robot drives, the gate
 * closes at (3,2), and the repair replays one PROCESS-STATE per step with
 * RAISE and LOWER states coloured. The readout compares the repair's pops
 * with a from-scratch backward Dijkstra's, all read from the library.
 */
export class GateReplanner {
  readonly root: HTMLElement;
  readonly story: GateStory;
  readonly bar: ReplayBar;
  private readonly fig: GridCanvas;
  private readonly say: HTMLElement;
  private readonly popsOut: HTMLElement;
  private readonly raisedOut: HTMLElement;
  private readonly routeOut: HTMLElement;
  private readonly popList: HTMLOListElement;

  constructor(root: HTMLElement) {
    this.root = root;
    this.story = gateStory();
    const sc = this.story.scenario;
    const g = sc.world.grid;
    this.fig = new GridCanvas({ width: g.width, height: g.height, label: 'The gate world', paint: (ctx, layout) => this.paint(ctx, layout), maxCell: 96, minCell: 30 });
    this.bar = new ReplayBar('the gate world', 1.5, () => this.render());
    this.say = el('p', { class: 'rp-say', 'aria-live': 'polite' });
    const dd = (name: string) => el('dd', { 'data-out': name });
    this.popsOut = dd('pops');
    this.raisedOut = dd('raised');
    this.routeOut = dd('route');
    const fresh = el('dd', { 'data-out': 'fresh' }, String(sc.freshPops));
    const freshA = el('dd', { 'data-out': 'fresh-astar' }, String(sc.freshAstarExpansions));
    this.popList = el('ol', { class: 'rp-pops' });
    sc.repairTrace.forEach((p) => {
      this.popList.append(el('li', { 'data-kind': p.kind },
        `${g.formatColRow(p.node)} · k ${oneDecimal(p.kOld)} · h ${oneDecimal(p.h)} · ${p.kind}`));
    });
    root.dataset.repairPops = String(sc.repairPops);
    root.dataset.repairRaised = String(sc.repairRaised);
    root.dataset.freshPops = String(sc.freshPops);
    root.dataset.repairedCost = sc.repairedCost.toFixed(1);
    root.append(
      el('div', { class: 'rp-layout' },
        el('div', { class: 'rp-figure' }, this.fig.canvas,
          el('p', { class: 'rp-key' },
            el('span', { class: 'k-raise' }, 'RAISE (orange, hatched): cost went up'), ' ',
            el('span', { class: 'k-lower' }, 'LOWER (pale blue): settled like Dijkstra'), ' ',
            el('span', { class: 'k-open' }, 'dashed ring: on OPEN'), ' ',
            el('span', { class: 'k-text' }, 'each cell: h above, k below; arrow = back pointer b'))),
        el('div', { class: 'rp-side' },
          el('dl', { class: 'rp-readout' },
            el('dt', {}, 'repair pops'), this.popsOut,
            el('dt', {}, 'of them RAISE'), this.raisedOut,
            el('dt', {}, 'fresh backward Dijkstra pops'), fresh,
            el('dt', {}, 'fresh A* from (3,2), expansions'), freshA,
            el('dt', {}, 'route from the robot'), this.routeOut),
          el('details', { class: 'rp-trace' }, el('summary', {}, 'The repair, pop by pop'), this.popList))),
      this.bar.root, this.say,
    );
    this.bar.load(this.story.frames.length, 0);
  }

  get frame(): GateFrame { return this.story.frames[this.bar.k]; }

  render(): void {
    const f = this.frame, sc = this.story.scenario, g = sc.world.grid;
    this.root.dataset.frame = String(this.bar.k);
    this.root.dataset.phase = f.phase;
    this.root.dataset.pops = String(f.pops);
    this.popsOut.textContent = `${f.pops}`;
    this.raisedOut.textContent = `${f.raised}`;
    const cost = f.route.length > 1 ? routeCost(f) : null;
    this.routeOut.textContent = f.route.length > 1
      ? `${f.route.map((n) => g.formatColRow(n)).join(' ')}, cost ${cost}`
      : f.route.length === 1 ? 'at the goal' : 'being repaired';
    Array.from(this.popList.children).forEach((li, i) => li.classList.toggle('done', i < f.pops));
    Array.from(this.popList.children).forEach((li, i) => li.toggleAttribute('aria-current', i === f.pops - 1 && f.phase === 'repair'));
    this.say.textContent = f.say;
    this.fig.canvas.setAttribute('aria-label', `Gate world, step ${this.bar.k} of ${this.story.frames.length - 1}: robot at ${g.formatColRow(f.robot)}, gate ${f.gateClosed ? 'closed' : 'open'}. ${f.say}`);
    this.fig.draw();
  }

  private paint(ctx: Ctx2D, layout: GridLayout): void {
    const f = this.frame, w = this.story.scenario.world, g = w.grid, c = layout.cell;
    clearCells(ctx, layout);
    const blocked = (n: number) => g.isBlocked(n) && n !== w.gate;
    for (let n = 0; n < g.size; n++) {
      const dark = blocked(n) || (n === w.gate && f.gateClosed);
      if (dark) fillCell(ctx, layout, n, COLORS.wall);
      else if (f.popKind[n] === RAISE_KIND) fillCell(ctx, layout, n, mix(COLORS.free, RAISE_COLOR, 0.55));
      else if (f.popKind[n] === LOWER_KIND) fillCell(ctx, layout, n, LOWER_COLOR);
      if (f.popKind[n] === RAISE_KIND) hatchCell(ctx, layout, n, dark ? RAISE_COLOR : mix(RAISE_COLOR, '#000000', 0.25));
      else if (f.popKind[n] === LOWER_KIND && dark) outline(ctx, layout, n, LOWER_COLOR, 0.08);
    }
    gridLines(ctx, layout);
    if (!f.gateClosed) outline(ctx, layout, w.gate, RAISE_COLOR, 0.07, true);

    // Back pointers.
    for (let n = 0; n < g.size; n++) {
      const b = f.b[n];
      if (b < 0) continue;
      const dark = blocked(n) || (n === w.gate && f.gateClosed);
      arrow(ctx, layout, n, b, dark ? '#bbbbbb' : '#6b6b6b', 0.3, 0.035);
    }
    // OPEN states: a dashed ring (shape, not colour, says "queued").
    for (let n = 0; n < g.size; n++) {
      if (f.table.tag[n] !== OPEN) continue;
      const [cx, cy] = cellCentre(layout, n);
      ctx.strokeStyle = COLORS.explored;
      ctx.lineWidth = Math.max(1.5, c * 0.035);
      ctx.setLineDash([c * 0.06, c * 0.05]);
      ctx.beginPath();
      ctx.arc(cx, cy, c * 0.26, 0, Math.PI * 2);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    route(ctx, layout, f.trail, { dashed: true, width: 0.07 });
    route(ctx, layout, f.route, { width: 0.08 });
    diamond(ctx, layout, w.goal, 0.2);
    disc(ctx, layout, f.robot, COLORS.start, 0.2);
    if (f.pop) outline(ctx, layout, f.pop.node, '#000000', 0.07);

    // h above, k below, one decimal; never under 11 CSS px, so narrow cells drop the letters (the key names them).
    const size = Math.max(Math.round(cssPx(layout, 11)), Math.round(c * 0.19));
    const named = c / (layout.dpr ?? 1) >= 72;
    ctx.font = `${size}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    for (let n = 0; n < g.size; n++) {
      const [cx, cy] = cellCentre(layout, n);
      const dark = blocked(n) || (n === w.gate && f.gateClosed);
      ctx.fillStyle = dark ? '#ffffff' : '#111111';
      ctx.textBaseline = 'top';
      ctx.fillText(`${named ? 'h ' : ''}${oneDecimal(f.table.h[n])}`, cx, cy - c / 2 + c * 0.05);
      ctx.textBaseline = 'bottom';
      ctx.fillText(`${named ? 'k ' : ''}${oneDecimal(f.table.k[n])}`, cx, cy + c / 2 - c * 0.04);
    }
    if (!f.gateClosed && c >= 40) {
      const [cx, cy] = cellCentre(layout, w.gate);
      ctx.fillStyle = mix(RAISE_COLOR, '#000000', 0.35);
      ctx.textBaseline = 'middle';
      ctx.font = `italic ${size}px system-ui, sans-serif`;
      ctx.fillText('gate', cx + c * 0.22, cy + c * 0.02);
    }
  }
}

/** Cost of the frame's remaining route, as the library's D* prices it (one decimal). */
function routeCost(f: GateFrame): string {
  // h at the robot is the cost the back pointers promise; the route follows them.
  return oneDecimal(f.table.h[f.route[0]]);
}
