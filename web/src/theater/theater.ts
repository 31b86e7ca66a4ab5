import { AraLane } from '../ara-lane/ara-lane.js';
import { button, controlForm, el, setText, setValue } from '../common/dom.js';
import { EditSwitch } from '../common/editor.js';
import type { Layer } from '../common/figure.js';
import type { Label } from '../common/shapes.js';
import { SPEEDS } from '../common/replay-bar.js';
import { FrameTurns } from '../common/frame-turns.js';
import { OnePerFrame } from '../common/one-per-frame.js';
import { afterPaint } from '../common/schedule.js';
import { hideFarCanvases } from '../common/out-of-view.js';
import { LANE_RATE, LaneView, REST_MS } from './lane-view.js';
import { OffFrame } from './off-frame.js';
import type { OffFrameResult } from './off-frame-work.js';
import { PinnedFigure } from './pinned.js';
import { PRESETS, presetCells, type Preset } from './presets.js';
import { EPS_MAX, EPS_MIN, EPS_STEP, LANES, TheaterModel, type LaneId, type LaneRun, type TheaterWorld } from './theater-model.js';

/** Lanes rerun and redrawn in one frame of a drag: the lane under the pointer and one other (theater.ts, rerunSome). */
export const LANES_PER_DRAG_FRAME = 2;

/**
 * The Search Theater: four lanes on one shared world, a menu of preset
 * queries, the epsilon slider, the reopen switch, the badge and the ARA*
 * lane. An edit (drag the start or goal, paint or erase a wall, in any lane)
 * is answered at most once per animation frame. The four lanes are drawn
 * off the main thread by the figure worker (figure-thread.ts), and while
 * the pointer moves that worker runs their searches as well (runRemote): a
 * drag's frame on the main thread only posts the query. The lanes' own
 * runs (their replays and counters need the traces here) catch up when the
 * pointer rests and at the drop, one lane a frame (rerunSome; where the
 * browser cannot draw off the main thread, a drag's frame reruns two lanes
 * here and draws them). The badge's scan and the ARA* lane run off the frame (in a
 * worker) after the drop and arrive when ready.
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
  /** The badge the words and the mark now show ('none', an ε, or '' before the first). */
  private badgeShown = '';
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
  /** A pointer is dragging in a lane: the frames go to the four lanes, everything else waits for the drop. */
  private held = false;
  /** The words outside the lanes, one change a painted frame (one-per-frame.ts); held during a drag until its drop. */
  private readonly later = new OnePerFrame();
  /** An edit during the drag has not been sent to the worker yet. */
  private offDue = false;
  /** Queries so far (each edit, preset or switch is one); each lane shows the answer to one of them. */
  private version = 0;
  private readonly shown: number[] = LANES.map(() => -1);
  /** The last query counted in data-reruns. */
  private counted = -1;
  /** The lane the pointer edits in, and the next of the others to rerun in a drag frame. */
  private dragLane = -1;
  private turn = 0;
  /**
   * During a drag a frame either reruns and draws lanes or writes their
   * words (once the pointer rests: lane-view.ts), not both, and words for
   * two lanes at most.
   */
  private readonly turns = new FrameTurns(LANES_PER_DRAG_FRAME);
  /** The last rerun's words (the timing line, the live region), written when no drag is going on. */
  private words: { timing: string; status: string | null } | null = null;
  /**
   * The lanes are drawn by the figure worker, which then runs their
   * searches during a drag too (runRemote); false where the browser draws
   * them here (no OffscreenCanvas).
   */
  private readonly remote: boolean;
  /** The worker has the grid's options (sent with its first query). */
  private optionsSent = false;
  /** During a drag, the pointer has rested (REST_MS with no edit): the lanes' own runs catch up, here. */
  private resting = false;
  private restTimer: ReturnType<typeof setTimeout> | 0 = 0;
  /** The query the figure worker ran last (runRemote), as a version. */
  private workerVersion = -1;

  constructor(readonly root: HTMLElement, world: TheaterWorld, caption: string, labels: readonly Label[] = []) {
    this.initial = { grid: world.grid.with({}), start: world.start, goal: world.goal };
    this.model = new TheaterModel(world);
    this.labels = labels;
    this.touch = new EditSwitch('Edit walls by touch');
    const onEdit = (lane: number) => (how: 'drag' | 'key' | 'grab' | 'release') => {
      if (how === 'grab') this.dragging(true);
      else if (how === 'release') this.drop(); else this.edited(how, lane);
    };
    this.lanes = LANES.map((spec, i) => new LaneView(spec, this.model, onEdit(i), this.touch, labels, this.turns));
    this.remote = this.lanes.every((l) => l.grid.remote !== null);
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
    this.status = el('p', { class: 'visually-hidden theater-status', 'aria-live': 'polite' });
    const playAll = button('Play all lanes', () => this.lanes.forEach((l) => l.player.play()), { class: 'play-all' });
    const reset = button('Reset the query', () => this.applyPreset(this.preset ?? PRESETS[0]), { class: 'reset' });

    root.append(
      el('p', { class: 'caption' }, caption),
      controlForm({ class: 'theater-query' }, el('label', { for: 'theater-preset' }, 'Query '), this.presetSel),
      this.claimEl,
      controlForm({ class: 'theater-controls' },
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
    // While the lanes are on screen, figures far away are not painted (out-of-view.ts): a drag pays for no canvas out of sight.
    const lanes = root.querySelector('.lanes');
    if (lanes && typeof IntersectionObserver === 'function') {
      new IntersectionObserver((entries) => hideFarCanvases(entries[entries.length - 1].isIntersecting)).observe(lanes);
    }
    this.applyPreset(PRESETS[0]);
  }

  private araWorld() {
    return { grid: this.model.grid, start: this.model.start, goal: this.model.goal, labels: this.labels };
  }

  /** Puts a preset's query on the stage: the world's own walls, its start, goal and epsilon. */
  applyPreset(p: Preset): void {
    this.preset = p;
    setValue(this.presetSel, p.id);
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

  private edited(how: 'drag' | 'key', lane: number): void {
    this.model.cellsChanged();
    this.resting = false;
    this.version++;
    this.dragLane = lane;
    if (this.preset) {
      this.preset = null;
      this.root.dataset.preset = 'custom';
      // The menu is words too: during a drag it changes at the drop (dragging).
      if (!this.held) setValue(this.presetSel, 'custom');
    }
    // A key is one deliberate change: answer it now. A drag sends a stream: one rerun per frame.
    if (how === 'key') this.rerun('edit', false);
    else this.schedule('all');
  }

  /**
   * While a drag lasts, each frame is spent on the four lanes: the words that
   * describe a rerun (the timing line, the live region that a screen reader
   * would otherwise read out once per frame) and the worker's badge and ARA*
   * rounds wait for the drop, and are shown then.
   */
  private dragging(on: boolean): void {
    if (on) this.dropSeq++; // a drop still in its stages stops there: the new drag's drop finishes the work
    this.stopResting();
    this.held = on;
    for (const l of this.lanes) l.hold(on);
    this.later.pause(on);
    if (on) return;
    // The worker's job first (it lays nothing out), then the words outside the lanes, one change a frame.
    if (this.offDue) this.submitOffFrame();
    this.later.add('menu', () => setValue(this.presetSel, this.preset?.id ?? 'custom'));
    this.later.add('claim', () => this.showClaim());
    this.later.add('words', () => this.showWords());
  }

  /** The drop under way (see drop); a new drag raises it, and the old drop's pending stages see that and stop. */
  private dropSeq = 0;

  /**
   * The drag ended. Done at once, the drop (the lanes still behind rerun,
   * then every lane's counters, replay bar and readouts, then the timing
   * line) took about 5 ms of the main thread at 1x: 20 ms at 4x CPU
   * throttling, more than a frame. So it goes in stages, one a frame, each
   * in a task of its own after a paint (its script then never shares a
   * frame's task with the rendering of what it changed): lanes still
   * showing an older query catch up (rerunSome, a search with its trace:
   * 8 to 17 ms of script at 4x, traced); then each lane lets go of its hold
   * (writes its words and bar); then the theater's own words and the
   * worker's badge and ARA* job (dragging). The whole takes about ten frames.
   */
  private drop(): void {
    this.stopResting();
    // A rerun the drag left pending is the drop's first stage now.
    if (this.frame && this.due === 'all') { cancelAnimationFrame(this.frame); this.frame = 0; this.due = 'astar'; }
    const seq = this.dropSeq;
    afterPaint(() => {
      if (seq !== this.dropSeq) return; // a new drag began
      if (this.shown.some((v) => v !== this.version)) { this.rerunSome(true); this.drop(); return; }
      const lane = this.lanes.find((l) => l.held);
      if (lane) { lane.hold(false); this.drop(); return; }
      this.dragging(false);
    });
  }

  private schedule(what: 'all' | 'astar'): void {
    if (what === 'all') this.due = 'all';
    if (this.frame) return;
    this.frame = requestAnimationFrame((t) => {
      this.frame = 0;
      // A frame that wrote the lanes' words leaves the next rerun to the frame after it.
      if (this.held && !this.turns.claim('pictures', t)) this.schedule(this.due);
      else this.runDue();
    });
  }

  private runDue(): void {
    const what = this.due;
    this.due = 'astar';
    if (what === 'all') {
      if (!this.held) this.rerun('edit', false);
      else if (this.remote && !this.resting) this.runRemote();
      else this.rerunSome();
      return;
    }
    if (this.frame) { cancelAnimationFrame(this.frame); this.frame = 0; }
    const i = LANES.findIndex((l) => l.id === 'astar');
    const run = this.model.runLane(i);
    this.countSearches(1);
    this.lanes[i].load(run);
    this.runs[i] = run;
    this.showClaim();
  }

  /**
   * One frame of a drag where the figure worker draws the lanes: the worker
   * runs all four lanes' searches on the latest edit and draws their end
   * states, and the main thread only posts the query. The lanes' own runs
   * (their replays, counters and cell readouts need the traces here) catch
   * up once the pointer rests for REST_MS, one lane a frame (rerunSome),
   * or at the drop.
   */
  private runRemote(): void {
    const t0 = performance.now();
    const m = this.model, g = m.grid;
    const thread = this.lanes[0].grid.remote!.thread;
    thread.runLanes(
      { width: g.width, height: g.height, cells: m.cells, options: this.optionsSent ? undefined : g.options(), start: m.start, goal: m.goal, eps: m.eps, reopen: m.reopen },
      this.lanes.map((l, i) => l.laneFrame(i)),
    );
    this.optionsSent = true;
    this.workerVersion = this.version;
    for (const l of this.lanes) l.drawnByWorker();
    const t1 = performance.now();
    this.ran(t0, t0, t1);
    const d = this.root.dataset;
    d.workerRuns = String(Number(d.workerRuns ?? '0') + 1);
    if (this.restTimer) clearTimeout(this.restTimer);
    this.restTimer = setTimeout(() => {
      this.restTimer = 0;
      this.resting = true;
      d.rests = String(Number(d.rests ?? '0') + 1);
      this.schedule('all');
    }, REST_MS);
  }

  private stopResting(): void {
    if (this.restTimer) { clearTimeout(this.restTimer); this.restTimer = 0; }
    this.resting = false;
  }

  /**
   * One frame of a drag: the lane under the pointer and one other lane (in
   * turn) answer the latest edit; a lane left behind catches up in the next
   * frames, or at the drop. Each frame then draws two figures and writes two
   * lanes' counters instead of four: the lane the reader drags in never lags,
   * and the other three follow within three frames.
   */
  private rerunSome(dropping = false): void {
    const stale = LANES.map((_, i) => i).filter((i) => this.shown[i] !== this.version);
    // Lanes the worker drew at this query already show their runs' ends: their own runs only feed the
    // words, so they catch up one a frame (two searches with their traces took 6 to 8 ms at 4x).
    const drawn = this.workerVersion === this.version;
    const perFrame = drawn ? 1 : LANES_PER_DRAG_FRAME;
    const pick = stale.includes(this.dragLane) ? [this.dragLane] : [];
    for (let k = 0; k < LANES.length && pick.length < perFrame; k++) {
      const i = (this.turn + k) % LANES.length;
      if (stale.includes(i) && !pick.includes(i)) { pick.push(i); this.turn = (i + 1) % LANES.length; }
    }
    const t0 = performance.now();
    const runs = pick.map((i) => this.model.runLane(i));
    const t1 = performance.now();
    this.countSearches(runs.length);
    pick.forEach((i, k) => { this.lanes[i].load(runs[k], drawn); this.runs[i] = runs[k]; this.shown[i] = this.version; });
    this.ran(t0, t1, performance.now());
    if (stale.length > pick.length && !dropping) this.schedule('all');
  }

  /**
   * Reruns all four lanes now. `fresh`: the query just changed (a preset, a
   * key, the reopen switch); otherwise this answers edits already counted
   * (a drag's last frame, its drop).
   */
  private rerun(why: 'edit' | 'reset', fresh = true): void {
    if (this.frame) { cancelAnimationFrame(this.frame); this.frame = 0; }
    this.due = 'astar';
    if (fresh) this.version++;
    const t0 = performance.now();
    const runs = this.model.runAll();
    const t1 = performance.now();
    this.countSearches(runs.length);
    runs.forEach((r, i) => { this.lanes[i].load(r); this.shown[i] = this.version; });
    const t2 = performance.now();
    this.runs = runs;
    this.ran(t0, t1, t2);
    const a = runs.map((r, i) => `${LANES[i].title} ${r.expansions}`).join(', ');
    this.words = {
      timing: `Last rerun: four searches in ${(t1 - t0).toFixed(1)} ms, handed to the drawing in ${(t2 - t1).toFixed(1)} ms; `
        + 'the badge’s scan and the ARA* lane run in the background.',
      status: why === 'edit' ? `All lanes reran. Expansions: ${a}.` : null,
    };
    if (!this.held) this.showWords();
  }

  /** What every rerun, whole or partial, leaves behind: the record of its time and count, the pending badge. */
  private ran(t0: number, t1: number, t2: number): void {
    // The badge and ARA* follow off the frame; until then the old ones stay (marked pending).
    this.root.dataset.badge = 'pending';
    this.ara.pending();
    // During a drag only the drop's query is worth the worker's time: the states in between would be
    // computed (on a core the frames need) and thrown away. The drop submits the last one.
    if (this.held) this.offDue = true;
    else this.submitOffFrame();
    // The claim line's words wait for the drop during a drag, as the lanes' counters do.
    if (!this.held) this.showClaim();
    const d = this.root.dataset;
    d.searchMs = (t1 - t0).toFixed(3);
    d.rerunMs = (t2 - t0).toFixed(3);
    // One count per query answered, however many frames its answer took.
    if (this.counted !== this.version) {
      this.counted = this.version;
      d.reruns = String(Number(d.reruns ?? '0') + 1);
    }
  }

  /** Lane searches run on the main thread, kept on the root as `data-lane-searches` (the drag test reads it). */
  private countSearches(n: number): void {
    this.root.dataset.laneSearches = String(Number(this.root.dataset.laneSearches ?? '0') + n);
  }

  private submitOffFrame(): void {
    this.offDue = false;
    this.off.submit({ cells: this.model.cells, start: this.model.start, goal: this.model.goal, reopen: this.model.reopen });
  }

  private showWords(): void {
    const w = this.words;
    if (!w) return;
    this.words = null;
    setText(this.timing, w.timing);
    if (w.status !== null) setText(this.status, w.status);
  }

  /**
   * The worker's answer is shown through the words' queue, a change a frame,
   * and never during a drag: its frames go to the four lanes, and the drop
   * shows the answer to the last edit. Answers that arrive meanwhile replace
   * one another.
   */
  private offFrameDone(r: OffFrameResult): void {
    // Queued under one key: an answer that arrives before the last was shown replaces it.
    this.later.add('badge', () => {
      if (r.seq !== this.off.latest) return; // overtaken by an edit since
      this.badge = r.badge;
      this.showBadge(r.badge);
      this.showClaim();
      // The ARA* lane (its table and its canvas) in a frame of its own.
      this.later.add('ara', () => { if (r.seq === this.off.latest) this.ara.show(this.araWorld(), r.ara); });
    });
  }

  private showClaim(): void {
    const p = this.preset;
    if (!p) {
      setText(this.claimEl, 'Your own query: the counters below are the library’s answers for what you set up.');
      return;
    }
    const lane = Object.fromEntries(this.runs.map((r) => [r.id, r])) as Record<LaneId, LaneRun>;
    setText(this.claimEl, `${p.route}: ${p.claim({ lane, eps: this.model.eps, astarAtOne: this.model.astarAt(1), badge: this.badge })}`);
  }

  private showBadge(eps: number | null): void {
    const shown = eps === null ? 'none' : String(eps);
    // Most drops leave the badge where it was: then nothing is rewritten (a rewrite is a layout and a repaint).
    if (this.badgeShown === shown) { this.root.dataset.badge = shown; return; }
    this.badgeShown = shown;
    this.root.dataset.badge = shown;
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
