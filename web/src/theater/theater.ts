import { AraLane } from '../ara-lane/ara-lane.js';
import { button, el } from '../shared/dom.js';
import { EditSwitch } from '../shared/editor.js';
import type { Layer } from '../shared/figure.js';
import type { Label } from '../shared/shapes.js';
import { SPEEDS } from '../shared/replay-bar.js';
import { whenIdle } from '../shared/schedule.js';
import { LANE_RATE, LaneView } from './lane-view.js';
import { OffFrame } from './off-frame.js';
import type { OffFrameResult } from './off-frame-work.js';
import { PinnedFigure } from './pinned.js';
import { PRESETS, presetCells, type Preset } from './presets.js';
import { EPS_MAX, EPS_MIN, EPS_STEP, LANES, TheaterModel, type LaneId, type LaneRun, type TheaterWorld } from './theater-model.js';

/**
 * The Search Theater: four lanes on one shared world, a menu of preset
 * queries, the epsilon slider, the reopen switch, the badge and the ARA*
 * lane. An edit (drag the start or goal, paint or erase a wall, in any lane)
 * reruns the four lanes at most once per animation frame; the badge's scan
 * and the ARA* lane run off the frame (in a worker) and arrive when ready.
 * The time of the last rerun of the lanes (searches and drawing) is kept on
 * the root element as `data-rerun-ms`.
 */
export class Theater {
  readonly model: TheaterModel;
  readonly lanes: LaneView[];
  /** The fifth lane: ARA*'s rounds on the same query, computed off the frame. */
  readonly ara: AraLane;
  readonly touch: EditSwitch;
  readonly pinned: PinnedFigure;
  private readonly labels: readonly Label[];
  private readonly initial: TheaterWorld;
  private readonly off: OffFrame;
  private readonly badgeEl: HTMLElement;
  private readonly badgeMark: HTMLElement;
  private readonly slider: HTMLInputElement;
  private readonly epsOut: HTMLOutputElement;
  private readonly presetSel: HTMLSelectElement;
  private readonly claimEl: HTMLElement;
  private readonly reopenBox: HTMLInputElement;
  private readonly timing: HTMLElement;
  private readonly status: HTMLElement;
  private preset: Preset | null = PRESETS[0];
  private badge: number | null | undefined = undefined;
  private frame = 0;
  /** What the next frame reruns: every lane (an edit), or only the A* lane (the slider). */
  private due: 'all' | 'astar' = 'astar';
  private runs: LaneRun[] = [];
  private result: OffFrameResult | null = null;

  constructor(readonly root: HTMLElement, world: TheaterWorld, caption: string, labels: readonly Label[] = []) {
    this.initial = { grid: world.grid.with({}), start: world.start, goal: world.goal };
    this.model = new TheaterModel(world);
    this.labels = labels;
    this.touch = new EditSwitch('Edit walls by touch');
    const onEdit = (how: 'drag' | 'key' | 'grab' | 'release') => {
      if (how === 'grab') this.dragging(true);
      else if (how === 'release') { this.flush(); this.dragging(false); } else this.edited(how);
    };
    this.lanes = LANES.map((spec) => new LaneView(spec, this.model, onEdit, this.touch, labels));
    this.ara = new AraLane(el('article', { class: 'lane', 'data-lane': 'ara' }), this.araWorld(), 'ARA*', null);
    this.off = new OffFrame(this.model.grid, (r) => this.offFrameDone(r));
    this.pinned = new PinnedFigure(this.lanes[LANES.findIndex((l) => l.id === 'astar')]);

    this.presetSel = el('select', { id: 'theater-preset' });
    for (const p of PRESETS) this.presetSel.append(el('option', { value: p.id }, p.title));
    this.presetSel.append(el('option', { value: 'custom', disabled: '' }, 'Your own query (edited)'));
    this.presetSel.addEventListener('change', () => this.applyPreset(PRESETS.find((p) => p.id === this.presetSel.value) ?? PRESETS[0]));

    this.slider = el('input', {
      type: 'range', id: 'eps', min: String(EPS_MIN), max: String(EPS_MAX), step: String(EPS_STEP), value: '1',
      'aria-describedby': 'eps-badge',
    });
    this.slider.addEventListener('input', () => this.setEps(Number(this.slider.value)));
    this.epsOut = el('output', { for: 'eps', id: 'eps-value' }, '1.0');
    this.reopenBox = el('input', { type: 'checkbox', id: 'theater-reopen' });
    this.reopenBox.addEventListener('change', () => { this.model.reopen = this.reopenBox.checked; this.rerun('edit'); });
    const speed = el('select', { id: 'theater-speed' });
    for (const s of SPEEDS) speed.append(el('option', { value: String(s) }, `${s}×`));
    speed.value = '1';
    speed.addEventListener('change', () => { for (const l of this.lanes) l.player.rate = LANE_RATE * Number(speed.value); });
    this.badgeMark = el('span', { class: 'badge-mark', 'aria-hidden': 'true' });
    this.badgeEl = el('p', { class: 'badge', id: 'eps-badge', 'aria-live': 'polite' });
    this.claimEl = el('p', { class: 'claim', id: 'theater-claim', 'aria-live': 'polite' });
    this.timing = el('p', { class: 'timing' });
    this.status = el('p', { class: 'visually-hidden', 'aria-live': 'polite' });
    const playAll = button('Play all lanes', () => this.lanes.forEach((l) => l.player.play()), { class: 'play-all' });
    const reset = button('Reset the query', () => this.applyPreset(this.preset ?? PRESETS[0]), { class: 'reset' });

    root.append(
      el('p', { class: 'caption' }, caption),
      el('div', { class: 'theater-query' }, el('label', { for: 'theater-preset' }, 'Query '), this.presetSel),
      this.claimEl,
      el('div', { class: 'theater-controls' },
        el('div', { class: 'eps-control' },
          el('label', { for: 'eps' }, 'ε for the A* lane '),
          el('div', { class: 'slider-wrap' }, this.slider, this.badgeMark),
          this.epsOut),
        el('label', { class: 'reopen-toggle', for: 'theater-reopen' }, this.reopenBox, ' reopen closed cells'),
        playAll, el('label', { for: 'theater-speed', class: 'speed-label' }, 'speed ', speed), reset, this.touch.button),
      this.badgeEl,
      el('p', { class: 'help' }, 'Drag the green start or the orange goal to move them. Drag across free cells to draw walls, and across walls to rub them out. '
        + 'On a phone or tablet, swiping scrolls the page; to draw walls with a finger, switch on “Edit walls by touch” first. '
        + 'On a focused lane: arrow keys move the cursor, Space toggles a wall, S and G move the start and goal. Point at a cell to read its g, h and f.'),
      el('div', { class: 'lanes' }, ...this.lanes.map((l) => l.root), this.ara.root),
      this.timing, this.status,
    );
    document.body.append(this.pinned.root);
    this.applyPreset(PRESETS[0]);
  }

  private araWorld() {
    return { grid: this.model.grid, start: this.model.start, goal: this.model.goal, labels: this.labels };
  }

  /** Puts a preset's query on the stage: the world's own walls, its start, goal and epsilon. */
  applyPreset(p: Preset): void {
    this.preset = p;
    this.presetSel.value = p.id;
    this.root.dataset.preset = p.id;
    this.model.cells.set(this.initial.grid.cells);
    this.model.cellsChanged();
    const { start, goal } = presetCells(this.model.grid, p);
    this.model.start = start;
    this.model.goal = goal;
    this.slider.value = String(p.eps);
    this.showEps(p.eps);
    this.badge = undefined;
    this.rerun('reset');
  }

  /** The slider moves only the A* lane (the badge and ARA* do not depend on it): one rerun of it per frame. */
  setEps(eps: number): void {
    this.showEps(eps);
    this.schedule('astar');
  }

  private showEps(eps: number): void {
    this.model.eps = eps;
    this.epsOut.textContent = eps.toFixed(1);
    this.root.dataset.eps = String(eps);
  }

  setFocus(layer: Layer | null): void {
    this.root.dataset.focus = layer ?? '';
    for (const l of this.lanes) { l.focus = layer; l.grid.draw(); }
    this.pinned.show(layer);
  }

  private edited(how: 'drag' | 'key'): void {
    this.model.cellsChanged();
    if (this.preset) {
      this.preset = null;
      this.presetSel.value = 'custom';
      this.root.dataset.preset = 'custom';
    }
    // A key is one deliberate change: answer it now. A drag sends a stream: one rerun per frame.
    if (how === 'key') this.rerun('edit');
    else this.schedule('all');
  }

  /**
   * While a drag lasts, the sections below the theater are not painted (the
   * class lets them skip rendering, interaction.css): every frame of the drag
   * would otherwise repaint the whole long page for a change in the lanes.
   * Nothing on screen moves: only the page's height below the theater may.
   */
  private dragging(on: boolean): void {
    document.documentElement.classList.toggle('theater-dragging', on);
  }

  /** The drag ended: a rerun still waiting for its frame runs now, so the last state shows at once. */
  private flush(): void {
    if (this.frame) this.runDue();
  }

  private schedule(what: 'all' | 'astar'): void {
    if (what === 'all') this.due = 'all';
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => { this.frame = 0; this.runDue(); });
  }

  private runDue(): void {
    const what = this.due;
    this.due = 'astar';
    if (what === 'all') { this.rerun('edit'); return; }
    if (this.frame) { cancelAnimationFrame(this.frame); this.frame = 0; }
    const i = LANES.findIndex((l) => l.id === 'astar');
    const run = this.model.runLane(i);
    this.lanes[i].load(run);
    this.runs[i] = run;
    this.showClaim();
  }

  private rerun(why: 'edit' | 'reset'): void {
    if (this.frame) { cancelAnimationFrame(this.frame); this.frame = 0; }
    this.due = 'astar';
    const t0 = performance.now();
    const runs = this.model.runAll();
    const t1 = performance.now();
    runs.forEach((r, i) => this.lanes[i].load(r));
    const t2 = performance.now();
    this.runs = runs;
    // The badge and ARA* follow off the frame; until then the old ones stay (marked pending).
    this.root.dataset.badge = 'pending';
    this.ara.pending();
    this.off.submit({ cells: this.model.cells, start: this.model.start, goal: this.model.goal, reopen: this.model.reopen });
    this.showClaim();
    const d = this.root.dataset;
    d.searchMs = (t1 - t0).toFixed(3);
    d.rerunMs = (t2 - t0).toFixed(3);
    d.reruns = String(Number(d.reruns ?? '0') + 1);
    this.timing.textContent = `Last rerun: four searches in ${(t1 - t0).toFixed(1)} ms, drawn in ${(t2 - t1).toFixed(1)} ms; `
      + 'the badge’s scan and the ARA* lane run in the background.';
    if (why === 'edit') {
      const a = runs.map((r, i) => `${LANES[i].title} ${r.expansions}`).join(', ');
      this.status.textContent = `All lanes reran. Expansions: ${a}.`;
    }
  }

  /** The worker's answer is shown in idle time too: during a drag, frames go to the four lanes first. */
  private offFrameDone(r: OffFrameResult): void {
    const first = this.result === null;
    this.result = r;
    if (!first) return;
    whenIdle(() => {
      const latest = this.result!;
      this.result = null;
      if (latest.seq !== this.off.latest) return; // overtaken by an edit since
      this.badge = latest.badge;
      this.showBadge(latest.badge);
      this.ara.show(this.araWorld(), latest.ara);
      this.showClaim();
    }, 250);
  }

  private showClaim(): void {
    const p = this.preset;
    if (!p) {
      this.claimEl.textContent = 'Your own query: the counters below are the library’s answers for what you set up.';
      return;
    }
    const lane = Object.fromEntries(this.runs.map((r) => [r.id, r])) as Record<LaneId, LaneRun>;
    this.claimEl.textContent = `${p.route}: ${p.claim({ lane, eps: this.model.eps, astarAtOne: this.model.astarAt(1), badge: this.badge })}`;
  }

  private showBadge(eps: number | null): void {
    this.root.dataset.badge = eps === null ? 'none' : String(eps);
    if (eps === null) {
      this.badgeEl.textContent = `No badge: on this query no ε up to ${EPS_MAX} makes the A* lane's path costlier than Dijkstra's. `
        + 'Pick the first preset query, or wall off part of the corridor.';
      this.badgeMark.hidden = true;
    } else {
      this.badgeEl.innerHTML = '';
      this.badgeEl.append('Badge: the A* lane first pays more than Dijkstra at ', el('strong', { class: 'badge-eps' }, `ε = ${eps.toFixed(1)}`), '.');
      this.badgeMark.hidden = false;
      this.badgeMark.style.left = `${((eps - EPS_MIN) / (EPS_MAX - EPS_MIN)) * 100}%`;
    }
  }
}
