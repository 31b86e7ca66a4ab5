import { AraSearcher, type Grid } from '#bestfirst';
import { el } from '../common/dom.js';
import { GridCanvas } from '../common/grid-canvas.js';
import type { GridLayout } from '../common/layout.js';
import { COLORS, exploredShade } from '../common/palette.js';
import { provenBounds, roundSummary, runAraLane, type AraLaneRun } from './ara-lane-model.js';
import { ReplayBar } from '../common/replay-bar.js';
import { clearCells, diamond, disc, drawLabels, fillCell, gridLines, route, type Label } from '../common/shapes.js';
import type { Ctx2D } from '../common/surface.js';

export interface AraLaneWorld {
  grid: Grid;
  start: number;
  goal: number;
  labels?: readonly Label[];
}

/**
 * The ARA* lane: the library's anytime search with the schedule 3, 2, 1.5, 1,
 * one round per step. Each step shows that round's expansions (blue) and its
 * path (purple), and the table lists every round's ε, cost, expansions and
 * proven bound, the last held against Dijkstra's cost. Built to sit in the
 * Search Theater as a fifth lane (which computes the rounds off the frame
 * and hands them to `show`), and usable on its own (`load` computes them).
 */
export class AraLane {
  readonly root: HTMLElement;
  readonly bar: ReplayBar;
  run: AraLaneRun | null = null;
  private world: AraLaneWorld;
  private fig: GridCanvas;
  private searcher: AraSearcher | null = null;
  private readonly tbody: HTMLTableSectionElement;
  private readonly say: HTMLElement;

  /** `run`: the rounds to show at once, or null to wait for `show` (the theater's worker); omitted, they are computed here. */
  constructor(root: HTMLElement, world: AraLaneWorld, title = 'ARA*', run?: AraLaneRun | null) {
    this.root = root;
    this.world = world;
    this.fig = new GridCanvas({ width: world.grid.width, height: world.grid.height, label: `${title} lane`, paint: (ctx, layout) => this.paint(ctx, layout), maxCell: 30 });
    this.bar = new ReplayBar(`the ${title} lane`, 1, () => this.render());
    this.tbody = el('tbody');
    this.say = el('p', { class: 'rp-say', 'aria-live': 'polite' });
    root.classList.add('ara-lane');
    root.dataset.lane = root.dataset.lane ?? 'ara';
    root.append(
      el('h3', {}, title, ' ', el('span', { class: 'ranks' }, 'weighted A* rounds at ε = 3, 2, 1.5, 1, reusing the work')),
      this.fig.canvas, this.bar.root,
      el('div', { class: 'table-wrap' }, el('table', { class: 'mini ara-rounds' },
        el('caption', {}, 'Each round: its ε, the path cost, expansions, and the bound it proves'),
        el('thead', {}, el('tr', {}, ...['round', 'ε', 'cost', 'expansions', 'proven bound'].map((t) => el('th', { scope: 'col' }, t)))),
        this.tbody)),
      this.say,
    );
    if (run === undefined) this.load(world);
    else if (run === null) this.pending();
    else this.show(world, run);
  }

  /** A new query (or a changed grid): reruns the library here and shows the first round. */
  load(world: AraLaneWorld): void {
    this.searcher ??= new AraSearcher(world.grid);
    this.show(world, runAraLane(world.grid, world.start, world.goal, undefined, this.searcher));
  }

  /**
   * The rounds for a new query are being computed elsewhere: marked busy
   * until `show` brings them. The old rounds stay on screen meanwhile (a
   * frame or two), so the lane keeps its height and the page does not reflow.
   */
  pending(): void {
    this.root.dataset.status = 'pending';
    this.root.setAttribute('aria-busy', 'true');
  }

  /** Shows rounds computed elsewhere (the theater's worker) for `world`, from the first round. */
  show(world: AraLaneWorld, run: AraLaneRun): void {
    this.world = world;
    this.run = run;
    const d = this.root.dataset;
    this.root.removeAttribute('aria-busy');
    d.status = run.status;
    d.costs = run.rounds.map((r) => r.cost.toFixed(6)).join(' ');
    d.eps = run.rounds.map((r) => String(r.eps)).join(' ');
    d.expansions = run.rounds.map((r) => String(r.expansions)).join(' ');
    d.bounds = run.rounds.map((r) => r.bound.toFixed(6)).join(' ');
    const proven = provenBounds(run.rounds);
    d.proven = proven.map((b) => b.toFixed(6)).join(' ');
    d.dijkstra = run.dijkstra.toFixed(6);
    this.tbody.textContent = '';
    run.rounds.forEach((r, i) => this.tbody.append(el('tr', { 'data-round': String(i) },
      el('td', {}, String(i + 1)), el('td', {}, String(r.eps)), el('td', {}, r.cost.toFixed(2)),
      el('td', {}, `${r.expansions}`), el('td', {}, proven[i] <= 1 ? '1 (optimal)' : proven[i].toFixed(3)))));
    if (run.rounds.length > 0) {
      this.tbody.append(el('tr', { class: 'ara-dijkstra' }, el('td', {}, 'Dijkstra'), el('td', {}, '–'), el('td', {}, run.dijkstra.toFixed(2)), el('td', {}, ''), el('td', {}, '')));
    }
    this.bar.load(Math.max(1, run.rounds.length), 0);
  }

  render(): void {
    const run = this.run;
    const k = this.bar.k;
    this.root.dataset.round = String(k);
    Array.from(this.tbody.querySelectorAll('tr[data-round]')).forEach((tr, i) => tr.classList.toggle('current', i === k));
    if (!run || run.rounds.length === 0) {
      this.say.textContent = run ? `No path: ARA* ended with status ${run.status}.` : '';
    } else {
      this.say.textContent = roundSummary(run, k);
    }
    this.fig.canvas.setAttribute('aria-label', `ARA* lane: ${this.say.textContent}`);
    this.fig.draw();
  }

  private paint(ctx: Ctx2D, layout: GridLayout): void {
    const { grid, start, goal, labels } = this.world;
    clearCells(ctx, layout);
    const r = this.run?.rounds[this.bar.k];
    if (r?.expanded) r.expanded.forEach((n, i) => fillCell(ctx, layout, n, exploredShade(i, r.expanded!.length)));
    for (let n = 0; n < grid.size; n++) if (grid.isBlocked(n)) fillCell(ctx, layout, n, COLORS.wall);
    gridLines(ctx, layout);
    if (labels) drawLabels(ctx, layout, labels, [start, goal]);
    if (r) route(ctx, layout, r.path);
    disc(ctx, layout, start);
    diamond(ctx, layout, goal);
  }
}
