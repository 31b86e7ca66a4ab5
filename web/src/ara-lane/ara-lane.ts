import { type Grid } from '#bestfirst';
import { AraSearcher } from '#bestfirst/repair';
import { el, setAttr, setText } from '../common/dom.js';
import type { Figure } from '../common/figure.js';
import { GridCanvas } from '../common/grid-canvas.js';
import type { GridLayout } from '../common/layout.js';
import { provenBounds, roundSummary, runAraLane, type AraLaneRun } from './ara-lane-model.js';
import { ReplayBar } from '../common/replay-bar.js';
import type { Scene } from '../common/scene.js';
import type { Label } from '../common/shapes.js';

/** No g layer in this lane. */
const NO_G = new Float64Array(0);

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
    // Drawn as a figure (by the figure worker where the browser has one): the lane is redrawn after every
    // drop in the theater, and a canvas drawn here costs the main thread the painting and, without a GPU,
    // a copy of its pixels for the compositor (13 ms of one frame's commit at 4x CPU throttling).
    this.fig = new GridCanvas({ width: world.grid.width, height: world.grid.height, label: `${title} lane`, figure: (layout) => this.figure(layout), maxCell: 30 });
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
    // The rows are kept and their words rewritten in place: rebuilding the table on every drop made the
    // browser lay it out anew (9 ms of layout at 4x CPU throttling).
    const rows = run.rounds.map((r, i) => [String(i + 1), String(r.eps), r.cost.toFixed(2), `${r.expansions}`, proven[i] <= 1 ? '1 (optimal)' : proven[i].toFixed(3)]);
    if (run.rounds.length > 0) rows.push(['Dijkstra', '–', run.dijkstra.toFixed(2), '', '']);
    this.writeRows(rows, run.rounds.length);
    this.bar.load(Math.max(1, run.rounds.length), 0);
  }

  /** Makes the table body hold `rows` (the last one Dijkstra's when there are more than `rounds`), reusing its rows. */
  private writeRows(rows: string[][], rounds: number): void {
    const trs = this.tbody.rows;
    while (trs.length > rows.length) trs[trs.length - 1].remove();
    while (trs.length < rows.length) this.tbody.append(el('tr', {}, ...rows[0].map(() => el('td'))));
    rows.forEach((cells, i) => {
      const tr = trs[i];
      if (i < rounds) { setAttr(tr, 'data-round', String(i)); tr.classList.remove('ara-dijkstra'); } else {
        tr.removeAttribute('data-round');
        tr.classList.add('ara-dijkstra');
        tr.classList.remove('current');
      }
      cells.forEach((t, j) => setText(tr.cells[j], t));
    });
  }

  render(): void {
    const run = this.run;
    const k = this.bar.k;
    this.root.dataset.round = String(k);
    Array.from(this.tbody.querySelectorAll('tr[data-round]')).forEach((tr, i) => tr.classList.toggle('current', i === k));
    const say = !run ? '' : run.rounds.length === 0 ? noRound(run.status) : roundSummary(run, k);
    setText(this.say, say);
    setAttr(this.fig.canvas, 'aria-label', `ARA* lane: ${say}`);
    this.fig.draw();
  }

  /** The lane's picture at the bar's round: its expansions in the order made, and its path. */
  private figure(layout: GridLayout): Omit<Figure, 'scene'> & { scene: Scene } {
    const { grid, start, goal, labels } = this.world;
    const r = this.run?.rounds[this.bar.k];
    const scene: Scene = { closed: r?.expanded ? Array.from(r.expanded) : [], open: [], current: -1, path: r ? r.path : null, g: NO_G };
    return { layout, blocked: grid.cells, start, goal, labels, scene };
  }
}

/** Why ARA* has no round to show, in words (its status names, 'unreachable' and 'stopped', are the library's, not the reader's). */
function noRound(status: string): string {
  if (status === 'unreachable') return 'No path: walls shut the goal off from the start, so ARA* has no round to show.';
  if (status === 'stopped') return 'No round yet: ARA* was stopped before its first round reached the goal.';
  return `No round to show (ARA* ended as ${status}).`;
}
