import { el } from '../common/dom.js';
import { drawFigure } from '../common/figure.js';
import { num } from '../common/format.js';
import { GridCanvas } from '../common/grid-canvas.js';
import { cellRect, cssPx, type GridLayout } from '../common/layout.js';
import { ReplayBar } from '../common/replay-bar.js';
import type { Scene } from '../common/scene.js';
import { CodeListing } from './code-listing.js';
import { cellText } from './cell-text.js';
import {
  eventLine, keyText, knob, listingRegions, litRegion, LOOP_TITLE, loopRun, queueAt, reachedAt,
  type LoopEvent, type LoopKind, type LoopRun,
} from './loop-model.js';
import type { Ctx2D } from '../common/surface.js';

/** Room for the coordinates along the top and the left, in CSS pixels (the step player's too). */
const AXIS_GUTTER = 22;

/** What the number at the bottom of a cell is: the key the list is ordered by. */
const KEY_NAME: Readonly<Record<LoopKind, string>> = {
  bfs: 'moves from the start',
  dijkstra: 'g, the cost from the start',
  greedy: 'h, the estimate of the cost still to go',
  astar: 'f = g + h (g and h above it)',
};
const LIST_NAME: Readonly<Record<LoopKind, string>> = {
  bfs: 'The queue, front first',
  dijkstra: 'Open cells, smallest g first',
  greedy: 'Open cells, smallest h first',
  astar: 'Open cells, smallest f first',
};

/** f as the weights leave it: `g`, `h` or `g + h`. */
function fOf(wg: number, wh: number): string {
  const terms = [wg === 0 ? '' : wg === 1 ? 'g' : `${wg} g`, wh === 0 ? '' : wh === 1 ? 'h' : `${wh} h`].filter(Boolean);
  return terms.join(' + ') || '0';
}

/**
 * One idea per figure: the 7 x 5 room searched one way, a Step at a time,
 * with the open cells listed in the order the loop will take them and the
 * lines of src/search/best-first.ts that ran lit beside it. Everything shown is
 * read off the library's trace of that search.
 */
export class LoopFigure {
  readonly run: LoopRun;
  readonly bar: ReplayBar;
  readonly code: CodeListing;
  private readonly canvas: GridCanvas;
  private readonly say: HTMLElement;
  private readonly queue: HTMLOListElement;

  constructor(readonly root: HTMLElement, readonly kind: LoopKind, source: string) {
    this.run = loopRun(kind);
    const { grid } = this.run.world;
    const title = LOOP_TITLE[kind];
    this.canvas = new GridCanvas({
      width: grid.width, height: grid.height, maxCell: 64, minCell: 30, gutter: AXIS_GUTTER,
      label: `${title} on the small room`, paint: (ctx, layout) => this.paint(ctx, layout),
    });
    this.bar = new ReplayBar(`${title} figure`, 3, () => this.render());
    this.say = el('p', { class: 'loop-say', 'aria-live': 'polite' });
    this.queue = el('ol', { class: 'loop-queue', 'aria-label': LIST_NAME[kind] });
    const k = knob(kind);
    this.code = new CodeListing(source, listingRegions(kind), `The lines of the library's ${kind === 'bfs' ? 'breadth-first' : 'best-first'} loop`,
      (t) => t.includes('wg * gx + wh * hx'));
    root.dataset.kind = kind;
    root.dataset.cost = num(this.run.cost);
    root.dataset.expansions = String(this.run.expansions);
    root.dataset.events = String(this.run.events.length);
    root.append(el('div', { class: 'loop-layout' },
      el('div', { class: 'loop-main' },
        this.canvas.canvas,
        el('p', { class: 'loop-key' }, `Bottom number in a cell: ${KEY_NAME[kind]}. Filled squares are closed, rings are open.`),
        this.bar.root, this.say),
      el('div', { class: 'loop-side' },
        el('h4', { class: 'loop-list-title' }, LIST_NAME[kind]), this.queue,
        this.code.root,
        el('p', { class: 'loop-knob' }, k
          ? `The marked line is the knob, f = wg × g + wh × h. ${LOOP_TITLE[kind]} runs it with wg = ${k.wg} and wh = ${k.wh}, so f is ${fOf(k.wg, k.wh)}.`
          : 'Breadth-first has a loop of its own: a plain array read first in, first out, with no priorities and no heap.'))));
    this.bar.load(this.run.events.length, this.run.events.length - 1);
  }

  get event(): LoopEvent { return this.run.events[this.bar.k]; }

  render(): void {
    const e = this.event, { trace, world } = this.run;
    const at = (n: number) => world.grid.formatXY(n);
    const entries = queueAt(trace, e);
    // The entry that comes out next, until the goal has come out and nothing else will.
    const next = e.kind === 'goal' ? -1 : 0;
    this.queue.replaceChildren(...entries.map((q, i) => el('li', { 'data-node': String(q.node), class: i === next ? 'next' : '' },
      `${at(q.node)} · ${keyText(this.kind, q)}`)));
    if (entries.length === 0) this.queue.append(el('li', { class: 'empty' }, 'Empty.'));
    const line = eventLine(this.run, e);
    this.say.textContent = line;
    const region = litRegion(this.kind, e.kind);
    this.code.light(region);
    const d = this.root.dataset;
    d.step = String(this.bar.k);
    d.event = e.kind;
    d.node = String(e.node);
    d.queue = entries.map((q) => q.node).join(' ');
    d.lit = region;
    this.canvas.canvas.setAttribute('aria-label', `${LOOP_TITLE[this.kind]} on the small room, step ${this.bar.k} of ${this.run.events.length - 1}. ${line}`);
    this.canvas.draw();
  }

  private scene(): Scene {
    const e = this.event, { trace, world } = this.run;
    const g = new Float64Array(world.grid.size).fill(Infinity);
    for (const [n, p] of reachedAt(trace, e)) g[n] = p.g;
    return {
      closed: trace.pops.slice(0, e.pops).map((p) => p.node),
      open: queueAt(trace, e).map((q) => q.node),
      current: e.kind === 'start' ? -1 : trace.pops[e.pops - 1].node,
      path: e.kind === 'goal' ? this.run.path : null,
      g,
    };
  }

  private paint(ctx: Ctx2D, layout: GridLayout): void {
    const e = this.event, { trace, world } = this.run;
    drawFigure(ctx, {
      layout, blocked: world.grid.cells, start: world.start, goal: world.goal, scene: this.scene(),
      highlight: e.kind === 'push' ? e.node : -1,
    });
    // The numbers the loop has worked out so far: only cells it has reached have them.
    const small = Math.round(cssPx(layout, 11)), big = Math.round(cssPx(layout, 12));
    for (const [n, p] of reachedAt(trace, e)) {
      const [x, y, c] = cellRect(layout, n);
      const pad = cssPx(layout, 2);
      // g and h sit at the top corners, each inset by `side`: with 2 px, one cell's h and the next cell's g
      // ran together on a phone ('3.4' then '5' read '3.45'); 4 px a side leaves an em-wide gap across the line.
      const side = cssPx(layout, 4);
      const key = this.kind === 'bfs' ? num(p.f) : this.kind === 'dijkstra' ? num(p.g) : this.kind === 'greedy' ? num(p.h) : num(p.f);
      cellText(ctx, key, x + c / 2, y + c - pad, big, 'center', 'bottom', true);
      if (this.kind === 'astar') {
        const g = num(p.g), h = num(p.h);
        ctx.save();
        ctx.font = `${small}px system-ui, sans-serif`;
        const fits = ctx.measureText(g).width + ctx.measureText(h).width + 2 * side + 0.6 * small <= c;
        ctx.restore();
        // Side by side when the two fit a cell with an em's gap; else h under g (a narrow phone cell).
        cellText(ctx, g, x + side, y + pad, small, 'left', 'top', false);
        if (fits) cellText(ctx, h, x + c - side, y + pad, small, 'right', 'top', false);
        else cellText(ctx, h, x + side, y + pad + small * 1.1, small, 'left', 'top', false);
      }
    }
  }
}
