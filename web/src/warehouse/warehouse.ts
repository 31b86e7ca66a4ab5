import mapText from '../../../data/mapf/warehouse-10-20-10-2-1.map?raw';
import { onCellTap } from '../common/cell-tap.js';
import { button, controlForm, el } from '../common/dom.js';
import { GridCanvas } from '../common/grid-canvas.js';
import { canvasSize, cellCentre, cssPx, type GridLayout } from '../common/layout.js';
import { keyEntry, legend, lineMark, styledMark } from '../common/legend.js';
import { COLORS } from '../common/palette.js';
import { ReplayBar } from '../common/replay-bar.js';
import { whenIdle } from '../common/schedule.js';
import { polyline } from '../common/shapes.js';
import { scratch, scratchContext, type Ctx2D, type Scratch } from '../common/surface.js';
import { ROBOT_COLORS } from './fleet-colors.js';
import { ThroughputChart } from './fleet-chart.js';
import { withPoint } from './fleet-curve.js';
import { fleetGrid } from './fleet-grid.js';
import { DEFAULT_BUDGET, FLEET_BUDGETS } from './fleet-budget.js';
import { DEFAULT_LIFELONG_STEPS, isLifelong, LIFELONG_LACAM, LIFELONG_STEPS, SWEEP_ROBOTS, type LifelongMethod } from './fleet-life-options.js';
import type { CurvePoint, LifelongPlan } from './fleet-lifelong.js';
import type { Conflict, FleetMethod } from './fleet-model.js';
import type { FleetRequest } from './fleet-request.js';
import { meetingsOf, packPlan, row, type FleetWire } from './fleet-wire.js';
import { cellAt, followedWords, goalAt, lifelongLegend, lifelongWords, paintLifelong, STATION_TINT } from './lifelong-view.js';

/** The followed robot's marks: black with a white rim, a colour no other robot has. */
const FOLLOW = '#000000';
const RIM = '#ffffff';
/** A cell is at least this many CSS pixels across, so a robot is at least ROBOT_PX: on a phone the floor scrolls sideways in its own box. */
const MIN_CELL = 6;
const ROBOT_PX = 9;
/** The most robots: the scenario file's every task. */
const MAX_ROBOTS = 1000;
/**
 * Above this many robots the floor is a crowd: each robot's path is drawn
 * only a few steps ahead, and only the followed robot's goal, so that the
 * robots stay legible and a frame stays cheap (a thousand full paths are a
 * few hundred thousand segments a frame).
 */
const CROWD = 200;
/** The steps ahead of each robot drawn in a crowd. */
const AHEAD = 8;
/** Any entry of the planner menu. */
type Method = FleetMethod | LifelongMethod;
/**
 * The planner menu, in groups: the planners of one batch of tasks (each
 * robot one trip), and the lifelong mode (robots drawing new errands as they
 * arrive, the run played back and its throughput charted).
 */
const METHODS: readonly { group: string; items: readonly { id: Method; label: string }[] }[] = [
  {
    group: 'One trip per robot', items: [
      { id: 'prioritized', label: 'Prioritized planning' },
      { id: 'cbs', label: 'Conflict-based search (optimal)' },
      { id: 'pibt', label: 'PIBT (one step at a time)' },
      { id: 'lacam', label: 'LaCAM* (PIBT inside a search; anytime)' },
      { id: 'independent', label: 'Each robot alone (A*, blind to the others)' },
    ],
  },
  {
    group: 'Errands that keep coming (lifelong)', items: [
      { id: 'lifelong-pibt', label: 'Lifelong: PIBT, errand after errand' },
      { id: 'lifelong-lacam', label: `Lifelong: LaCAM*, replanned every ${LIFELONG_LACAM.window} steps` },
    ],
  },
];
/** Each planner's name in the status line. */
const METHOD_NAMES: Record<Method, string> = {
  prioritized: 'Prioritized planning', cbs: 'Conflict-based search', pibt: 'PIBT', lacam: 'LaCAM*', independent: 'Each robot alone',
  'lifelong-pibt': 'lifelong PIBT', 'lifelong-lacam': 'lifelong LaCAM*',
};
/** Batch-plan readouts on the widget's root, cleared in the lifelong mode. */
const PLAN_DATA = ['sum', 'makespan', 'lower', 'conflicts', 'reason', 'budget', 'firstSum', 'firstMs', 'plansFound', 'optimal', 'tried', 'waits', 'meetings', 'cost'];
/** Lifelong readouts on the widget's root, cleared in the batch mode. */
const LIFE_DATA = ['lifeSteps', 'stepsRun', 'seed', 'tasksDone', 'goalsReached', 'throughput', 'doneNow', 'reachedNow', 'goal'];

/** The widget's root, with the plan's paths readable from outside (the browser tests check them with the library). */
export interface WarehouseRoot extends HTMLElement {
  /** The shown plan's paths (paths[i][t]), null while planning or without a plan. */
  readonly fleetPaths: number[][] | null;
  /** The lifelong run's robots' cells after t steps, null without a run. */
  lifelongAt(t: number): number[] | null;
}

/**
 * Warehouse robots: the Moving AI warehouse and the first N tasks of its
 * benchmark scenario (up to all 1,000), planned in cells and time steps by
 * the library (prioritized planning, conflict-based search, PIBT or
 * LaCAM*) in a worker within a time budget, then played step by step. For
 * LaCAM* the status says when its first plan came, how it compares with the
 * lower bound, and whether the rest of the budget bettered it. Every robot's path is drawn thin from where it is to its
 * goal; following one robot (tap it, or pick it from the menu) draws its
 * whole path, its goal, the steps it waits, and where its shortest path
 * alone would have met another robot: the conflicts the plan resolved.
 * Planned one by one and blind to each other instead, the robots' paths
 * are as short as they can be (the lower bound) but collide: the
 * collisions flash where and when they would happen.
 *
 * The lifelong mode (the menu's last group) runs the library's `lifelong`
 * in the worker instead: robots placed by a seed, each handed errand after
 * errand (pick station, shelf spot, drop station), for the Steps chosen,
 * then played back with the errands completed so far. Every PIBT run adds
 * its point to a chart of robots against errands per 100 steps, and a sweep
 * fills in the robot counts from 50 to 1,000 in a worker of its own.
 */
export class WarehouseWidget {
  readonly grid = fleetGrid(mapText);
  robots = 30;
  method: Method = 'prioritized';
  /** The lifelong mode's run length, steps. */
  steps = DEFAULT_LIFELONG_STEPS;
  /** The lifelong run shown (the lifelong mode), else null. */
  life: LifelongPlan | null = null;
  /** The throughput chart's points: PIBT runs of `steps` steps, the reader's and the sweep's. */
  curve: CurvePoint[] = [];
  /** The planner's time budget, milliseconds. */
  budget = DEFAULT_BUDGET;
  plan: FleetWire | null = null;
  /** The plan's paths, paths[i][t] (views into the plan's buffer), or null. */
  paths: Int32Array[] | null = null;
  /** The robot being followed, or -1. */
  selected = -1;
  private seq = 0;
  private worker: Worker | null = null;
  /** Whether the worker is still on a request (then a new one ends it: a planner does not stop to read messages). */
  private busy = false;
  private readonly fig: GridCanvas;
  private readonly bar: ReplayBar;
  private readonly status: HTMLElement;
  private readonly followOut: HTMLElement;
  private readonly follow: HTMLSelectElement;
  private readonly view: HTMLElement;
  private readonly robotsIn: HTMLInputElement;
  private readonly robotsOut: HTMLOutputElement;
  private floor: { key: string; image: Scratch } | null = null;
  private readonly chart = new ThroughputChart();
  /** The sweep's own worker (so the reader can watch a run while it fills the chart), its request number, and whether it runs. */
  private sweeper: Worker | null = null;
  private sweepSeq = 0;
  private sweeping = false;
  private readonly sweepBtn: HTMLButtonElement;
  /** What shows only in one mode: the batch planners' time and key; the lifelong steps, key and chart. */
  private readonly timeBox: HTMLElement;
  private readonly stepsBox: HTMLElement;
  private readonly lifePanel: HTMLElement;
  private readonly planLegend: HTMLElement;
  private readonly lifeLegend: HTMLElement;

  constructor(readonly root: HTMLElement) {
    const g = this.grid;
    this.fig = new GridCanvas({ width: g.width, height: g.height, label: 'The warehouse and its robots', paint: (ctx, layout) => this.paint(ctx, layout), maxCell: 8, minCell: MIN_CELL });
    this.fig.canvas.style.minWidth = `${g.width * MIN_CELL}px`;
    onCellTap(this.fig, (n) => this.tap(n));
    this.bar = new ReplayBar('Warehouse robots', 12, () => this.show());
    this.robotsIn = el('input', { type: 'range', id: 'wh-robots', min: '10', max: String(MAX_ROBOTS), step: '10', value: String(this.robots) });
    this.robotsOut = el('output', { for: 'wh-robots' }, String(this.robots));
    this.robotsIn.addEventListener('change', () => { this.robots = Number(this.robotsIn.value); this.replan(); });
    this.robotsIn.addEventListener('input', () => { this.robotsOut.textContent = this.robotsIn.value; });
    const method = el('select', { id: 'wh-method' });
    for (const g of METHODS) method.append(el('optgroup', { label: g.group }, ...g.items.map((m) => el('option', { value: m.id }, m.label))));
    method.addEventListener('change', () => { this.method = method.value as Method; this.replan(); });
    const budget = el('select', { id: 'wh-budget' });
    for (const ms of FLEET_BUDGETS) budget.append(el('option', { value: String(ms) }, `${ms / 1000} s`));
    budget.value = String(this.budget);
    budget.addEventListener('change', () => { this.budget = Number(budget.value); this.replan(); });
    const steps = el('select', { id: 'wh-steps' });
    for (const n of LIFELONG_STEPS) steps.append(el('option', { value: String(n) }, `${n}`));
    steps.value = String(this.steps);
    steps.addEventListener('change', () => { this.steps = Number(steps.value); this.newCurve(); this.replan(); });
    this.timeBox = el('span', { class: 'wh-time' }, el('label', { for: 'wh-budget' }, ' Time '), budget);
    this.stepsBox = el('span', { class: 'wh-steps' }, el('label', { for: 'wh-steps' }, ' Steps '), steps);
    this.sweepBtn = button(`Sweep ${SWEEP_ROBOTS[0]} to ${SWEEP_ROBOTS[SWEEP_ROBOTS.length - 1].toLocaleString('en')} robots`, () => this.sweep(), { class: 'wh-sweep' });
    this.lifePanel = el('div', { class: 'wh-life' },
      el('p', { class: 'help' }, 'Each lifelong run with PIBT adds its point to the chart: try a hundred robots, then a few hundred, then a thousand, '
        + `or let the sweep run PIBT for ${SWEEP_ROBOTS.length} robot counts from ${SWEEP_ROBOTS[0]} up, one after another, in the background. `
        + 'An errand counts once its robot reaches the drop station; the chart shows how many of them the whole fleet completes per 100 steps.'),
      controlForm({ class: 'wh-controls' }, this.sweepBtn),
      this.chart.root,
      el('p', { class: 'wh-why' }, 'Why does the curve turn down? With few robots, each one added brings its own errands and gets in nobody’s way, '
        + 'so the total grows almost in step with the fleet. But every robot is also an obstacle. As the aisles fill, robots queue behind one '
        + 'another at the stations and at the ends of the shelf rows, and PIBT must shove a robot aside so that a more urgent one can pass, which '
        + 'sends the shoved robot away from its own goal. Beyond some number of robots each newcomer costs the others more steps than it saves, '
        + 'and the errands completed per 100 steps fall even though more robots are working: the floor is congested. The peak is where adding '
        + 'a robot stops paying for itself.'));
    this.planLegend = warehouseLegend();
    this.lifeLegend = lifelongLegend(COLORS.wall, FOLLOW);
    this.follow = el('select', { id: 'wh-follow' });
    this.follow.addEventListener('change', () => this.select(Number(this.follow.value)));
    this.status = el('p', { class: 'wh-status', 'aria-live': 'polite' });
    this.followOut = el('p', { class: 'wh-follow-out', 'aria-live': 'polite' });
    // The floor's own scrolling box, with a shadow on the side where more of it waits (the page never scrolls sideways).
    const scroller = el('div', { class: 'wh-scroll' }, this.fig.canvas);
    this.view = el('div', { class: 'wh-view' }, scroller);
    const edges = () => {
      const more = scroller.scrollWidth - scroller.clientWidth;
      this.view.classList.toggle('more-left', scroller.scrollLeft > 1);
      this.view.classList.toggle('more-right', scroller.scrollLeft < more - 1);
    };
    scroller.addEventListener('scroll', edges, { passive: true });
    new ResizeObserver(edges).observe(scroller);
    Object.defineProperty(root, 'fleetPaths', { get: () => this.paths?.map((p) => Array.from(p)) ?? null });
    Object.defineProperty(root, 'lifelongAt', {
      value: (t: number) => {
        const life = this.life;
        return life && t >= 0 && t <= life.steps ? Array.from({ length: life.robots }, (_, i) => cellAt(life, i, t)) : null;
      },
    });
    root.append(
      el('p', { class: 'help' }, 'Pick how many robots (up to a thousand), how they are planned and how long the planner may take; the plan is computed in the background and then played one time step at a time. '
        + 'Tap a robot, or its goal, or pick it from the Follow menu, to follow it: its whole path and its goal stand out, with the steps where it waits '
        + `and the places where its shortest path alone would have run into another robot. Above ${CROWD} robots each path is drawn only ${AHEAD} steps ahead, and only the followed robot’s goal. `
        + 'The two lifelong entries at the end of the Planner menu keep the warehouse running: a robot that reaches its goal is at once given the next, '
        + 'and the Steps menu says how long the run lasts before it is played back.'),
      controlForm({ class: 'wh-controls' },
        el('label', { for: 'wh-robots' }, 'Robots '), this.robotsIn, this.robotsOut,
        el('label', { for: 'wh-method' }, ' Planner '), method,
        this.timeBox, this.stepsBox,
        el('label', { for: 'wh-follow' }, ' Follow '), this.follow),
      this.view, this.planLegend, this.lifeLegend, this.bar.root, this.status, this.followOut, this.lifePanel,
    );
    this.replan();
  }

  /** The worker, started afresh when the last one is still on a plan nobody wants now; null where workers cannot run. */
  private freeWorker(): Worker | null {
    if (this.worker && this.busy) { this.worker.terminate(); this.worker = null; }
    if (this.worker) return this.worker;
    try {
      const w = fleetWorker();
      w.onmessage = (e: MessageEvent<{ seq: number; plan?: FleetWire; life?: LifelongPlan; progress?: [number, number] }>) => {
        if (e.data.seq !== this.seq) return;
        if (e.data.plan) { this.busy = false; this.planned(e.data.plan); } else if (e.data.life) { this.busy = false; this.lived(e.data.life); } else if (e.data.progress) this.progress(...e.data.progress);
      };
      this.worker = w;
    } catch { this.worker = null; }
    return this.worker;
  }

  /** Shows what belongs to the mode of the planner picked, and hides the rest. */
  private showMode(): void {
    const life = isLifelong(this.method);
    // Hidden and out of the layout (a key is a flex box: its display would win over the hidden attribute).
    const shown = (e: HTMLElement, on: boolean) => { e.hidden = !on; e.style.display = on ? '' : 'none'; };
    shown(this.timeBox, this.method !== 'lifelong-pibt');
    shown(this.stepsBox, life);
    shown(this.lifePanel, life);
    shown(this.planLegend, !life);
    shown(this.lifeLegend, life);
    this.floor = null;
    const d = this.root.dataset;
    for (const k of life ? PLAN_DATA : LIFE_DATA) delete d[k];
  }

  private replan(): void {
    const seq = ++this.seq;
    this.root.dataset.status = 'pending';
    this.showMode();
    const m = this.method;
    // A run of the other mode is not shown while this one is made (the same mode's stays until the new one comes).
    if (isLifelong(m)) { this.plan = null; this.paths = null; } else this.life = null;
    this.fig.draw();
    if (isLifelong(m)) {
      this.status.textContent = `Running ${this.robots} robots for ${this.steps} steps with ${METHOD_NAMES[m]} in the background`
        + `${m === 'lifelong-lacam' ? ` (at most ${this.budget / 1000} s)` : ''}…`;
      const req: FleetRequest = { kind: 'lifelong', seq, robots: this.robots, steps: this.steps, method: m, millis: this.budget };
      const w = this.freeWorker();
      if (w) { this.busy = true; w.postMessage(req); }
      else {
        // Without workers the lifelong model (and the planners) are fetched only now, and the run is made in idle time.
        void import('./fleet-lifelong.js').then((model) => whenIdle(() => {
          if (seq === this.seq) this.lived(model.runLifelong(this.grid, req.robots, req.steps, m, { millis: req.millis }));
        }));
      }
      return;
    }
    this.status.textContent = `Planning ${this.robots} robots with ${METHOD_NAMES[m]} in the background (at most ${this.budget / 1000} s)…`;
    const w = this.freeWorker();
    if (w) { this.busy = true; w.postMessage({ kind: 'plan', seq, robots: this.robots, method: m, millis: this.budget } satisfies FleetRequest); }
    else {
      // Without workers the planners and the scenario (52 kB) are fetched only now, and the plan is made in idle time.
      void Promise.all([import('../../../data/mapf/warehouse-10-20-10-2-1-random-1.scen?raw'), import('./fleet-model.js')]).then(([scen, model]) => whenIdle(() => {
        if (seq === this.seq) this.planned(packPlan(model.planFleet(this.grid, scen.default, this.robots, m, { millis: this.budget })).wire);
      }));
    }
  }

  /** The planner's progress while it works, in its own terms. */
  private progress(done: number, total: number): void {
    const m = this.method;
    if (isLifelong(m)) {
      this.status.textContent = `Running ${this.robots} robots with ${METHOD_NAMES[m]} in the background: step ${done} of ${total}…`;
      return;
    }
    const what = m === 'cbs' ? `${done} constraint-tree nodes expanded` : m === 'prioritized' ? `${done} of ${total} robots routed`
      : m === 'pibt' ? `${done} of ${total} robots on their goals at the last step` : `${done} of ${total} robots on their goals in the best configuration so far`;
    this.status.textContent = `Planning ${this.robots} robots with ${METHOD_NAMES[m]} in the background (at most ${this.budget / 1000} s): ${what}…`;
  }

  private planned(plan: FleetWire): void {
    this.life = null;
    this.plan = plan;
    const packed = plan.paths;
    this.paths = packed ? Array.from({ length: packed.start.length - 1 }, (_, i) => row(packed, i)) : null;
    const d = this.root.dataset;
    d.robots = String(plan.robots);
    d.method = plan.method;
    d.status = plan.status;
    d.sum = String(plan.sumOfCosts);
    d.makespan = String(plan.makespan);
    d.lower = String(plan.lowerBound);
    d.conflicts = String(plan.conflicts.length);
    d.reason = plan.stop ?? '';
    d.budget = String(plan.budgetMillis);
    const a = plan.anytime;
    for (const [k, v] of [['firstSum', a?.firstSumOfCosts], ['firstMs', a?.firstPlanMs], ['plansFound', a?.plansFound], ['optimal', a?.optimal], ['tried', a?.tried]] as const) {
      if (v === undefined) delete d[k]; else d[k] = String(v);
    }
    const n = this.paths?.length ?? 0;
    // A thousand options as one string of markup (numbers only): a tenth of the time of as many elements made one by one.
    this.follow.innerHTML = '<option value="-1">no robot</option>' + Array.from({ length: n }, (_, i) => `<option value="${i}">robot ${i + 1}</option>`).join('');
    this.selected = this.selected < n ? this.selected : -1;
    this.follow.value = String(this.selected);
    this.bar.player.pause();
    // Loading the bar shows the plan (once: a thousand robots are drawn in one task with everything else here).
    this.bar.load(this.paths ? plan.makespan + 1 : 1, 0);
  }

  /** A lifelong run arrives: it is played from step 0, and a PIBT run that ran to the end adds its point to the chart. */
  private lived(life: LifelongPlan): void {
    this.plan = null;
    this.paths = null;
    this.life = life;
    const d = this.root.dataset;
    d.robots = String(life.robots);
    d.method = life.method;
    d.status = life.status;
    d.lifeSteps = String(life.stepsAsked);
    d.stepsRun = String(life.steps);
    d.seed = String(life.seed);
    d.tasksDone = String(life.tasksDone);
    d.goalsReached = String(life.goalsReached);
    d.throughput = String(life.throughput);
    if (life.method === 'lifelong-pibt' && life.status === 'found') {
      this.addPoint({ robots: life.robots, steps: life.stepsAsked, tasksDone: life.tasksDone, throughput: life.throughput });
    } else this.chart.update(this.curve, null);
    this.follow.innerHTML = '<option value="-1">no robot</option>' + Array.from({ length: life.robots }, (_, i) => `<option value="${i}">robot ${i + 1}</option>`).join('');
    this.selected = this.selected < life.robots ? this.selected : -1;
    this.follow.value = String(this.selected);
    this.bar.player.pause();
    this.bar.load(life.steps + 1, 0);
  }

  /** A point for the chart (of the current run length), the current run's ringed. */
  private addPoint(p: CurvePoint): void {
    if (p.steps !== this.steps) return;
    this.curve = withPoint(this.curve, p);
    this.chart.update(this.curve, this.life?.method === 'lifelong-pibt' ? this.life.robots : null);
    this.root.dataset.chartPoints = String(this.curve.length);
  }

  /** A new run length: a new curve, and a sweep of the old one stops. */
  private newCurve(): void {
    this.stopSweep('stopped');
    this.curve = [];
    this.chart.update(this.curve, null);
    this.root.dataset.chartPoints = '0';
  }

  private stopSweep(why: 'stopped' | 'done'): void {
    if (this.sweeping) this.root.dataset.sweep = why;
    this.sweeping = false;
    this.sweepSeq++;
    if (why === 'stopped') { this.sweeper?.terminate(); this.sweeper = null; }
    this.sweepBtn.textContent = `Sweep ${SWEEP_ROBOTS[0]} to ${SWEEP_ROBOTS[SWEEP_ROBOTS.length - 1].toLocaleString('en')} robots`;
  }

  /**
   * The sweep button: runs PIBT for every robot count of SWEEP_ROBOTS not yet
   * on the chart, in a worker of its own, each point drawn as it comes; pressed
   * again while it runs, it stops.
   */
  private sweep(): void {
    if (this.sweeping) { this.stopSweep('stopped'); return; }
    const steps = this.steps, seq = ++this.sweepSeq;
    const robots = SWEEP_ROBOTS.filter((r) => !this.curve.some((p) => p.robots === r));
    if (robots.length === 0) { this.root.dataset.sweep = 'done'; return; }
    this.sweeping = true;
    this.root.dataset.sweep = 'running';
    this.sweepBtn.textContent = 'Stop the sweep';
    const point = (p: CurvePoint) => { if (seq === this.sweepSeq) this.addPoint(p); };
    const done = () => { if (seq === this.sweepSeq) this.stopSweep('done'); };
    let w: Worker | null;
    try { w = this.sweeper ?? fleetWorker(); } catch { w = null; }
    if (w) {
      this.sweeper = w;
      w.onmessage = (e: MessageEvent<{ seq: number; point?: CurvePoint; sweepDone?: boolean }>) => {
        if (e.data.point) point(e.data.point); else if (e.data.sweepDone) done();
      };
      w.postMessage({ kind: 'sweep', seq, robots, steps } satisfies FleetRequest);
      return;
    }
    // Without workers: one robot count per idle moment of the main thread.
    void import('./fleet-lifelong.js').then((model) => {
      const next = (j: number) => whenIdle(() => {
        if (seq !== this.sweepSeq) return;
        if (j === robots.length) { done(); return; }
        point(model.sweepPoint(this.grid, robots[j], steps));
        next(j + 1);
      });
      next(0);
    });
  }

  /** A tap: the robot nearest it (where it is now, or its goal) within a few cells, else no robot. */
  private tap(n: number): void {
    const paths = this.paths, life = this.life;
    if (!paths && !life) return;
    const g = this.grid, t = this.bar.k;
    // Room for a finger: as far as ROBOT_PX * 1.5 CSS pixels, and at least two cells.
    const reach = Math.max(2, (ROBOT_PX * 1.5) / (this.fig.canvas.getBoundingClientRect().width / g.width));
    let best = -1, bestD = reach;
    if (life) {
      for (let i = 0; i < life.robots; i++) {
        const c = cellAt(life, i, t), d = Math.hypot(g.x(c) - g.x(n), g.y(c) - g.y(n));
        if (d <= bestD) { bestD = d; best = i; }
      }
      this.select(best);
      return;
    }
    if (!paths) return;
    paths.forEach((p, i) => {
      for (const c of [p[Math.min(t, p.length - 1)], p[p.length - 1]]) {
        const d = Math.hypot(g.x(c) - g.x(n), g.y(c) - g.y(n));
        if (d <= bestD) { bestD = d; best = i; }
      }
    });
    this.select(best);
  }

  private select(i: number): void {
    this.selected = i;
    this.follow.value = String(i);
    this.show();
  }

  private show(): void {
    const p = this.plan, t = this.bar.k, life = this.life;
    this.root.dataset.step = String(t);
    this.root.dataset.selected = String(this.selected);
    if (life) {
      const d = this.root.dataset;
      d.doneNow = String(life.doneBy[t]);
      d.reachedNow = String(life.reachedBy[t]);
      this.status.textContent = lifelongWords(life, t);
      if (this.selected >= 0) d.goal = String(goalAt(life, this.selected, t).cell); else delete d.goal;
      this.followOut.textContent = this.selected >= 0 ? followedWords(life, this.selected, t, (c) => this.grid.formatXY(c))
        : 'No robot followed: tap one, or pick it from the Follow menu, to see its errand.';
      this.fig.draw();
      return;
    }
    if (!p) return;
    let text: string;
    const secs = `${(p.millis / 1000).toFixed(2)} s`;
    if (!this.paths) text = `${METHOD_NAMES[p.method]}, ${p.robots} robots: no plan (${p.status}${p.stop ? `, ${p.stop}` : ''}): ${p.reason}.`;
    else if (p.method === 'independent') {
      const now = p.conflicts.filter((c) => c.t === t).length;
      text = `Each robot alone: ${p.robots} paths costing ${p.sumOfCosts} steps in all, the lower bound itself, but they collide `
        + `${p.conflicts.length >= 500 ? '500 times or more' : `${p.conflicts.length} times`}`
        + (p.conflicts.length ? ` (first at step ${p.conflicts[0].t}, ${this.grid.formatXY(p.conflicts[0].cell)})` : '')
        + `. Step ${t}: ${now} collision${now === 1 ? '' : 's'}.`;
    } else if (p.anytime) text = `${anytimeWords(p)} Step ${t} of ${p.makespan}, no collisions.`;
    else {
      const over = p.lowerBound > 0 ? ((p.sumOfCosts / p.lowerBound - 1) * 100).toFixed(1) : '0.0';
      text = `${METHOD_NAMES[p.method]}, ${p.robots} robots in ${secs}: `
        + `sum of costs ${p.sumOfCosts} steps, makespan ${p.makespan}; the lower bound (each robot alone) is ${p.lowerBound}, `
        + `so the plan pays ${over}% for sharing the aisles. Step ${t} of ${p.makespan}, no collisions.`;
    }
    this.status.textContent = text;
    this.describeFollowed();
    this.fig.draw();
  }

  /** The followed robot in words: its trip, its waits, and where the plan kept it from another robot. */
  private describeFollowed(): void {
    const p = this.plan, i = this.selected, d = this.root.dataset, g = this.grid;
    if (!p || !this.paths || i < 0) {
      this.followOut.textContent = this.paths ? 'No robot followed: tap one, or pick it from the Follow menu.' : '';
      for (const k of ['waits', 'meetings', 'cost']) delete d[k];
      return;
    }
    const path = this.paths[i], waits = Array.from(row(p.waits, i)), meetings = meetingsOf(p.meetings, i);
    const cost = lastArrival(path);
    d.waits = waits.join(',');
    d.meetings = String(meetings.length);
    d.cost = String(cost);
    const name = `Robot ${i + 1}`;
    let text = `${name} goes from ${g.formatXY(path[0])} to its goal at ${g.formatXY(path[path.length - 1])} in ${cost} steps`;
    text += waits.length ? `, waiting ${waits.length === 1 ? `once, at step ${waits[0]}` : `${waits.length} times, at steps ${listed(waits)}`}.` : ' without waiting.';
    if (p.method === 'independent') {
      const hits = p.conflicts.filter((c) => c.a === i || c.b === i);
      text += hits.length ? ` Blind to the others, it collides ${hits.length === 1 ? 'once' : `${hits.length} times`}: ${hits.slice(0, 4).map((c) => meetWords(c, c.a === i ? c.b : c.a, g)).join('; ')}${hits.length > 4 ? '; …' : ''}.` : ' It collides with no one.';
    } else if (meetings.length) {
      text += ` Had it taken its shortest path alone it would have met ${meetings.slice(0, 4).map((c) => meetWords(c, c.b, g)).join('; ')}`
        + `${meetings.length > 4 ? `, and ${meetings.length - 4} more` : ''}: the plan resolved ${meetings.length === 1 ? 'that conflict' : 'those conflicts'} `
        + 'by a wait or a detour, of this robot or of the other (the crosses on the floor).';
    } else text += ' Its shortest path alone meets no other robot’s planned path, so nothing had to be resolved for it.';
    this.followOut.textContent = text;
  }

  /** The floor and shelves, drawn once per layout and copied every step. */
  private floorImage(layout: GridLayout): Scratch {
    const stations = this.life?.stations;
    const key = `${layout.cell} ${stations ? 'stations' : ''}`;
    if (this.floor?.key === key) return this.floor.image;
    const [w, h] = canvasSize(layout);
    const image = scratch(w, h), ctx = scratchContext(image);
    ctx.fillStyle = COLORS.free;
    ctx.fillRect(0, 0, w, h);
    ctx.fillStyle = COLORS.wall;
    const g = this.grid;
    for (let n = 0; n < g.size; n++) if (g.isBlocked(n)) ctx.fillRect(g.x(n) * layout.cell, g.y(n) * layout.cell, layout.cell, layout.cell);
    for (const [cells, tint] of stations ? [[stations.pick, STATION_TINT.pick], [stations.drop, STATION_TINT.drop]] as const : []) {
      ctx.fillStyle = tint;
      for (const n of cells) ctx.fillRect(g.x(n) * layout.cell, g.y(n) * layout.cell, layout.cell, layout.cell);
    }
    this.floor = { key, image };
    return image;
  }

  private paint(ctx: Ctx2D, layout: GridLayout): void {
    ctx.drawImage(this.floorImage(layout), 0, 0);
    const p = this.plan, t = this.bar.k, sel = this.selected;
    if (this.life) { paintLifelong(ctx, layout, this.life, Math.min(t, this.life.steps), sel, ROBOT_PX, FOLLOW, RIM); return; }
    const paths = this.paths;
    if (!p || !paths) return;
    const crowd = paths.length > CROWD;
    const r = Math.max(cssPx(layout, ROBOT_PX / 2), layout.cell * 0.7);
    const where = (path: Int32Array) => path[Math.min(t, path.length - 1)];
    // One path per colour, each robot a sub-path of it: a handful of fills and strokes a frame, however many robots.
    const byColor = (draw: (path: Int32Array) => void, finish: () => void) => {
      ROBOT_COLORS.forEach((color, c) => {
        ctx.fillStyle = color;
        ctx.strokeStyle = color;
        ctx.beginPath();
        for (let i = c; i < paths.length; i += ROBOT_COLORS.length) draw(paths[i]);
        finish();
      });
    };
    const line = (cells: Int32Array) => {
      cells.forEach((n, j) => { const [x, y] = cellCentre(layout, n); if (j === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y); });
    };
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    // Every robot's path still ahead, thin, from where it is to its goal: what pairs a robot with its goal (in a crowd, its next steps only).
    ctx.globalAlpha = sel >= 0 || crowd ? 0.25 : 0.7;
    ctx.lineWidth = Math.max(cssPx(layout, 1.5), layout.cell * 0.2);
    byColor((path) => { if (t < path.length - 1) line(path.subarray(t, crowd ? t + AHEAD + 1 : undefined)); }, () => ctx.stroke());
    ctx.globalAlpha = sel >= 0 ? 0.45 : 1;
    // Each robot's goal: a hollow square in its colour (in a crowd only the followed robot's, drawn with it).
    ctx.lineWidth = Math.max(cssPx(layout, 1.5), layout.cell * 0.25);
    if (!crowd) {
      byColor((path) => {
        const [gx, gy] = cellCentre(layout, path[path.length - 1]);
        ctx.rect(gx - r, gy - r, 2 * r, 2 * r);
      }, () => ctx.stroke());
    }
    byColor((path) => {
      const [cx, cy] = cellCentre(layout, where(path));
      ctx.moveTo(cx + r, cy);
      ctx.arc(cx, cy, r, 0, Math.PI * 2);
    }, () => ctx.fill());
    ctx.globalAlpha = 1;
    if (sel >= 0 && sel < paths.length) this.paintFollowed(ctx, layout, r);
    // Collisions at this step: a ring in the goal's vermillion, big enough to see at a few pixels a cell.
    ctx.strokeStyle = COLORS.goal;
    ctx.lineWidth = Math.max(2, layout.cell * 0.3);
    for (const c of p.conflicts) {
      if (c.t !== t) continue;
      const [cx, cy] = cellCentre(layout, c.cell);
      ctx.beginPath();
      ctx.arc(cx, cy, Math.max(6, layout.cell * 1.6), 0, Math.PI * 2);
      ctx.stroke();
    }
  }

  /** The followed robot: its whole path, its goal, itself, its waits (squares) and the meetings the plan resolved (crosses), black on a white rim. */
  private paintFollowed(ctx: Ctx2D, layout: GridLayout, r: number): void {
    const p = this.plan!, i = this.selected, path = this.paths![i], t = this.bar.k;
    const w = Math.max(cssPx(layout, 2.5), layout.cell * 0.35), rim = cssPx(layout, 1.5);
    const both = (draw: () => void, width: number) => {
      for (const [c, extra] of [[RIM, 2 * rim], [FOLLOW, 0]] as const) { ctx.strokeStyle = c; ctx.lineWidth = width + extra; draw(); }
    };
    both(() => { polyline(ctx, layout, Array.from(path)); ctx.stroke(); }, w);
    const [gx, gy] = cellCentre(layout, path[path.length - 1]);
    const gr = r * 1.4;
    both(() => ctx.strokeRect(gx - gr, gy - gr, 2 * gr, 2 * gr), w);
    const [cx, cy] = cellCentre(layout, path[Math.min(t, path.length - 1)]);
    both(() => { ctx.beginPath(); ctx.arc(cx, cy, r * 1.5, 0, Math.PI * 2); ctx.stroke(); }, w);
    // A wait: a filled square on the cell where the robot stands still (once per cell, however many steps).
    const s = Math.max(cssPx(layout, 3.5), layout.cell * 0.5);
    for (const c of new Set(Array.from(row(p.waits, i), (k) => path[k]))) {
      const [x, y] = cellCentre(layout, c);
      ctx.fillStyle = RIM;
      ctx.fillRect(x - s - rim, y - s - rim, 2 * (s + rim), 2 * (s + rim));
      ctx.fillStyle = FOLLOW;
      ctx.fillRect(x - s, y - s, 2 * s, 2 * s);
    }
    // A meeting the plan resolved: a cross in the vermillion of a collision, on a white rim.
    const x0 = Math.max(cssPx(layout, 4), layout.cell * 0.7);
    for (const m of meetingsOf(p.meetings, i)) {
      const [x, y] = cellCentre(layout, m.cell);
      for (const [c, width] of [[RIM, cssPx(layout, 4.5)], [COLORS.goal, cssPx(layout, 2.5)]] as const) {
        ctx.strokeStyle = c;
        ctx.lineWidth = width;
        ctx.beginPath();
        ctx.moveTo(x - x0, y - x0); ctx.lineTo(x + x0, y + x0);
        ctx.moveTo(x + x0, y - x0); ctx.lineTo(x - x0, y + x0);
        ctx.stroke();
      }
    }
  }
}

/** A worker of the widget's (plans, lifelong runs and sweeps). */
function fleetWorker(): Worker {
  return new Worker(new URL('./fleet-worker.ts', import.meta.url), { type: 'module' });
}

/** LaCAM*'s plan in words: its first plan, against the lower bound, and what the rest of the budget made of it. */
function anytimeWords(p: FleetWire): string {
  const a = p.anytime!, secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const ratio = (sum: number) => (p.lowerBound > 0 ? (sum / p.lowerBound).toFixed(2) : '1.00');
  let text = `${METHOD_NAMES[p.method]}, ${p.robots} robots, ${p.budgetMillis / 1000} s budget: first plan after ${secs(a.firstPlanMs)}, `
    + `sum of costs ${a.firstSumOfCosts} steps, ${ratio(a.firstSumOfCosts)} times the lower bound ${p.lowerBound} (each robot alone). `;
  if (a.plansFound > 1) text += `Bettered ${a.plansFound - 1 === 1 ? 'once' : `${a.plansFound - 1} times`} with the time left, to ${p.sumOfCosts} (${ratio(p.sumOfCosts)} times). `;
  else text += 'Not bettered with the time left. ';
  text += `Makespan ${p.makespan}. `;
  if (a.optimal) text += `The search ran out of configurations after ${secs(p.millis)}: no plan has a smaller sum of loss.`;
  else text += `Stopped after ${secs(p.millis)}: ${p.reason}.`;
  return text;
}

/** The steps until a path reaches its goal for the last time (its cost, as the library counts it). */
function lastArrival(path: ArrayLike<number>): number {
  let c = path.length - 1;
  while (c > 0 && path[c - 1] === path[path.length - 1]) c--;
  return c;
}

/** "5, 6 and 9" (at most eight, then "and N more"). */
function listed(ts: readonly number[]): string {
  const shown = ts.slice(0, 8), rest = ts.length - shown.length;
  if (rest > 0) return `${shown.join(', ')} and ${rest} more`;
  return shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}` : String(shown[0]);
}

/** One meeting in words: "robot 4 at (12,5), step 9" (or swapping cells there). */
function meetWords(c: Conflict, other: number, g: { formatXY(n: number): string }): string {
  return `robot ${other + 1} ${c.swap ? 'swapping cells at' : 'at'} ${g.formatXY(c.cell)}, step ${c.t}`;
}

/** The floor's key: every mark it draws. */
function warehouseLegend(): HTMLElement {
  return legend('Key of the warehouse', 'wh-legend',
    keyEntry(styledMark(`background:${COLORS.wall}`, '', 'mark-fill'), 'shelf'),
    keyEntry(styledMark(`background:${ROBOT_COLORS[0]};border-radius:50%`), 'robot'),
    keyEntry(styledMark(`border:2px solid ${ROBOT_COLORS[0]}`), `its goal, the hollow square its path leads to (above ${CROWD} robots, the followed robot’s only)`),
    keyEntry(lineMark(ROBOT_COLORS[0]), `its path ahead (colours repeat: follow the line; above ${CROWD} robots, its next ${AHEAD} steps)`),
    keyEntry(lineMark(FOLLOW), 'the followed robot’s whole path, its goal ringed in black'),
    keyEntry(styledMark(`background:${FOLLOW};width:0.7em;height:0.7em;margin:0 0.45em 0 0.15em`), 'a cell where it waits'),
    keyEntry(styledMark(['45deg', '-45deg'].map((a) => `linear-gradient(${a}, transparent 40%, ${COLORS.goal} 40% 60%, transparent 60%)`).join(',').replace(/^/, 'background:')),
      'where its shortest path alone would have met another robot'),
    keyEntry(styledMark(`border:2px solid ${COLORS.goal};border-radius:50%`), 'a collision (robots planned alone)'));
}
