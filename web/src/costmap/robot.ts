import { onCellTap } from '../common/cell-tap.js';
import yamlText from '../../../data/ros/tb3_sandbox.yaml?raw';
import pgmGz from '../../../data/ros/tb3_sandbox.pgm.gz?url';
import { octile } from '#bestfirst';
import { FREE, INSCRIBED, LETHAL, NO_INFORMATION } from '#bestfirst/costmap';
import { DStarLite } from '#bestfirst/repair';
import { parseRosMap, worldToCell, type OccupancyGrid } from '#bestfirst/io';
import { button, controlForm, el } from '../common/dom.js';
import { inSlices } from '../common/schedule.js';
import { metres } from '../common/format.js';
import { fillMark, keyEntry, legend, lineMark, styledMark } from '../common/legend.js';
import { GridCanvas } from '../common/grid-canvas.js';
import { cellCentre, cssPx, moveCursor, type GridLayout } from '../common/layout.js';
import { COLORS, mix } from '../common/palette.js';
import { CellImage, diamond, disc, route } from '../common/shapes.js';
import type { Ctx2D } from '../common/surface.js';
import { COSTMAP_COLORS } from './costmap-colors.js';
import { cropKnown, discCells, DROP_RADIUS, GOAL_XY, robotPaths, robotWorld, START_XY, type RobotPaths, type RobotWorld } from './robot-model.js';

/** The gzip'd PGM, from its data URL, unpacked by the browser's own gzip. */
async function loadPgm(): Promise<Uint8Array> {
  const gz = await (await fetch(pgmGz)).blob();
  return new Uint8Array(await new Response(gz.stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer());
}

/**
 * A robot's costmap: Nav2's TurtleBot3 sandbox, inflated for the robot
 * radius the reader sets (the library's inflate: lethal, inscribed, then
 * costs falling off with distance), searched by A* on the weighted grid the
 * costmap makes (Smac 2D's penalty) and by Theta*. A click (or Enter on the
 * keyboard cursor) drops a box, and on a box takes it away again: D* Lite,
 * kept from the first search, repairs its plan instead of searching again,
 * and the readout sets its footprint beside a fresh A*.
 *
 * Costs are metres: the grid's cell size is the map's resolution, so a
 * path's cost is its length with each metre weighted 1 to 3 by the cost of
 * the cells it crosses (COST_PENALTY), and the readouts say "m" for both.
 */
export class RobotWidget {
  /** The widget once its map is read and first searched (or its failure said). */
  readonly ready: Promise<void>;
  map: OccupancyGrid | null = null;
  radius = 0.11;
  world: RobotWorld | null = null;
  paths: RobotPaths | null = null;
  /** The dropped boxes, by the cell each was dropped on (its centre). */
  boxes: number[] = [];
  private dstar: DStarLite | null = null;
  private start = -1;
  private goal = -1;
  private cursor = -1;
  private fig: GridCanvas | null = null;
  /** The costmap as one pixel a cell, redrawn only when the costmap changes (`stale`). */
  private cells: CellImage | null = null;
  private stale = true;
  private readonly out: HTMLElement;
  private readonly repairOut: HTMLElement;
  private readonly cursorOut: HTMLElement;
  private readonly clearBtn: HTMLButtonElement;
  private readonly radiusIn: HTMLInputElement;
  private readonly radiusOut: HTMLOutputElement;

  constructor(readonly root: HTMLElement) {
    this.radiusIn = el('input', { type: 'range', id: 'rb-radius', min: '0.05', max: '0.3', step: '0.01', value: String(this.radius) });
    this.radiusOut = el('output', { for: 'rb-radius' }, `${this.radius.toFixed(2)} m`);
    this.radiusIn.addEventListener('input', () => { this.radius = Number(this.radiusIn.value); this.rebuild(); });
    this.clearBtn = button('Take away every box', () => this.setBoxes([]), { class: 'rb-clear', disabled: '' });
    this.out = el('p', { class: 'rb-paths', 'aria-live': 'polite' }, 'Loading the map…');
    this.repairOut = el('p', { class: 'rb-repair', 'aria-live': 'polite' });
    this.cursorOut = el('p', { class: 'rb-cursor', 'aria-live': 'polite' });
    root.append(
      el('p', { class: 'help' }, 'Set the robot’s radius and watch the costmap and the paths change. Click a free spot to drop a box there, '
        + 'and click the box again to take it away: each time the plan is repaired, not searched again. '
        + 'Keyboard: focus the map, move the cursor with the arrows (Shift for five cells at a time), and press Enter or Space to drop or take away a box.'),
      controlForm({ class: 'rb-controls' }, el('label', { for: 'rb-radius' }, 'Robot radius '), this.radiusIn, this.radiusOut, this.clearBtn),
      robotLegend(), this.cursorOut, this.out, this.repairOut,
    );
    // Reading the map, inflating it and the first searches held the thread for
    // a quarter of a second in one task: they run as steps, a task each.
    this.ready = loadPgm().then((pgm) => inSlices(this.load(pgm))).catch((e: unknown) => {
      this.out.textContent = `The map did not load: ${e instanceof Error ? e.message : String(e)}`;
    });
  }

  private *load(pgm: Uint8Array): Generator<void, void> {
    const map = cropKnown(parseRosMap(yamlText, pgm, 'tb3_sandbox.yaml'));
    yield;
    this.map = map;
    this.start = worldToCell(map, START_XY);
    this.goal = worldToCell(map, GOAL_XY);
    const fig = new GridCanvas({ width: map.width, height: map.height, label: 'The TurtleBot3 sandbox costmap', paint: (ctx, layout) => this.paint(ctx, layout), maxCell: 6, minCell: 2 });
    this.fig = fig;
    const c = fig.canvas;
    c.tabIndex = 0;
    c.setAttribute('aria-roledescription', 'costmap');
    onCellTap(fig, (n) => this.toggleBox(n));
    c.addEventListener('keydown', (e) => {
      if (e.key.startsWith('Arrow')) {
        e.preventDefault();
        let n = this.cursor < 0 ? this.start : this.cursor;
        for (let i = e.shiftKey ? 5 : 1; i > 0; i--) n = moveCursor(fig.layout, n, e.key);
        this.setCursor(n);
      } else if ((e.key === 'Enter' || e.key === ' ') && this.cursor >= 0) {
        e.preventDefault();
        this.toggleBox(this.cursor);
      }
    });
    // Focus from the keyboard shows the cursor at once (on the robot's start); a click's focus does not.
    c.addEventListener('focus', () => { if (this.cursor < 0 && c.matches(':focus-visible')) this.setCursor(this.start); });
    c.addEventListener('blur', () => { this.cursor = -1; this.root.dataset.cursor = '-1'; this.fig?.draw(); });
    this.root.insertBefore(c, this.root.querySelector('.rb-legend'));
    yield* this.rebuildSteps();
  }

  /** The keyboard cursor on cell n, said in words: where it is, what the costmap holds there. */
  private setCursor(n: number): void {
    const w = this.world, g = w?.grid;
    this.cursor = n;
    this.root.dataset.cursor = String(n);
    if (w && g) {
      const c = w.costmap.cost[n];
      const what = this.boxAt(n) >= 0 ? 'a dropped box (Enter takes it away)'
        : c === LETHAL ? 'an obstacle' : c === INSCRIBED ? 'the inscribed band, where the robot’s centre may not go'
          : c === NO_INFORMATION ? 'unknown ground' : c === FREE ? 'free floor' : `the cost band, costmap value ${c} of 252`;
      this.cursorOut.textContent = `Cursor at ${g.formatXY(n)}: ${what}.`;
    }
    this.fig?.draw();
  }

  /** The box whose footprint covers cell n (its index in `boxes`), or -1. */
  private boxAt(n: number): number {
    const map = this.map;
    if (!map) return -1;
    return this.boxes.findIndex((b) => discCells(map, b).includes(n));
  }

  /** A new radius: a new costmap, new searches, a new D* Lite (its first search). Dropped boxes stay. */
  private rebuild(): void {
    for (const _ of this.rebuildSteps());
  }

  /** rebuild as steps: the costmap, then the two searches, then D* Lite's first search. */
  private *rebuildSteps(): Generator<void, void> {
    const map = this.map;
    this.radiusOut.textContent = `${this.radius.toFixed(2)} m`;
    if (!map) return;
    this.world = robotWorld(map, this.radius, this.droppedCells(this.boxes));
    yield;
    this.stale = true;
    this.repairOut.textContent = '';
    delete this.root.dataset.repairTouched;
    if (this.world.grid.isBlocked(this.start) || this.world.grid.isBlocked(this.goal)) {
      this.paths = null; this.dstar = null;
      this.out.textContent = `A robot of radius ${this.radius.toFixed(2)} m does not fit at its start or its goal: the inscribed band of a wall covers it.`;
    } else {
      this.paths = robotPaths(this.world, this.start, this.goal);
      yield;
      this.dstar = new DStarLite(this.world.grid, this.start, this.goal, octile(this.world.grid));
      this.dstar.path();
      this.describe();
    }
    this.fig?.draw();
  }

  private droppedCells(boxes: readonly number[]): number[] {
    const map = this.map;
    return map ? boxes.flatMap((b) => discCells(map, b)) : [];
  }

  /** A box dropped on n, or the box there taken away. */
  private toggleBox(n: number): void {
    const at = this.boxAt(n);
    this.setBoxes(at >= 0 ? this.boxes.filter((_, i) => i !== at) : [...this.boxes, n], at >= 0 ? 'taken away' : 'dropped', n);
  }

  /** The boxes become `next`: the costmap changes around them, and D* Lite repairs its plan. */
  private setBoxes(next: number[], how: 'dropped' | 'taken away' | 'cleared' = 'cleared', n = -1): void {
    const map = this.map, old = this.world;
    if (!map || !old) return;
    const nextWorld = robotWorld(map, this.radius, this.droppedCells(next));
    if (nextWorld.grid.isBlocked(this.start) || nextWorld.grid.isBlocked(this.goal)) {
      this.repairOut.textContent = 'Not there: the robot would no longer fit at its start or its goal.';
      return;
    }
    this.boxes = next;
    this.clearBtn.disabled = next.length === 0;
    // Tell D* Lite's grid what changed, cell by cell: these edits are what it repairs.
    const g = old.grid;
    for (let c = 0; c < g.size; c++) {
      if (nextWorld.grid.isBlocked(c) !== g.isBlocked(c)) g.setBlocked(c, nextWorld.grid.isBlocked(c));
      if (!nextWorld.grid.isBlocked(c) && nextWorld.grid.weightOf(c) !== g.weightOf(c)) g.setWeight(c, nextWorld.grid.weightOf(c));
    }
    this.world = { costmap: nextWorld.costmap, grid: g, clearance: nextWorld.clearance };
    this.stale = true;
    if (!this.dstar) { this.rebuild(); return; }
    this.dstar.path();
    const repair = this.dstar.lastRepair();
    this.paths = robotPaths(this.world, this.start, this.goal);
    const fresh = this.paths.astar;
    const d = this.root.dataset;
    d.repairTouched = String(repair.touched);
    d.dstar = this.dstar.costToGoal().toFixed(6);
    const what = how === 'cleared' ? 'Every box taken away' : `A box ${how} at ${g.formatXY(n)}`;
    this.repairOut.textContent = `${what}: D* Lite repaired its plan touching ${repair.touched} cells `
      + `(a fresh A* expanded ${fresh.expansions}); its cost, ${Number.isFinite(this.dstar.costToGoal()) ? metres(this.dstar.costToGoal()) : 'no path'}, is the fresh search’s.`;
    this.describe();
    if (this.cursor >= 0) this.setCursor(this.cursor);
    this.fig?.draw();
  }

  private describe(): void {
    const p = this.paths, d = this.root.dataset;
    d.radius = this.radius.toFixed(2);
    d.drops = String(this.droppedCells(this.boxes).length);
    d.boxes = String(this.boxes.length);
    if (!p) return;
    d.astar = Number.isFinite(p.astar.cost) ? p.astar.cost.toFixed(6) : 'Infinity';
    d.theta = Number.isFinite(p.theta.cost) ? p.theta.cost.toFixed(6) : 'Infinity';
    d.closest = Number.isFinite(p.closest) ? p.closest.toFixed(6) : 'Infinity';
    const len = (f: typeof p.astar) => (f.path ? f.path.reduce((s, c, i, a) => (i ? s + Math.hypot(this.world!.grid.x(c) - this.world!.grid.x(a[i - 1]), this.world!.grid.y(c) - this.world!.grid.y(a[i - 1])) : 0), 0) * this.map!.resolution : Infinity);
    d.astarLength = len(p.astar).toFixed(6);
    d.thetaLength = len(p.theta).toFixed(6);
    this.out.textContent = !p.astar.path ? 'No path: the boxes close every way for a robot this wide.'
      : `A* on the costmap: a path ${metres(len(p.astar))} long whose cost is ${metres(p.astar.cost)} (its length, each metre counted 1 to 3 times `
        + `by the cost of the cells it crosses), passing ${metres(p.closest)} from the nearest obstacle at its closest. `
        + `Theta*: ${metres(len(p.theta))} long, cost ${metres(p.theta.cost)}, in straight lines between corners it can see across.`;
  }

  private paint(ctx: Ctx2D, layout: GridLayout): void {
    const map = this.map, w = this.world;
    if (!map || !w) return;
    if (this.stale || !this.cells) {
      const cells = this.cells ?? new CellImage(map.width, map.height);
      cells.fill(COSTMAP_COLORS.free); // opaque first: set() writes colour only
      for (let n = 0; n < map.width * map.height; n++) {
        const c = w.costmap.cost[n];
        cells.set(n, c === LETHAL ? COSTMAP_COLORS.lethal : c === INSCRIBED ? COSTMAP_COLORS.inscribed : c === NO_INFORMATION ? COSTMAP_COLORS.unknown
          : c === FREE ? COSTMAP_COLORS.free : mix(COSTMAP_COLORS.low, COSTMAP_COLORS.high, c / 252));
      }
      this.cells = cells;
      this.stale = false;
    }
    this.cells.draw(ctx, layout);
    const p = this.paths;
    // A* wide and Theta* narrow on top of it: where the two agree, both still show.
    if (p?.astar.path) route(ctx, layout, p.astar.path, { width: 1.4, color: COSTMAP_COLORS.astar, casing: COSTMAP_COLORS.free });
    if (p?.theta.path) route(ctx, layout, p.theta.path, { width: 0.6, color: COSTMAP_COLORS.theta, dashed: true });
    // Each box: a square round its footprint, black with a white rim, unlike any wall.
    const r = Math.ceil(DROP_RADIUS / map.resolution) + 0.5;
    for (const b of this.boxes) {
      const [cx, cy] = cellCentre(layout, b);
      const half = r * layout.cell;
      for (const [color, width] of [[COSTMAP_COLORS.free, 4], [COSTMAP_COLORS.box, 2]] as const) {
        ctx.strokeStyle = color;
        ctx.lineWidth = cssPx(layout, width);
        ctx.strokeRect(cx - half, cy - half, 2 * half, 2 * half);
      }
    }
    disc(ctx, layout, this.start, COLORS.start, 1.6);
    diamond(ctx, layout, this.goal, 1.6);
    // The keyboard cursor: a ring wide enough to find at two pixels a cell, black inside white.
    if (this.cursor >= 0) {
      const [cx, cy] = cellCentre(layout, this.cursor);
      for (const [color, width] of [[COSTMAP_COLORS.free, 4], [COSTMAP_COLORS.box, 2]] as const) {
        ctx.strokeStyle = color;
        ctx.lineWidth = cssPx(layout, width);
        ctx.beginPath();
        ctx.arc(cx, cy, Math.max(cssPx(layout, 7), layout.cell * 1.5), 0, Math.PI * 2);
        ctx.stroke();
      }
    }
  }
}

/** The costmap's key: every colour and mark the map draws. */
function robotLegend(): HTMLElement {
  const C = COSTMAP_COLORS;
  return legend('Key of the costmap', 'rb-legend',
    keyEntry(fillMark(C.lethal), 'obstacle (lethal)'),
    keyEntry(fillMark(C.inscribed), 'inscribed band: the robot’s centre may not enter'),
    keyEntry(styledMark(`background:linear-gradient(90deg, ${C.low}, ${C.high})`, '', 'mark-fill mark-wide'), 'cost band: dearer nearer the obstacles'),
    keyEntry(fillMark(C.free), 'free'),
    keyEntry(fillMark(C.unknown), 'unknown'),
    keyEntry(lineMark(C.astar), 'A* path'),
    keyEntry(lineMark(C.theta, true), 'Theta* path (dashed)'),
    keyEntry('key-start', 'start'), keyEntry('key-goal', 'goal'),
    keyEntry(styledMark(`border:2px solid ${C.box}`), 'dropped box (click it again to take it away)'));
}
