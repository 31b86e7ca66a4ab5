import { findPath, type FoundPath } from '#bestfirst';
import { CSpace, Footprint, FootprintSlices, type FloorPlan, type Point } from '#bestfirst/cspace';
import { apartmentPlan, GOAL_B, GOAL_BEDROOM, START_A } from '#bestfirst/worlds';
import { COLORS } from '../common/palette.js';

/**
 * The configuration-space section without the DOM: the Apartment rastered
 * finely for a disc of the radius the reader sets, A* across it, the radius
 * at which the route closes; and a rectangular cart's heading slices. Every
 * number is the library's (`CSpace`, `FootprintSlices`, `findPath`).
 */

/**
 * The section's colours: the page's palette, and for where the robot's
 * centre may not go although no wall is there (the walls grown by r, or by
 * the cart at one heading) Okabe-Ito's yellow. Against the white, the dark
 * walls and the purple route it stays apart under the common colour-vision
 * deficiencies (the browser test checks this through a simulation filter).
 */
export const CSPACE_COLORS = { grown: '#f0e442', wall: COLORS.wall, free: COLORS.free, path: COLORS.path, robot: COLORS.start, goal: COLORS.goal } as const;

/** Cell side of the section's rasters (m): fine enough that the grown walls thicken smoothly as r grows. */
export const FINE = 0.1;
/** The radius slider, metres: its ends, its step and where it starts (Rusty's 0.25 m). */
export const RADIUS = { min: 0.05, max: 0.55, step: 0.01, start: 0.25 } as const;
/** Rusty's trip of the opening: room A to room B, round the wall they share. */
export const DISC_START: Point = START_A;
export const DISC_GOAL: Point = GOAL_B;

/** The cart of the second figure: 1 m long, 0.4 m wide, turning about its middle. */
export const CART = { length: 1, width: 0.4 } as const;
/** Heading bins of the cart's slices (every 45 degrees), and the four the figure shows (east, north-east, north, north-west). */
export const HEADINGS = 8;
export const SHOWN_BINS = [0, 1, 2, 3] as const;
/** The cart's figures show the Apartment's west half: room A, the corridor's west end and the bedroom. */
export const SLICE_REGION = { min: { x: 0, y: 0 }, max: { x: 6, y: 8 } } as const;
/** The cart's trip: room A to the bedroom, at one fixed heading. */
export const SLICE_START: Point = START_A;
export const SLICE_GOAL: Point = GOAL_BEDROOM;

/** The floor plan both figures raster. */
export function sectionPlan(): FloorPlan {
  return apartmentPlan();
}

/** One radius: the raster, the query's cells, and A*'s answer (null when the robot does not fit at an end). */
export interface DiscView {
  radius: number;
  cspace: CSpace;
  start: number;
  goal: number;
  found: FoundPath | null;
  /** Cells where the centre may stand. */
  free: number;
}

export function discView(plan: FloorPlan, radius: number): DiscView {
  const cspace = new CSpace(plan, { resolution: FINE, radius });
  const start = cspace.cellAt(DISC_START), goal = cspace.cellAt(DISC_GOAL);
  const g = cspace.grid;
  let free = 0;
  for (let n = 0; n < g.size; n++) if (!g.isBlocked(n)) free++;
  const found = g.isBlocked(start) || g.isBlocked(goal) ? null : findPath(g, start, goal);
  return { radius, cspace, start, goal, found, free };
}

/** The slider's value k steps above its minimum, rounded to the step (no 0.30000000000000004). */
export function radiusAt(k: number): number {
  return Math.round((RADIUS.min + k * RADIUS.step) * 1000) / 1000;
}

/**
 * The search for the smallest radius on the slider at which the trip has no
 * route (null when it has one all the way), one raster a `step()`, so the
 * page can spread it over idle moments. A disc that fits nowhere at r fits
 * nowhere at a larger r (the blocked cells only grow), so a bisection over
 * the slider's steps finds it with a handful of rasters.
 */
export class ClosingSearch {
  /** The answer once `done`. */
  result: number | null = null;
  done = false;
  private lo = -1; // the largest step known open (-1: none checked yet)
  private hi = -1; // the smallest step known closed (-1: none checked yet)
  private readonly steps = Math.round((RADIUS.max - RADIUS.min) / RADIUS.step);

  constructor(private readonly plan: FloorPlan) {}

  /** One raster and search; true when the answer is known. */
  step(): boolean {
    if (this.done) return true;
    const open = (k: number) => discView(this.plan, radiusAt(k)).found?.status === 'found';
    if (this.hi < 0) {
      // First the slider's top: if the route survives it, it never closes.
      if (open(this.steps)) return this.finish(null);
      this.hi = this.steps;
    } else if (this.lo < 0) {
      if (!open(0)) return this.finish(radiusAt(0));
      this.lo = 0;
    } else {
      const mid = (this.lo + this.hi) >> 1;
      if (open(mid)) this.lo = mid; else this.hi = mid;
    }
    return this.hi - this.lo === 1 ? this.finish(radiusAt(this.hi)) : false;
  }

  private finish(r: number | null): boolean {
    this.result = r;
    this.done = true;
    return true;
  }
}

/** One heading slice of the cart: its bin, heading in degrees, the free cells, and A* at that fixed heading. */
export interface SliceView {
  bin: number;
  degrees: number;
  free: number;
  found: FoundPath;
}

/** The cart's slices (each worked out when first asked for) and the trip's cells. */
export interface Cart {
  slices: FootprintSlices;
  footprint: Footprint;
  start: number;
  goal: number;
}

export function cart(plan: FloorPlan): Cart {
  const footprint = Footprint.rectangle(CART.length, CART.width);
  const slices = new FootprintSlices(plan, footprint, { resolution: FINE, headings: HEADINGS, region: SLICE_REGION });
  return { slices, footprint, start: slices.cellAt(SLICE_START), goal: slices.cellAt(SLICE_GOAL) };
}

/** Heading bin `bin` of the cart: the library's slice and A* across it. */
export function sliceView(c: Cart, bin: number): SliceView {
  const grid = c.slices.grid(bin);
  if (grid.isBlocked(c.start) || grid.isBlocked(c.goal)) throw new Error(`sliceView: the cart does not fit at its start or goal at bin ${bin}; the section's text assumes it does`);
  return { bin, degrees: Math.round((c.slices.heading(bin) * 180) / Math.PI), free: c.slices.freeCount(bin), found: findPath(grid, c.start, c.goal) };
}
