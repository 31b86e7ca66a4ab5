import { onCellTap } from '../common/cell-tap.js';
import yamlText from '../../../data/ros/tb3_sandbox.yaml?raw';
import pgmGz from '../../../data/ros/tb3_sandbox.pgm.gz?url';
import { octile } from '#bestfirst';
import { FREE, INSCRIBED, LETHAL, NO_INFORMATION } from '#bestfirst/costmap';
import { DStarLite } from '#bestfirst/repair';
import { parseRosMap, worldToCell, type OccupancyGrid } from '#bestfirst/io';
import { controlForm, el } from '../common/dom.js';
import { GridCanvas } from '../common/grid-canvas.js';
import type { GridLayout } from '../common/layout.js';
import { COLORS, mix } from '../common/palette.js';
import { CellImage, diamond, disc, route } from '../common/shapes.js';
import type { Ctx2D } from '../common/surface.js';
import { cropKnown, discCells, GOAL_XY, robotPaths, robotWorld, START_XY, type RobotPaths, type RobotWorld } from './robot-model.js';

/** Nav2's costmap as RViz paints it: lethal, inscribed, a graded band, free; unknown grey. */
export const COSTMAP_COLORS = { lethal: '#5b1a72', inscribed: '#1fa3c4', high: '#e0413a', low: '#fbe3e1', free: '#ffffff', unknown: '#cfcfcf' } as const;

/** The gzip'd PGM, from its data URL, unpacked by the browser's own gzip. */
async function loadMap(): Promise<OccupancyGrid> {
  const gz = await (await fetch(pgmGz)).blob();
  const pgm = await new Response(gz.stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer();
  return cropKnown(parseRosMap(yamlText, new Uint8Array(pgm), 'tb3_sandbox.yaml'));
}

/**
 * A robot's costmap: Nav2's TurtleBot3 sandbox, inflated for the robot
 * radius the reader sets (the library's inflate: lethal, inscribed, then
 * costs falling off with distance), searched by A* on the weighted grid the
 * costmap makes (Smac 2D's penalty) and by Theta*. A click drops an
 * obstacle: D* Lite, kept from the first search, repairs its plan instead
 * of searching again, and the readout sets its footprint beside a fresh A*.
 */
export class RobotWidget {
  map: OccupancyGrid | null = null;
  radius = 0.11;
  world: RobotWorld | null = null;
  paths: RobotPaths | null = null;
  dropped: number[] = [];
  private dstar: DStarLite | null = null;
  private start = -1;
  private goal = -1;
  private fig: GridCanvas | null = null;
  /** The costmap as one pixel a cell, redrawn only when the costmap changes (`stale`). */
  private cells: CellImage | null = null;
  private stale = true;
  private readonly out: HTMLElement;
  private readonly repairOut: HTMLElement;
  private readonly radiusIn: HTMLInputElement;
  private readonly radiusOut: HTMLOutputElement;

  constructor(readonly root: HTMLElement) {
    this.radiusIn = el('input', { type: 'range', id: 'rb-radius', min: '0.05', max: '0.3', step: '0.01', value: String(this.radius) });
    this.radiusOut = el('output', { for: 'rb-radius' }, `${this.radius.toFixed(2)} m`);
    this.radiusIn.addEventListener('input', () => { this.radius = Number(this.radiusIn.value); this.rebuild(); });
    this.out = el('p', { class: 'rb-paths', 'aria-live': 'polite' }, 'Loading the map…');
    this.repairOut = el('p', { class: 'rb-repair', 'aria-live': 'polite' });
    root.append(
      el('p', { class: 'help' }, 'Set the robot’s radius and watch the costmap and the paths change. Click a free spot to drop an obstacle: the plan is repaired, not searched again.'),
      controlForm({ class: 'rb-controls' }, el('label', { for: 'rb-radius' }, 'Robot radius '), this.radiusIn, this.radiusOut),
      this.out, this.repairOut,
    );
    void loadMap().then((map) => this.loaded(map), (e: unknown) => { this.out.textContent = `The map did not load: ${e instanceof Error ? e.message : String(e)}`; });
  }

  private loaded(map: OccupancyGrid): void {
    this.map = map;
    this.start = worldToCell(map, START_XY);
    this.goal = worldToCell(map, GOAL_XY);
    this.fig = new GridCanvas({ width: map.width, height: map.height, label: 'The TurtleBot3 sandbox costmap', paint: (ctx, layout) => this.paint(ctx, layout), maxCell: 6, minCell: 2 });
    onCellTap(this.fig, (n) => this.drop(n));
    this.root.insertBefore(this.fig.canvas, this.out);
    this.rebuild();
  }

  /** A new radius: a new costmap, new searches, a new D* Lite (its first search). Dropped obstacles stay. */
  private rebuild(): void {
    const map = this.map;
    this.radiusOut.textContent = `${this.radius.toFixed(2)} m`;
    if (!map) return;
    this.world = robotWorld(map, this.radius, this.dropped);
    this.stale = true;
    this.repairOut.textContent = '';
    delete this.root.dataset.repairTouched;
    if (this.world.grid.isBlocked(this.start) || this.world.grid.isBlocked(this.goal)) {
      this.paths = null; this.dstar = null;
      this.out.textContent = `A robot of radius ${this.radius.toFixed(2)} m does not fit at its start or its goal: the inscribed band of a wall covers it.`;
    } else {
      this.paths = robotPaths(this.world, this.start, this.goal);
      this.dstar = new DStarLite(this.world.grid, this.start, this.goal, octile(this.world.grid));
      this.dstar.path();
      this.describe();
    }
    this.fig?.draw();
  }

  /** An obstacle where the reader clicked: the costmap changes around it, D* Lite repairs its plan. */
  private drop(n: number): void {
    const map = this.map, old = this.world;
    if (!map || !old) return;
    const next = robotWorld(map, this.radius, [...this.dropped, ...discCells(map, n)]);
    if (next.grid.isBlocked(this.start) || next.grid.isBlocked(this.goal)) {
      this.repairOut.textContent = 'Not there: the robot would no longer fit at its start or its goal.';
      return;
    }
    this.dropped.push(...discCells(map, n));
    // Tell D* Lite's grid what changed, cell by cell: these edits are what it repairs.
    const g = old.grid;
    for (let c = 0; c < g.size; c++) {
      if (next.grid.isBlocked(c) !== g.isBlocked(c)) g.setBlocked(c, next.grid.isBlocked(c));
      if (!next.grid.isBlocked(c) && next.grid.weightOf(c) !== g.weightOf(c)) g.setWeight(c, next.grid.weightOf(c));
    }
    this.world = { costmap: next.costmap, grid: g, clearance: next.clearance };
    this.stale = true;
    if (!this.dstar) { this.rebuild(); return; }
    this.dstar.path();
    const repair = this.dstar.lastRepair();
    this.paths = robotPaths(this.world, this.start, this.goal);
    const fresh = this.paths.astar;
    const d = this.root.dataset;
    d.repairTouched = String(repair.touched);
    d.dstar = this.dstar.costToGoal().toFixed(6);
    this.repairOut.textContent = `An obstacle dropped at ${g.formatXY(n)}: D* Lite repaired its plan touching ${repair.touched} cells `
      + `(a fresh A* expanded ${fresh.expansions}); its cost, ${Number.isFinite(this.dstar.costToGoal()) ? `${this.dstar.costToGoal().toFixed(2)} m` : 'no path'}, is the fresh search’s.`;
    this.describe();
    this.fig?.draw();
  }

  private describe(): void {
    const p = this.paths, d = this.root.dataset;
    d.radius = this.radius.toFixed(2);
    d.drops = String(this.dropped.length);
    if (!p) return;
    d.astar = Number.isFinite(p.astar.cost) ? p.astar.cost.toFixed(6) : 'Infinity';
    d.theta = Number.isFinite(p.theta.cost) ? p.theta.cost.toFixed(6) : 'Infinity';
    d.closest = Number.isFinite(p.closest) ? p.closest.toFixed(6) : 'Infinity';
    const len = (f: typeof p.astar) => (f.path ? f.path.reduce((s, c, i, a) => (i ? s + Math.hypot(this.world!.grid.x(c) - this.world!.grid.x(a[i - 1]), this.world!.grid.y(c) - this.world!.grid.y(a[i - 1])) : 0), 0) * this.map!.resolution : Infinity);
    d.astarLength = len(p.astar).toFixed(6);
    d.thetaLength = len(p.theta).toFixed(6);
    this.out.textContent = !p.astar.path ? 'No path: the obstacles close every way for a robot this wide.'
      : `A* on the costmap: ${len(p.astar).toFixed(2)} m long (cost ${p.astar.cost.toFixed(2)} with the penalty near obstacles), passing ${p.closest.toFixed(2)} m `
        + `from the nearest obstacle at its closest. Theta*: ${len(p.theta).toFixed(2)} m, in straight lines between corners it can see across.`;
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
    if (p?.astar.path) route(ctx, layout, p.astar.path, { width: 0.9, color: COLORS.goal });
    if (p?.theta.path) route(ctx, layout, p.theta.path, { width: 0.9, color: '#1d1d1f', dashed: true });
    disc(ctx, layout, this.start, COLORS.start, 1.6);
    diamond(ctx, layout, this.goal, 1.6);
  }
}
