import { AraLane } from '../ara-lane/ara-lane.js';
import type { Layer } from '../shared/figure.js';
import { button, el } from '../shared/dom.js';
import { LaneView } from './lane-view.js';
import { EPS_MAX, EPS_MIN, EPS_STEP, LANES, TheaterModel, type TheaterWorld } from './theater-model.js';

/**
 * The Search Theater: four lanes on one shared world. Every edit (drag the
 * start or goal, paint or erase a wall, from any lane) reruns all four lanes
 * and the badge; the epsilon slider reruns only the A* lane. The time of the
 * last rerun (searches, badge and drawing) is kept on the root element as
 * `data-rerun-ms`, which the browser test reads and reports.
 */
export class Theater {
  readonly model: TheaterModel;
  readonly lanes: LaneView[];
  /** The fifth lane: ARA*'s rounds on the same query, rerun with the other four. */
  readonly ara: AraLane;
  private readonly labels: readonly { cell: number; text: string }[];
  private readonly initial: TheaterWorld;
  private readonly badgeEl: HTMLElement;
  private readonly badgeMark: HTMLElement;
  private readonly epsOut: HTMLOutputElement;
  private readonly timing: HTMLElement;
  private readonly status: HTMLElement;

  constructor(readonly root: HTMLElement, world: TheaterWorld, caption: string, labels: readonly { cell: number; text: string }[] = []) {
    this.initial = { grid: world.grid.with({}), start: world.start, goal: world.goal };
    this.model = new TheaterModel(world);
    const onEdit = () => this.rerun('edit');
    this.lanes = LANES.map((spec) => new LaneView(spec, this.model, onEdit, labels));
    this.labels = labels;
    this.ara = new AraLane(el('article', { class: 'lane', 'data-lane': 'ara' }), this.araWorld());

    const slider = el('input', {
      type: 'range', id: 'eps', min: String(EPS_MIN), max: String(EPS_MAX), step: String(EPS_STEP), value: '1',
      'aria-describedby': 'eps-badge',
    });
    slider.addEventListener('input', () => this.setEps(Number(slider.value)));
    this.epsOut = el('output', { for: 'eps', id: 'eps-value' }, '1.0');
    this.badgeMark = el('span', { class: 'badge-mark', 'aria-hidden': 'true' });
    this.badgeEl = el('p', { class: 'badge', id: 'eps-badge', 'aria-live': 'polite' });
    this.timing = el('p', { class: 'timing' });
    this.status = el('p', { class: 'visually-hidden', 'aria-live': 'polite' });
    const playAll = button('Play all lanes', () => this.lanes.forEach((l) => l.player.play()), { class: 'play-all' });
    const reset = button('Reset the world', () => this.reset(), { class: 'reset' });

    root.append(
      el('p', { class: 'caption' }, caption),
      el('div', { class: 'theater-controls' },
        el('div', { class: 'eps-control' },
          el('label', { for: 'eps' }, 'ε for the A* lane '),
          el('div', { class: 'slider-wrap' }, slider, this.badgeMark),
          this.epsOut),
        playAll, reset),
      this.badgeEl,
      el('p', { class: 'help' }, 'Drag the green start or the red goal; drag across free cells to paint walls, across walls to erase them. '
        + 'On a focused lane: arrow keys move the cursor, Space toggles a wall, S and G move the start and goal.'),
      el('div', { class: 'lanes' }, ...this.lanes.map((l) => l.root), this.ara.root),
      this.timing, this.status,
    );
    this.rerun('load');
  }

  private araWorld() {
    return { grid: this.model.grid, start: this.model.start, goal: this.model.goal, labels: this.labels };
  }

  setEps(eps: number): void {
    this.model.eps = eps;
    this.epsOut.textContent = eps.toFixed(1);
    this.root.dataset.eps = String(eps);
    const i = LANES.findIndex((l) => l.id === 'astar');
    this.lanes[i].load(this.model.runLane(i));
  }

  setFocus(layer: Layer | null): void {
    this.root.dataset.focus = layer ?? '';
    for (const l of this.lanes) { l.focus = layer; l.grid.draw(); }
  }

  reset(): void {
    this.model.cells.set(this.initial.grid.cells);
    this.model.start = this.initial.start;
    this.model.goal = this.initial.goal;
    this.rerun('reset');
  }

  private rerun(why: 'load' | 'edit' | 'reset'): void {
    const t0 = performance.now();
    const runs = this.model.runAll();
    const badge = this.model.badge();
    const t1 = performance.now();
    runs.forEach((r, i) => this.lanes[i].load(r));
    if (why !== 'load') this.ara.load(this.araWorld()); // the constructor already ran it
    const t2 = performance.now();
    this.showBadge(badge);
    const d = this.root.dataset;
    d.searchMs = (t1 - t0).toFixed(3);
    d.rerunMs = (t2 - t0).toFixed(3);
    d.reruns = String(Number(d.reruns ?? '0') + 1);
    this.timing.textContent = `Last rerun: four searches and the badge's scan in ${(t1 - t0).toFixed(1)} ms, drawn (with the ARA* lane's rounds) in ${(t2 - t1).toFixed(1)} ms.`;
    if (why !== 'load') {
      const a = runs.map((r, i) => `${LANES[i].title} ${r.expansions}`).join(', ');
      this.status.textContent = `All lanes reran. Expansions: ${a}.`;
    }
  }

  private showBadge(eps: number | null): void {
    this.root.dataset.badge = eps === null ? 'none' : String(eps);
    if (eps === null) {
      this.badgeEl.textContent = `No badge: on this query no ε up to ${EPS_MAX} makes the A* lane's path costlier than Dijkstra's. `
        + 'Try the start at the west wall of room A and the goal deeper in room B, or wall off part of the corridor.';
      this.badgeMark.hidden = true;
    } else {
      this.badgeEl.innerHTML = '';
      this.badgeEl.append('Badge: the A* lane first pays more than Dijkstra at ', el('strong', { class: 'badge-eps' }, `ε = ${eps.toFixed(1)}`), '.');
      this.badgeMark.hidden = false;
      this.badgeMark.style.left = `${((eps - EPS_MIN) / (EPS_MAX - EPS_MIN)) * 100}%`;
    }
  }
}
