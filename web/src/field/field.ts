import { UniversalPlanner, bellmanResidual, bellmanTerms, type UniversalPlan } from '#bestfirst/repair';
import { apartmentWorld, type ApartmentWorld } from '#bestfirst/worlds';
import { el, reducedMotion } from '../common/dom.js';
import { EditSwitch } from '../common/editor.js';
import { metres } from '../common/format.js';
import { GridCanvas } from '../common/grid-canvas.js';
import { cellRect, moveCursor, type GridLayout } from '../common/layout.js';
import { COLORS, mix, rampShade } from '../common/palette.js';
import { Player } from '../common/player.js';
import { contours, dropRobot, type RobotRun } from './field-model.js';
import { arrow, clearCells, diamond, disc, drawLabels, fillCell, outline, route } from '../common/shapes.js';
import type { Ctx2D } from '../common/surface.js';

/** Contours every metre of cost-to-go. */
export const CONTOUR_STEP = 1;

/**
 * The universal plan on the whole Apartment: the library's backward Dijkstra
 * to exhaustion gives every cell a cost-to-go (the colour) and an arrow; the
 * contours are its wave fronts. Under the cursor the panel spells out the
 * Bellman equation term by term (the library's `bellmanTerms`), with the
 * plan's residual beside it. Click (or tap) to drop the robot: it follows
 * the arrows home and the panel prices the drive against a fresh Dijkstra.
 * Drag the goal (by touch only with the switch on; or press G on a cell) and
 * the field is recomputed, once per frame however fast the pointer moves.
 */
export class FieldWidget {
  readonly root: HTMLElement;
  readonly world: ApartmentWorld;
  readonly planner: UniversalPlanner;
  plan!: UniversalPlan;
  cursor = -1;
  robot: RobotRun | null = null;
  residual = 0;
  private readonly fig: GridCanvas;
  readonly touch: EditSwitch;
  private readonly player: Player;
  private dragging = false;
  /** A goal drag moved the pointer: the click that ends it is not a drop. */
  private dragged = false;
  private pendingGoal = -1;
  private frame = 0;
  private readonly termsBody: HTMLTableSectionElement;
  private readonly head: HTMLElement;
  private readonly residualOut: HTMLElement;
  private readonly robotOut: HTMLElement;
  private lines = contours({ goal: 0, h: new Float64Array(0), next: new Int32Array(0), order: new Int32Array(0), reachable: 0, maxCostToGo: 0 }, 0, 0, 1);

  constructor(root: HTMLElement) {
    this.root = root;
    this.world = apartmentWorld();
    const g = this.world.grid;
    this.planner = new UniversalPlanner(g);
    this.player = new Player(() => this.fig.draw());
    this.player.rate = 6;
    this.fig = new GridCanvas({ width: g.width, height: g.height, label: 'Cost-to-go field of the Apartment', paint: (ctx, layout) => this.paint(ctx, layout), maxCell: 40, minCell: 6 });
    this.touch = new EditSwitch('Move the goal by touch');
    const c = this.fig.canvas;
    this.touch.add(c);
    c.tabIndex = 0;
    c.setAttribute('aria-roledescription', 'interactive field');
    c.setAttribute('aria-describedby', 'field-help');
    c.addEventListener('pointerdown', (e) => this.down(e));
    c.addEventListener('pointermove', (e) => this.move(e));
    c.addEventListener('pointerup', () => {
      // The drop settles the goal now rather than at the next frame.
      if (this.dragging && this.frame) { cancelAnimationFrame(this.frame); this.frame = 0; this.setGoal(this.pendingGoal); }
      this.dragging = false;
    });
    c.addEventListener('pointercancel', () => { this.dragging = false; });
    c.addEventListener('click', (e) => this.click(e));
    c.addEventListener('keydown', (e) => this.key(e));
    c.addEventListener('focus', () => { if (this.cursor < 0) this.setCursor(this.world.start); });

    this.head = el('p', { class: 'fd-head', 'aria-live': 'polite' });
    this.termsBody = el('tbody');
    this.residualOut = el('p', { class: 'fd-residual' });
    this.robotOut = el('p', { class: 'fd-robot', 'aria-live': 'polite' }, 'Click a cell (or press Enter on it) to drop the robot there.');
    root.append(
      el('p', { class: 'help', id: 'field-help' }, 'Point at a cell to see its equation worked out below. Click a cell to drop the robot there; drag the orange goal to move it. '
        + 'On a touch screen, switch on “Move the goal by touch” first; until then a swipe scrolls the page. '
        + 'Keyboard: focus the map, arrows move the cursor, Enter drops the robot, G moves the goal to the cursor.'),
      this.touch.button,
      this.fig.canvas,
      el('p', { class: 'rp-key' },
        el('span', { class: 'k-field' }, 'colour: cost-to-go (pale near the goal)'), ' ',
        el('span', { class: 'k-text' }, 'arrows: the step the plan takes'), ' ',
        el('span', { class: 'k-contour' }, 'lines: wave fronts every metre')),
      el('div', { class: 'fd-panel', role: 'region', 'aria-label': 'The Bellman equation at the cursor' },
        this.head,
        el('div', { class: 'table-wrap' }, el('table', { class: 'mini fd-terms' },
          el('caption', {}, 'Each successor Y of X: c(X, Y) + h(Y); the smallest is the arrow'),
          el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Y'), el('th', { scope: 'col' }, 'c(X, Y)'), el('th', { scope: 'col' }, 'h(Y)'), el('th', { scope: 'col' }, 'sum'), el('th', { scope: 'col' }, ''))),
          this.termsBody)),
        this.residualOut, this.robotOut),
    );
    this.recompute(this.world.goal);
    this.setCursor(this.world.start);
  }

  /** Plans for `goal` (the library's planner, once) and recomputes everything drawn from the plan. */
  recompute(goal: number = this.plan.goal): void {
    const g = this.world.grid;
    const t0 = performance.now();
    this.plan = this.planner.plan(goal);
    this.root.dataset.plans = String(Number(this.root.dataset.plans ?? '0') + 1);
    this.residual = bellmanResidual(g, this.plan);
    this.lines = contours(this.plan, g.width, g.height, CONTOUR_STEP);
    const ms = performance.now() - t0;
    const d = this.root.dataset;
    d.goal = String(this.plan.goal);
    d.residual = String(this.residual);
    d.reachable = String(this.plan.reachable);
    this.residualOut.textContent = `Bellman residual of the whole plan, max over ${this.plan.reachable - 1} cells of |h(X) − min_Y [c(X, Y) + h(Y)]|: `
      + `${this.residual.toExponential(1)} (${this.residual < 1e-9 ? 'a fixed point' : 'NOT a fixed point'}). Planned in ${ms.toFixed(1)} ms.`;
    if (this.robot) this.drop(this.robot.from, false);
    this.fig.draw();
    this.panel();
  }

  setGoal(cell: number): void {
    const g = this.world.grid;
    if (cell < 0 || g.isBlocked(cell) || cell === this.plan.goal) return;
    this.recompute(cell);
    this.root.dataset.goalMoves = String(Number(this.root.dataset.goalMoves ?? '0') + 1);
  }

  setCursor(cell: number): void {
    if (cell < 0 || cell === this.cursor) return;
    this.cursor = cell;
    this.root.dataset.cursor = String(cell);
    this.panel();
    this.fig.draw();
  }

  /** Drops the robot at `cell` and drives it home along the arrows. */
  drop(cell: number, animate = true): void {
    const g = this.world.grid;
    if (cell < 0 || g.isBlocked(cell)) return;
    const run = dropRobot(g, this.plan, cell);
    this.robot = run;
    const d = this.root.dataset;
    if (!run) {
      d.robotFrom = String(cell); d.paid = d.dijkstra = 'unreachable';
      this.robotOut.textContent = `From ${g.formatXY(cell)} the goal cannot be reached.`;
      this.player.load(0);
      return;
    }
    d.robotFrom = String(cell);
    d.paid = run.paid.toFixed(9);
    d.dijkstra = run.dijkstra.toFixed(9);
    const same = Math.abs(run.paid - run.dijkstra) < 1e-9;
    this.robotOut.textContent = `Robot dropped at ${g.formatXY(cell)}: following the arrows it pays ${metres(run.paid)} over ${run.path.length - 1} steps; `
      + `Dijkstra from that cell says ${metres(run.dijkstra)}${same ? ' — the same.' : ' — they differ!'}`;
    const steps = run.path.length - 1;
    if (animate && !reducedMotion()) { this.player.load(steps, 0); this.player.play(); } else this.player.load(steps, steps);
  }

  private panel(): void {
    const x = this.cursor, g = this.world.grid;
    this.termsBody.textContent = '';
    if (x < 0) return;
    if (g.isBlocked(x)) { this.head.textContent = `${g.formatXY(x)} is wall: no cost-to-go, no arrow.`; return; }
    const v = bellmanTerms(g, this.plan, x);
    if (x === this.plan.goal) this.head.textContent = `X = ${g.formatXY(x)} is the goal: h(X) = 0 by definition.`;
    else this.head.textContent = `X = ${g.formatXY(x)}: h(X) = ${metres(v.h)}, and min over Y of [c(X, Y) + h(Y)] = ${metres(v.min)}.`;
    v.terms.forEach((t) => {
      const tr = el('tr', t.argmin ? { class: 'argmin', 'aria-current': 'true' } : {},
        el('td', {}, g.formatXY(t.node)), el('td', {}, t.cost.toFixed(2)), el('td', {}, Number.isFinite(t.h) ? t.h.toFixed(2) : '∞'),
        el('td', {}, Number.isFinite(t.total) ? t.total.toFixed(2) : '∞'), el('td', {}, t.argmin ? '← the arrow (minimum)' : ''));
      this.termsBody.append(tr);
    });
    this.root.dataset.cursorH = String(v.h);
    this.root.dataset.cursorMin = String(v.min);
  }

  private down(e: PointerEvent): void {
    if (e.pointerType === 'touch' && !this.touch.on) return; // the browser scrolls; a tap still drops the robot (click)
    const cell = this.fig.cellOf(e);
    if (cell < 0) return;
    this.dragged = false;
    if (cell !== this.plan.goal) return;
    e.preventDefault();
    this.fig.canvas.focus({ preventScroll: true });
    this.dragging = true;
    this.fig.canvas.setPointerCapture?.(e.pointerId);
  }

  private move(e: PointerEvent): void {
    const cell = this.fig.cellOf(e);
    if (cell < 0) return;
    if (this.dragging) {
      // However many moves arrive, the field is planned once per frame, for the latest cell.
      this.dragged = true;
      this.pendingGoal = cell;
      this.frame ||= requestAnimationFrame(() => { this.frame = 0; this.setGoal(this.pendingGoal); });
    } else if (e.pointerType !== 'touch') this.setCursor(cell);
  }

  private click(e: MouseEvent): void {
    if (this.dragged) { this.dragged = false; return; }
    const cell = this.fig.cellOf(e);
    if (cell < 0 || cell === this.plan.goal) return;
    this.fig.canvas.focus({ preventScroll: true });
    this.setCursor(cell);
    this.drop(cell);
  }

  private key(e: KeyboardEvent): void {
    if (e.key.startsWith('Arrow')) {
      e.preventDefault();
      this.setCursor(moveCursor(this.fig.layout, this.cursor < 0 ? 0 : this.cursor, e.key));
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this.drop(this.cursor);
    } else if (e.key === 'g' || e.key === 'G') {
      e.preventDefault();
      this.setGoal(this.cursor);
    }
  }

  private paint(ctx: Ctx2D, layout: GridLayout): void {
    const g = this.world.grid, p = this.plan, c = layout.cell;
    clearCells(ctx, layout);
    for (let n = 0; n < g.size; n++) {
      if (g.isBlocked(n)) fillCell(ctx, layout, n, COLORS.wall);
      else if (p.h[n] !== Infinity) fillCell(ctx, layout, n, rampShade(COLORS.goal, p.h[n], p.maxCostToGo));
    }
    // Wave fronts.
    ctx.strokeStyle = '#1d1d1f';
    ctx.lineWidth = Math.max(1.5, c * 0.07);
    ctx.beginPath();
    for (const e of this.lines.edges) {
      const [x, y] = cellRect(layout, e.cell);
      if (e.side === 'e') { ctx.moveTo(x + c, y); ctx.lineTo(x + c, y + c); }
      else { ctx.moveTo(x, y + c); ctx.lineTo(x + c, y + c); }
    }
    ctx.stroke();
    // An arrow per cell.
    for (let n = 0; n < g.size; n++) if (p.next[n] >= 0) arrow(ctx, layout, n, p.next[n], mix('#000000', COLORS.goal, 0.25), 0.5, 0.045);
    // The cursor's equation: the minimising Y, and the arrow drawn in the path colour.
    if (this.cursor >= 0 && p.next[this.cursor] >= 0) {
      outline(ctx, layout, p.next[this.cursor], COLORS.path, 0.1);
      arrow(ctx, layout, this.cursor, p.next[this.cursor], COLORS.path, 0.9, 0.1);
    }
    const robotAt = this.robot ? this.robot.path[Math.min(this.player.k, this.robot.path.length - 1)] : -1;
    if (this.robot) route(ctx, layout, this.robot.path, { width: 0.16 });
    // Each wave front's distance, where there is room for it (never on the goal or the robot).
    const placed = drawLabels(ctx, layout, this.lines.labels, robotAt >= 0 ? [p.goal, robotAt] : [p.goal], { dropCrowded: true, weight: 600, plate: true });
    // Where the labels went (canvas pixels: centre x, y, width, height), for the page's tests.
    this.fig.canvas.dataset.labels = JSON.stringify(placed.map((q) => [q.cx, q.cy, q.w, q.h].map(Math.round)));
    if (robotAt >= 0) disc(ctx, layout, robotAt);
    diamond(ctx, layout, p.goal);
    if (this.cursor >= 0 && document.activeElement === this.fig.canvas) outline(ctx, layout, this.cursor, '#000000', 0.06, true);
  }
}
