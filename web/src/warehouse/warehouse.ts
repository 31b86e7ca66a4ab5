import mapText from '../../../data/mapf/warehouse-10-20-10-2-1.map?raw';
import { controlForm, el } from '../common/dom.js';
import { GridCanvas } from '../common/grid-canvas.js';
import { canvasSize, cellCentre, type GridLayout } from '../common/layout.js';
import { COLORS } from '../common/palette.js';
import { ReplayBar } from '../common/replay-bar.js';
import { whenIdle } from '../common/schedule.js';
import { scratch, scratchContext, type Ctx2D, type Scratch } from '../common/surface.js';
import { fleetGrid } from './fleet-grid.js';
import type { FleetMethod, FleetPlan } from './fleet-model.js';

const ROBOT_COLORS = ['#0072b2', '#009e73', '#cc79a7', '#e69f00', '#56b4e9', '#6b4c9a'];
const METHODS: readonly { id: FleetMethod; label: string }[] = [
  { id: 'prioritized', label: 'Prioritized planning' },
  { id: 'cbs', label: 'Conflict-based search (optimal)' },
  { id: 'independent', label: 'Each robot alone (A*, blind to the others)' },
];

/**
 * Warehouse robots: the Moving AI warehouse and the first N tasks of its
 * benchmark scenario, planned in cells and time steps by the library
 * (prioritized planning or conflict-based search) in a worker, then played
 * step by step. Planned one by one and blind to each other instead, the
 * robots' paths are as short as they can be (the lower bound) but collide:
 * the collisions flash where and when they would happen.
 */
export class WarehouseWidget {
  readonly grid = fleetGrid(mapText);
  robots = 30;
  method: FleetMethod = 'prioritized';
  plan: FleetPlan | null = null;
  private seq = 0;
  private readonly worker: Worker | null;
  private readonly fig: GridCanvas;
  private readonly bar: ReplayBar;
  private readonly status: HTMLElement;
  private readonly robotsIn: HTMLInputElement;
  private readonly robotsOut: HTMLOutputElement;
  private floor: { key: string; image: Scratch } | null = null;

  constructor(readonly root: HTMLElement) {
    const g = this.grid;
    this.fig = new GridCanvas({ width: g.width, height: g.height, label: 'The warehouse and its robots', paint: (ctx, layout) => this.paint(ctx, layout), maxCell: 8, minCell: 2 });
    this.bar = new ReplayBar('Warehouse robots', 12, () => this.show());
    this.robotsIn = el('input', { type: 'range', id: 'wh-robots', min: '10', max: '100', step: '10', value: String(this.robots) });
    this.robotsOut = el('output', { for: 'wh-robots' }, String(this.robots));
    this.robotsIn.addEventListener('change', () => { this.robots = Number(this.robotsIn.value); this.replan(); });
    this.robotsIn.addEventListener('input', () => { this.robotsOut.textContent = this.robotsIn.value; });
    const method = el('select', { id: 'wh-method' });
    for (const m of METHODS) method.append(el('option', { value: m.id }, m.label));
    method.addEventListener('change', () => { this.method = method.value as FleetMethod; this.replan(); });
    this.status = el('p', { class: 'wh-status', 'aria-live': 'polite' });
    let w: Worker | null;
    try {
      w = new Worker(new URL('./fleet-worker.ts', import.meta.url), { type: 'module' });
      w.onmessage = (e: MessageEvent<{ seq: number; plan: FleetPlan }>) => { if (e.data.seq === this.seq) this.planned(e.data.plan); };
    } catch { w = null; }
    this.worker = w;
    root.append(
      el('p', { class: 'help' }, 'Pick how many robots and how they are planned; the plan is computed in the background and then played one time step at a time.'),
      controlForm({ class: 'wh-controls' },
        el('label', { for: 'wh-robots' }, 'Robots '), this.robotsIn, this.robotsOut,
        el('label', { for: 'wh-method' }, ' Planner '), method),
      this.fig.canvas, this.bar.root, this.status,
    );
    this.replan();
  }

  private replan(): void {
    const seq = ++this.seq;
    this.root.dataset.status = 'pending';
    this.status.textContent = `Planning ${this.robots} robots in the background…`;
    if (this.worker) this.worker.postMessage({ seq, robots: this.robots, method: this.method });
    else {
      // Without workers the planners and the scenario (52 kB) are fetched only now, and the plan is made in idle time.
      void Promise.all([import('../../../data/mapf/warehouse-10-20-10-2-1-random-1.scen?raw'), import('./fleet-model.js')]).then(([scen, model]) => whenIdle(() => {
        if (seq === this.seq) this.planned(model.planFleet(this.grid, scen.default, this.robots, this.method));
      }));
    }
  }

  private planned(plan: FleetPlan): void {
    this.plan = plan;
    const d = this.root.dataset;
    d.robots = String(plan.robots);
    d.method = plan.method;
    d.status = plan.status;
    d.sum = String(plan.sumOfCosts);
    d.makespan = String(plan.makespan);
    d.lower = String(plan.lowerBound);
    d.conflicts = String(plan.conflicts.length);
    this.bar.player.pause();
    this.bar.load(plan.paths ? plan.makespan + 1 : 1, 0);
    this.show();
  }

  private show(): void {
    const p = this.plan, t = this.bar.k;
    this.root.dataset.step = String(t);
    if (!p) return;
    let text: string;
    const secs = `${(p.millis / 1000).toFixed(2)} s`;
    if (!p.paths) text = `No plan: ${p.reason}`;
    else if (p.method === 'independent') {
      const now = p.conflicts.filter((c) => c.t === t).length;
      text = `Each robot alone: ${p.robots} paths costing ${p.sumOfCosts} steps in all, the lower bound itself, but they collide `
        + `${p.conflicts.length >= 500 ? '500 times or more' : `${p.conflicts.length} times`}`
        + (p.conflicts.length ? ` (first at step ${p.conflicts[0].t}, ${this.grid.formatXY(p.conflicts[0].cell)})` : '')
        + `. Step ${t}: ${now} collision${now === 1 ? '' : 's'}.`;
    } else {
      const over = p.lowerBound > 0 ? ((p.sumOfCosts / p.lowerBound - 1) * 100).toFixed(1) : '0.0';
      text = `${p.method === 'cbs' ? 'Conflict-based search' : 'Prioritized planning'}, ${p.robots} robots in ${secs}: `
        + `sum of costs ${p.sumOfCosts} steps, makespan ${p.makespan}; the lower bound (each robot alone) is ${p.lowerBound}, `
        + `so the plan pays ${over}% for sharing the aisles. Step ${t} of ${p.makespan}, no collisions.`;
    }
    this.status.textContent = text;
    this.fig.draw();
  }

  /** The floor and shelves, drawn once per layout and copied every step. */
  private floorImage(layout: GridLayout): Scratch {
    const key = `${layout.cell}`;
    if (this.floor?.key === key) return this.floor.image;
    const [w, h] = canvasSize(layout);
    const image = scratch(w, h), ctx = scratchContext(image);
    ctx.fillStyle = COLORS.free;
    ctx.fillRect(0, 0, w, h);
    ctx.fillStyle = COLORS.wall;
    const g = this.grid;
    for (let n = 0; n < g.size; n++) if (g.isBlocked(n)) ctx.fillRect(g.x(n) * layout.cell, g.y(n) * layout.cell, layout.cell, layout.cell);
    this.floor = { key, image };
    return image;
  }

  private paint(ctx: Ctx2D, layout: GridLayout): void {
    ctx.drawImage(this.floorImage(layout), 0, 0);
    const p = this.plan, t = this.bar.k;
    if (!p?.paths) return;
    const r = Math.max(2, layout.cell * 0.7);
    // Each robot's goal: a hollow square in its colour.
    ctx.lineWidth = Math.max(1, layout.cell * 0.2);
    p.paths.forEach((path, i) => {
      const [gx, gy] = cellCentre(layout, path[path.length - 1]);
      ctx.strokeStyle = ROBOT_COLORS[i % ROBOT_COLORS.length];
      ctx.strokeRect(gx - r, gy - r, 2 * r, 2 * r);
    });
    p.paths.forEach((path, i) => {
      const [cx, cy] = cellCentre(layout, path[Math.min(t, path.length - 1)]);
      ctx.fillStyle = ROBOT_COLORS[i % ROBOT_COLORS.length];
      ctx.beginPath();
      ctx.arc(cx, cy, r, 0, Math.PI * 2);
      ctx.fill();
    });
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
}
