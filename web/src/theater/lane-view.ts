import { button, controlForm, el, reducedMotion, setAttr, setText } from '../common/dom.js';
import { Editing, type EditSwitch } from '../common/editor.js';
import type { Figure, Layer } from '../common/figure.js';
import { metres, num } from '../common/format.js';
import type { FrameTurns } from '../common/frame-turns.js';
import type { LaneFrame } from '../common/figure-thread.js';
import { GridCanvas } from '../common/grid-canvas.js';
import type { GridLayout } from '../common/layout.js';
import { Player } from '../common/player.js';
import { cellInfo, sceneAt, type Scene } from '../common/scene.js';
import type { Label } from '../common/shapes.js';
import type { LaneRun, LaneSpec, TheaterModel } from './theater-model.js';

/** Pops per second of a lane's replay at 1x: the default query's 63 expansions take about six seconds. */
export const LANE_RATE = 10;

/** How long the pointer must rest during a drag before the lanes write their counters (ms). */
export const REST_MS = 120;

const EMPTY_SCENE = (size: number): Scene => ({ closed: [], open: [], current: -1, path: null, g: new Float64Array(size).fill(Infinity) });

/**
 * One lane of the Search Theater: a canvas replaying its lane's trace, the
 * replay controls (play/pause, step, scrub), counters that follow the replay
 * and a readout of the cell under the pointer or the keyboard cursor. The
 * lane never searches; the theater hands it a fresh `LaneRun` after every
 * rerun.
 */
export class LaneView {
  readonly root: HTMLElement;
  readonly grid: GridCanvas;
  readonly player: Player;
  readonly editing: Editing;
  run: LaneRun | null = null;
  focus: Layer | null = null;
  private readonly playBtn: HTMLButtonElement;
  private readonly scrub: HTMLInputElement;
  private readonly stepLabel: HTMLElement;
  private readonly counters: Record<'expansions' | 'open' | 'cost' | 'link' | 'reopenings', HTMLElement>;
  private readonly cellOut: HTMLElement;
  private readonly statusOut: HTMLElement;
  private readonly labels: readonly Label[];
  /**
   * The picture shows the figure worker's run of a newer query than `run`
   * (a drag: Theater, runRemote): redraws keep the worker's scene, and the
   * words wait for the lane's own run.
   */
  private behind = false;
  /**
   * The worker's last scene on this canvas is the end of `run` (it ran the
   * same query): a redraw at the end of the replay posts no scene, so a
   * lane catching up after a drag's frames (Theater, rerunSome) costs its
   * search and not the copy of its scene.
   */
  private workerScene = false;

  constructor(readonly spec: LaneSpec, readonly model: TheaterModel, onEdit: (how: 'drag' | 'key' | 'grab' | 'release') => void,
    touch: EditSwitch, labels: readonly Label[] = [], private readonly turns: FrameTurns | null = null) {
    const g = model.grid;
    this.player = new Player(() => this.render());
    this.player.rate = LANE_RATE * (reducedMotion() ? 0.5 : 1);
    this.grid = new GridCanvas({
      width: g.width, height: g.height, label: `${spec.title} lane`,
      // Lanes redraw on every frame of a drag: they are drawn off the main thread where the browser can (figure-thread.ts).
      figure: (layout) => ({
        ...this.frame(layout), scene: this.sceneToPost(), h: (n) => model.h(n, model.goal),
      }),
    });
    this.labels = labels;
    this.editing = new Editing(this.grid, {
      world: () => model, onEdit, touch: () => touch.on, onGrab: () => onEdit('grab'), onRelease: () => onEdit('release'),
      onCursor: () => { this.cellMoved(); this.grid.requestDraw(); },
      onHover: () => { this.cellMoved(); this.grid.requestDraw(); },
    });
    touch.add(this.grid.canvas);
    const id = `lane-${spec.id}`;
    this.playBtn = button('Play', () => this.player.toggle(), { class: 'play', 'aria-label': `Play the ${spec.title} lane` });
    const stepBtn = button('Step', () => this.player.step(), { class: 'step', 'aria-label': `Step the ${spec.title} lane by one expansion` });
    this.scrub = el('input', { type: 'range', min: '0', max: '0', value: '0', class: 'scrub', 'aria-label': `${spec.title} replay position` });
    this.scrub.addEventListener('input', () => { this.player.pause(); this.player.seek(Number(this.scrub.value)); });
    this.stepLabel = el('span', { class: 'step-label' });
    const counter = (name: string, label: string) => {
      const dd = el('dd', { 'data-counter': name });
      return { dd, row: [el('dt', {}, label), dd] };
    };
    const ex = counter('expansions', 'expansions'), op = counter('open', 'open'), co = counter('cost', 'cost'),
      li = counter('link', 'links'), re = counter('reopenings', 'reopenings');
    this.counters = { expansions: ex.dd, open: op.dd, cost: co.dd, link: li.dd, reopenings: re.dd };
    this.cellOut = el('p', { class: 'lane-cell', 'aria-live': 'polite' });
    this.statusOut = el('p', { class: 'lane-status', 'aria-live': 'polite' });
    this.root = el('article', { class: 'lane', id, 'data-lane': spec.id, 'aria-labelledby': `${id}-title` },
      el('h3', { id: `${id}-title` }, spec.title, ' ', el('span', { class: 'ranks' }, spec.ranks)),
      this.grid.canvas,
      controlForm({ class: 'lane-controls' }, this.playBtn, stepBtn, this.scrub, this.stepLabel),
      el('dl', { class: 'counters' }, ...ex.row, ...op.row, ...co.row, ...li.row, ...re.row),
      this.cellOut, this.statusOut,
    );
  }

  /** The figure without its scene. */
  private frame(layout: GridLayout): Omit<Figure, 'scene' | 'h'> {
    const m = this.model;
    return { layout, blocked: m.cells, start: m.start, goal: m.goal, focus: this.focus, labels: this.labels, cursor: this.cursor() };
  }

  /** What the figure worker needs to draw its own run of lane `lane` (Theater, runRemote). */
  laneFrame(lane: number): LaneFrame {
    return { id: this.grid.remote!.id, lane, focus: this.focus, cursor: this.cursor() };
  }

  /** The outlined cell: the keyboard cursor while the canvas has focus, else the cell under the pointer. */
  private cursor(): number {
    return document.activeElement === this.grid.canvas ? this.editing.cursor : this.editing.hover;
  }

  /** The figure worker drew this lane's run of the latest query (Theater, runRemote); `run` is now behind. */
  drawnByWorker(): void { this.behind = true; this.workerScene = true; }

  /** The scene a redraw sends, or null for the one the worker has (see workerScene). */
  private sceneToPost(): Scene | null {
    if (this.behind) return null;
    if (this.workerScene && this.run && this.player.k === this.run.trace.pops.length) return null;
    this.workerScene = false;
    return this.scene();
  }

  /** The replay's scene at step k, kept until the run or the step changes: hover redraws reuse it. */
  private shown: { run: LaneRun | null; k: number; scene: Scene } | null = null;

  private scene(): Scene {
    const g = this.model.grid, run = this.run, k = this.player.k;
    if (this.shown && this.shown.run === run && this.shown.k === k) return this.shown.scene;
    const scene = run ? sceneAt(run.trace, g.size, k, run.path) : EMPTY_SCENE(g.size);
    this.shown = { run, k, scene };
    return scene;
  }

  /**
   * Shows a fresh run from its end: the reader sees the answer at once and
   * can replay it. `drawn`: the figure worker already drew this query's end
   * on the lane (a drag's frame), so the picture stays as it is.
   */
  load(run: LaneRun, drawn = false): void {
    this.run = run;
    this.behind = false;
    this.workerScene = drawn;
    const r = this.root;
    setAttr(r, 'data-expansions', String(run.expansions));
    setAttr(r, 'data-cost', Number.isFinite(run.cost) ? run.cost.toFixed(6) : 'Infinity');
    setAttr(r, 'data-link', String(run.linkLength));
    setAttr(r, 'data-reopenings', String(run.reopenings));
    setAttr(r, 'data-start', String(this.model.start));
    setAttr(r, 'data-goal', String(this.model.goal));
    setAttr(r, 'data-status', run.status);
    this.player.load(run.trace.pops.length);
  }

  /**
   * While a drag in the theater lasts, the lane is held: every frame of the
   * motion goes to the figures, and the counters and the cell readout are
   * written once the pointer rests (REST_MS without a new run or a new
   * cell), in a frame that draws nothing (FrameTurns: a frame that changes
   * any text costs about as much again as one that draws two lanes, and
   * the two together missed 16.7 ms at 4x CPU throttling). The rest (the
   * replay bar, the step label, the status line, the canvas's description)
   * waits for the drop, where any of them could move the lane's layout.
   */
  hold(on: boolean): void {
    if (on === this.holding) return;
    this.holding = on;
    if (on) return;
    this.cancelWords();
    if (this.run) this.writeWords();
    this.writeBar();
  }

  private holding = false;
  /** Whether the lane is held (see hold). */
  get held(): boolean { return this.holding; }
  /** The rest timer, then the frame, that will write the counters and the cell readout during a hold. */
  private restTimer: ReturnType<typeof setTimeout> | 0 = 0;
  private wordsFrame = 0;

  private cancelWords(): void {
    if (this.restTimer) { clearTimeout(this.restTimer); this.restTimer = 0; }
    if (this.wordsFrame) { cancelAnimationFrame(this.wordsFrame); this.wordsFrame = 0; }
  }

  /** During a hold the words wait until the pointer rests, then for a frame of their own; otherwise they are written now. */
  private wordsLater(): void {
    if (!this.holding || !this.turns) { this.writeWords(); return; }
    this.cancelWords();
    this.restTimer = setTimeout(() => { this.restTimer = 0; this.wordsInFrame(); }, REST_MS);
  }

  private wordsInFrame(): void {
    this.wordsFrame = requestAnimationFrame((t) => {
      this.wordsFrame = 0;
      if (this.turns?.claim('words', t) === false) this.wordsInFrame();
      else this.writeWords();
    });
  }

  private cellMoved(): void {
    if (this.holding && this.turns) this.wordsLater();
    else this.showCell();
  }

  /**
   * Brings the readouts and the figure to the replay's step. Called on every
   * frame of a drag (one rerun per frame), so it writes only what changed:
   * an unchanged readout costs the page no layout.
   */
  render(): void {
    if (!this.run) return;
    this.wordsLater();
    if (!this.holding) this.writeBar();
    this.grid.draw();
  }

  /** The counters and the cell readout at the replay's step. */
  private writeWords(): void {
    const run = this.run;
    if (!run || this.behind) return;
    const { pops } = run.trace;
    const k = this.player.k, n = pops.length, done = k === n;
    const c = this.counters;
    setText(c.expansions, String(k));
    setText(c.open, String(k === 0 ? 1 : pops[k - 1].frontier));
    setText(c.cost, !done ? '–' : run.path ? metres(run.cost) : 'no path');
    setText(c.link, !done ? '–' : run.path ? String(run.linkLength) : '–');
    setText(c.reopenings, String(this.reopenedBy(k)));
    this.showCell();
  }

  /** Reopenings among the first k pops: the counters tell the state of the replay at step k, not the end of the search. */
  private reopenedBy(k: number): number {
    let reopened = 0;
    for (const p of this.run?.trace.pushes ?? []) { if (p.during >= k) break; if (p.kind === 'reopen') reopened++; }
    return reopened;
  }

  /** The replay bar, the step label, the no-path line and the canvas's description. */
  private writeBar(): void {
    const run = this.run;
    if (!run) return;
    const k = this.player.k, n = run.trace.pops.length, done = k === n;
    setAttr(this.scrub, 'max', String(n)); // first: a value above the old max would be clamped to it
    if (this.scrub.value !== String(k)) this.scrub.value = String(k);
    setAttr(this.scrub, 'aria-valuetext', `${k} of ${n} expansions`);
    setText(this.stepLabel, `${k}/${n}`);
    setAttr(this.root, 'data-step', String(k));
    setText(this.playBtn, this.player.playing ? 'Pause' : 'Play');
    setAttr(this.playBtn, 'aria-pressed', String(this.player.playing));
    setText(this.statusOut, done && !run.path
      ? `No path: after ${n} expansions the open set is empty, so every cell the start can reach has been closed, and the goal is not one of them.`
      : '');
    const pathText = !done ? 'goal not reached yet' : run.path ? `path cost ${metres(run.cost)} over ${run.linkLength} links` : 'no path';
    setAttr(this.grid.canvas, 'aria-label', `${this.spec.title} lane: ${k} of ${n} expansions shown, ${pathText}, ${this.reopenedBy(k)} reopenings`);
  }

  /** The readout under the lane: the pointed (or keyboard) cell at this step, with g, h and the lane's key. */
  private showCell(): void {
    const cell = this.cursor();
    const d = this.root.dataset;
    if (cell < 0 || !this.run) { setText(this.cellOut, ''); delete d.cell; return; }
    const m = this.model, g = m.grid;
    setAttr(this.root, 'data-cell', String(cell));
    const at = g.formatXY(cell);
    if (m.cells[cell]) { setText(this.cellOut, `${at}: wall.`); return; }
    const info = cellInfo(this.run.trace, this.player.k, cell);
    const key = this.spec.id === 'bfs' ? (v: number) => num(v) : (v: number) => metres(v);
    if (info.state === 'unreached') {
      setText(this.cellOut, `${at}: not reached yet; h = ${metres(m.h(cell, m.goal))}.`);
      return;
    }
    setText(this.cellOut, `${at}: ${info.state}; g = ${metres(info.g)}, h = ${metres(info.h)}, f = ${this.spec.key} = ${key(info.f)}.`);
  }
}
