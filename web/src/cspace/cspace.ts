import './cspace.css';
import type { Box, Point, RasterFrame } from '#bestfirst/cspace';
import type { FloorPlan } from '#bestfirst/cspace';
import { controlForm, el, setText } from '../common/dom.js';
import { metres } from '../common/format.js';
import { GridCanvas } from '../common/grid-canvas.js';
import type { GridLayout } from '../common/layout.js';
import { CellImage, diamond, disc, route } from '../common/shapes.js';
import type { Ctx2D } from '../common/surface.js';
import { inSlices } from '../common/schedule.js';
import {
  CART, cart, ClosingSearch, CSPACE_COLORS, discView, FINE, RADIUS, sectionPlan, SHOWN_BINS, sliceView, SLICE_START,
  type Cart, type DiscView, type SliceView,
} from './cspace-model.js';

/** A point in metres as canvas pixels of a raster drawn with `layout`. */
function toPx(frame: RasterFrame, layout: GridLayout, p: Point): [number, number] {
  const x = (layout.left ?? 0) + ((p.x - frame.x0) / frame.resolution) * layout.cell;
  const y = (layout.top ?? 0) + ((frame.y0 + frame.height * frame.resolution - p.y) / frame.resolution) * layout.cell;
  return [x, y];
}

/** A closed polygon (metres) filled, and outlined when `rim` is given. */
function polygon(ctx: Ctx2D, frame: RasterFrame, layout: GridLayout, corners: readonly Point[], fill: string, rim?: string): void {
  ctx.beginPath();
  corners.forEach((p, i) => { const [x, y] = toPx(frame, layout, p); if (i === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y); });
  ctx.closePath();
  ctx.fillStyle = fill;
  ctx.fill();
  if (rim) { ctx.strokeStyle = rim; ctx.lineWidth = Math.max(1, layout.cell * 0.25); ctx.stroke(); }
}

/** The corners of a wall box, in metres. */
function boxCorners(b: Box): Point[] {
  const ax = b.ux * b.halfLength, ay = b.uy * b.halfLength, nx = -b.uy * b.halfThickness, ny = b.ux * b.halfThickness;
  return [{ x: b.cx - ax - nx, y: b.cy - ay - ny }, { x: b.cx + ax - nx, y: b.cy + ay - ny }, { x: b.cx + ax + nx, y: b.cy + ay + ny }, { x: b.cx - ax + nx, y: b.cy - ay + ny }];
}

/** The raster's cells: free white, blocked yellow; then the plan's walls on top, at their true size. */
function paintRaster(ctx: Ctx2D, layout: GridLayout, image: CellImage, plan: FloorPlan, frame: RasterFrame): void {
  image.draw(ctx, layout);
  ctx.save();
  ctx.beginPath();
  ctx.rect(layout.left ?? 0, layout.top ?? 0, layout.width * layout.cell, layout.height * layout.cell);
  ctx.clip();
  for (const b of plan.solids) polygon(ctx, frame, layout, boxCorners(b), CSPACE_COLORS.wall);
  ctx.restore();
}

function fillImage(image: CellImage, isBlocked: (n: number) => boolean): void {
  image.fill(CSPACE_COLORS.free);
  for (let n = 0; n < image.width * image.height; n++) if (isBlocked(n)) image.set(n, CSPACE_COLORS.grown);
}

const key = (cls: string, text: string) => el('span', { class: cls }, text);

const FACING = ['east', 'north-east', 'north', 'north-west', 'west', 'south-west', 'south', 'south-east'];

/** One heading's panel: its canvas, its caption, and the library's slice once it is worked out. */
interface Panel {
  bin: number;
  view: SliceView | null;
  image: CellImage;
  fig: GridCanvas;
  caption: HTMLElement;
  figure: HTMLElement;
}

/**
 * Configuration space: the Apartment rastered for a disc robot of the radius
 * the reader drags (the library's CSpace at 0.1 m), A* from room A to room B
 * on it, and the radius at which the route closes; then a 1 m x 0.4 m cart,
 * whose free cells depend on its heading: four heading slices of the
 * library's FootprintSlices, each searched at that fixed heading.
 *
 * The mount task draws the round robot's figure; the bisection for the
 * closing radius (a raster a step) and the four slices follow in short
 * tasks (inSlices), so no task holds the page for long. `settled` (and
 * `data-settled`) says when all of it is in.
 */
export class CSpaceWidget {
  /** The figure once the closing radius and every heading slice are in. */
  readonly settled: Promise<void>;
  readonly plan: FloorPlan;
  view: DiscView;
  closes: number | null = null;
  readonly cart: Cart;
  private readonly closing: ClosingSearch;
  private readonly panels: Panel[];
  private readonly fig: GridCanvas;
  private readonly image: CellImage;
  private readonly radiusIn: HTMLInputElement;
  private readonly radiusOut: HTMLOutputElement;
  private readonly readout: HTMLElement;
  private pending = 0;

  constructor(readonly root: HTMLElement) {
    this.plan = sectionPlan();
    this.view = discView(this.plan, RADIUS.start);
    this.closing = new ClosingSearch(this.plan);
    const c = this.view.cspace;
    this.image = new CellImage(c.width, c.height);
    this.fig = new GridCanvas({ width: c.width, height: c.height, label: 'The Apartment for a round robot', paint: (ctx, layout) => this.paint(ctx, layout), maxCell: 8, minCell: 2 });
    this.fig.canvas.classList.add('cs-disc');
    this.radiusIn = el('input', { type: 'range', id: 'cs-radius', min: String(RADIUS.min), max: String(RADIUS.max), step: String(RADIUS.step), value: String(RADIUS.start) });
    this.radiusOut = el('output', { for: 'cs-radius', id: 'cs-radius-out' });
    // A drag sends many inputs a frame; one raster a frame is enough.
    this.radiusIn.addEventListener('input', () => {
      if (this.pending) return;
      this.pending = requestAnimationFrame(() => { this.pending = 0; this.setRadius(Number(this.radiusIn.value)); });
    });
    this.readout = el('p', { class: 'cs-readout', 'aria-live': 'polite' });

    this.cart = cart(this.plan);
    this.panels = SHOWN_BINS.map((bin) => this.panel(bin));
    root.append(
      el('p', { class: 'help' }, 'Drag the radius (or use the arrow keys on it). Yellow is where the robot’s centre may not go: the walls, grown by r.'),
      controlForm({ class: 'cs-controls' }, el('label', { for: 'cs-radius' }, 'Robot radius r '), this.radiusIn, this.radiusOut),
      this.fig.canvas,
      el('p', { class: 'rp-key cs-key' },
        key('k-wall', 'dark: walls'), key('k-grown', 'yellow: walls grown by r (no room for the centre)'), key('k-free', 'white: free for the centre'),
        key('k-path', 'purple: A*’s route'), key('k-robot', 'green disc: the robot, to scale'), key('k-goal', 'orange diamond: the goal')),
      this.readout,
      el('p', { class: 'cs-cart-intro' }, `The cart below is ${CART.length} m long and ${CART.width} m wide. Each panel is one heading: the yellow cells are where its centre may not stand while it faces that way, and the route is the best it can do without ever turning.`),
      el('div', { class: 'cs-slices' }, ...this.panels.map((p) => p.figure)),
      el('p', { class: 'rp-key cs-key' },
        key('k-wall', 'dark: walls'), key('k-grown', 'yellow: no room for the cart’s centre at this heading'),
        key('k-cart', 'green: the cart at its start'), key('k-path', 'purple: route at this heading'), key('k-goal', 'orange diamond: the goal')),
    );
    this.setRadius(RADIUS.start);
    this.settled = inSlices(this.rest()).then(() => { this.root.dataset.settled = 'true'; });
  }

  /** The rest of the figure's work, a piece per step: the closing search's rasters, then the slices. */
  private *rest(): Generator<void, void> {
    while (!this.closing.done) {
      if (this.closing.step()) this.closed();
      yield;
    }
    for (const p of this.panels) {
      if (p.view === null) this.fill(p);
      yield;
    }
  }

  /** The closing radius is known: say it. */
  private closed(): void {
    this.closes = this.closing.result;
    this.root.dataset.closes = this.closes === null ? 'never' : this.closes.toFixed(2);
    this.setRadius(this.view.radius);
  }

  /** A new radius: a new raster from the library, A* on it, the readout and the figure. */
  setRadius(r: number): void {
    if (r !== this.view.radius) this.view = discView(this.plan, r);
    const v = this.view, found = v.found, d = this.root.dataset;
    // No route before the search for the closing radius is through: finish it now, the readout names that radius.
    if (found?.status !== 'found' && !this.closing.done) {
      while (!this.closing.step());
      this.closes = this.closing.result;
      d.closes = this.closes === null ? 'never' : this.closes.toFixed(2);
    }
    fillImage(this.image, (n) => v.cspace.grid.isBlocked(n));
    setText(this.radiusOut, metres(r));
    d.radius = r.toFixed(2);
    d.free = String(v.free);
    d.cost = found?.status === 'found' ? found.cost.toFixed(6) : 'none';
    const size = `At r = ${metres(r)} the robot is ${metres(2 * r)} across, and its centre may stand on ${v.free} of the ${v.cspace.grid.size} cells.`;
    const closing = this.closes === null ? '' : ` The doorways close at r = ${metres(this.closes)}.`;
    if (found === null) {
      setText(this.readout, `${size} It does not fit where it starts or where it is going.`);
    } else if (found.status === 'found') {
      setText(this.readout, `${size} A*’s route from room A to room B: ${metres(found.cost)}.${closing}`);
    } else {
      setText(this.readout, `${size} No route: the doorway closed at r = ${metres(this.closes ?? r)}, where the robot became wider than the 0.9 m opening.`);
    }
    this.fig.canvas.setAttribute('aria-label', `The Apartment for a round robot. ${this.readout.textContent ?? ''}`);
    this.fig.draw();
  }

  private paint(ctx: Ctx2D, layout: GridLayout): void {
    const v = this.view;
    paintRaster(ctx, layout, this.image, this.plan, v.cspace);
    if (v.found?.status === 'found') route(ctx, layout, v.found.path, { width: 0.6 });
    diamond(ctx, layout, v.goal, 1.8);
    disc(ctx, layout, v.start, CSPACE_COLORS.robot, Math.max(0.5, v.radius / FINE));
  }

  /** One heading's panel, empty until `fill` brings the library's slice. */
  private panel(bin: number): Panel {
    const { slices, goal, footprint } = this.cart;
    const image = new CellImage(slices.width, slices.height);
    image.fill(CSPACE_COLORS.free);
    const degrees = Math.round((slices.heading(bin) * 180) / Math.PI);
    const placed = footprint.at({ ...SLICE_START, theta: slices.heading(bin) });
    const p: Panel = {
      bin, view: null, image,
      fig: new GridCanvas({
        width: slices.width, height: slices.height, label: `Heading ${degrees} degrees`, maxCell: 6, minCell: 2,
        paint: (ctx, layout) => {
          paintRaster(ctx, layout, image, this.plan, slices);
          if (p.view?.found.status === 'found') route(ctx, layout, p.view.found.path, { width: 0.6 });
          diamond(ctx, layout, goal, 1.8);
          polygon(ctx, slices, layout, placed, CSPACE_COLORS.robot, '#ffffff');
        },
      }),
      caption: el('figcaption', {}, `${degrees}° (facing ${FACING[Math.round(degrees / 45) % 8]}): working it out…`),
      figure: el('figure', { class: 'cs-slice-figure', 'data-bin': String(bin) }),
    };
    p.fig.canvas.classList.add('cs-slice');
    p.fig.canvas.dataset.bin = String(bin);
    p.figure.append(p.fig.canvas, p.caption);
    return p;
  }

  /** The library's slice for a panel: its cells, A* at that heading, the caption's numbers. */
  private fill(p: Panel): void {
    const s = sliceView(this.cart, p.bin);
    p.view = s;
    const blocked = this.cart.slices.blocked(p.bin);
    fillImage(p.image, (n) => blocked[n] === 1);
    const outcome = s.found.status === 'found' ? `route ${metres(s.found.cost)}` : 'no route';
    setText(p.caption, `${s.degrees}° (facing ${FACING[Math.round(s.degrees / 45) % 8]}): ${s.free} free cells, ${outcome}`);
    const d = this.root.dataset;
    d[`free${s.bin}`] = String(s.free);
    d[`cost${s.bin}`] = s.found.status === 'found' ? s.found.cost.toFixed(6) : 'none';
    p.fig.draw();
  }
}
