import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { findPath, InputError } from '#bestfirst';
import { CSpace, FloorPlan, Footprint, footprintHits, FootprintSlices, type Box, type FloorPlanSpec, type Point } from '#bestfirst/cspace';
import { apartmentPlan } from '#bestfirst/worlds';

const p = (x: number, y: number): Point => ({ x, y });

// --- the reference: area of the overlap, by clipping one convex polygon with the other -------------------------

/** The corners of a wall box, counter-clockwise. */
function boxCorners(b: Box): Point[] {
  const ax = b.ux * b.halfLength, ay = b.uy * b.halfLength, nx = -b.uy * b.halfThickness, ny = b.ux * b.halfThickness;
  return [p(b.cx - ax - nx, b.cy - ay - ny), p(b.cx + ax - nx, b.cy + ay - ny), p(b.cx + ax + nx, b.cy + ay + ny), p(b.cx - ax + nx, b.cy - ay + ny)];
}

/** Sutherland-Hodgman: `subject` clipped by the convex, counter-clockwise `clip`. */
function clipPolygon(subject: Point[], clip: Point[]): Point[] {
  let out = subject;
  for (let i = 0; i < clip.length && out.length > 0; i++) {
    const a = clip[i], b = clip[(i + 1) % clip.length];
    const side = (q: Point) => (b.x - a.x) * (q.y - a.y) - (b.y - a.y) * (q.x - a.x);
    const input = out;
    out = [];
    for (let j = 0; j < input.length; j++) {
      const cur = input[j], prev = input[(j + input.length - 1) % input.length];
      const sc = side(cur), sp = side(prev);
      if (sc >= 0) {
        if (sp < 0) out.push(cross(prev, cur, sp, sc));
        out.push(cur);
      } else if (sp >= 0) out.push(cross(prev, cur, sp, sc));
    }
  }
  return out;
}
const cross = (s: Point, e: Point, ds: number, de: number): Point => { const t = ds / (ds - de); return p(s.x + (e.x - s.x) * t, s.y + (e.y - s.y) * t); };
const area = (poly: Point[]) => Math.abs(poly.reduce((s, q, i) => { const r = poly[(i + 1) % poly.length]; return s + q.x * r.y - r.x * q.y; }, 0)) / 2;

/** The footprint's corners at a pose, turned here with the textbook rotation (not the library's `at`). */
function placed(corners: readonly Point[], x: number, y: number, theta: number): Point[] {
  const c = Math.cos(theta), s = Math.sin(theta);
  const ring = corners.map((q) => p(x + q.x * c - q.y * s, y + q.x * s + q.y * c));
  // Counter-clockwise, as the clipper wants it.
  return area2(ring) < 0 ? ring.reverse() : ring;
}
const area2 = (poly: Point[]) => poly.reduce((s, q, i) => { const r = poly[(i + 1) % poly.length]; return s + q.x * r.y - r.x * q.y; }, 0);

/** The largest overlap area (m^2) of the placed footprint with any solid of the plan. */
function overlapArea(plan: FloorPlan, corners: readonly Point[], x: number, y: number, theta: number): number {
  const shape = placed(corners, x, y, theta);
  return Math.max(0, ...plan.solids.map((b) => area(clipPolygon(shape, boxCorners(b)))));
}

// --- random plans and footprints --------------------------------------------------------------------------------

const coord = (max: number) => fc.integer({ min: 0, max: max * 1000 }).map((v) => v / 1000);
const wallArb = fc.record({ a: fc.tuple(coord(4), coord(3)), b: fc.tuple(coord(4), coord(3)), t: fc.integer({ min: 30, max: 300 }) })
  .filter((w) => Math.hypot(w.a[0] - w.b[0], w.a[1] - w.b[1]) > 0.05);
const planArb = fc.array(wallArb, { minLength: 1, maxLength: 5 }).map((ws): FloorPlanSpec => ({
  width: 4, height: 3, doors: [], rooms: [],
  walls: ws.map((w, i) => ({ name: `w${i}`, a: p(...w.a), b: p(...w.b), thickness: w.t / 1000 })),
}));
/** A convex footprint: a rectangle (any reference point), or the hull of a few points around the origin. */
const footprintArb = fc.oneof(
  fc.record({ l: fc.integer({ min: 100, max: 1500 }), w: fc.integer({ min: 100, max: 800 }), rear: fc.integer({ min: -200, max: 1500 }) })
    .map(({ l, w, rear }) => Footprint.rectangle(l / 1000, w / 1000, rear / 1000).vertices),
  fc.array(fc.tuple(fc.integer({ min: -600, max: 600 }), fc.integer({ min: -600, max: 600 })), { minLength: 3, maxLength: 9 })
    .map((pts) => hull(pts.map(([x, y]) => p(x / 1000, y / 1000))))
    .filter((h) => h.length >= 3 && area(h) > 0.01),
);

/** Andrew's monotone chain, counter-clockwise, no collinear corners. */
function hull(pts: Point[]): Point[] {
  const s = [...pts].sort((a, b) => a.x - b.x || a.y - b.y);
  const turn = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const half = (list: Point[]) => {
    const h: Point[] = [];
    for (const q of list) {
      while (h.length >= 2 && turn(h[h.length - 2], h[h.length - 1], q) <= 0) h.pop();
      h.push(q);
    }
    h.pop();
    return h;
  };
  return [...half(s), ...half([...s].reverse())];
}

describe('FootprintSlices against the overlap area of the clipped polygons', () => {
  test('every cell of every heading: blocked exactly where the placed footprint and a wall share area', () => {
    let compared = 0, blocked = 0, unclear = 0;
    fc.assert(fc.property(planArb, footprintArb, fc.integer({ min: 1, max: 12 }), (spec, corners, K) => {
      const plan = new FloorPlan(spec);
      const slices = new FootprintSlices(plan, new Footprint(corners), { resolution: 0.25, headings: K });
      for (let k = 0; k < K; k++) {
        const theta = (2 * Math.PI * k) / K;
        for (let n = 0; n < slices.width * slices.height; n++) {
          const c = slices.centre(n);
          const a = overlapArea(plan, corners, c.x, c.y, theta);
          // Clipping's float noise is far below 1e-8 m^2; a true overlap between 1e-12 and 1e-8 would be a sliver thinner than the rule's 1e-9 m.
          if (a > 1e-8) { expect(slices.isBlocked(k, n), `cell ${n} heading ${k}/${K}: overlap ${a} m^2`).toBe(true); blocked++; }
          else if (a < 1e-12) expect(slices.isBlocked(k, n), `cell ${n} heading ${k}/${K}: no overlap`).toBe(false);
          else unclear++;
          compared++;
        }
      }
    }), { seed: 31_05, numRuns: 60 });
    expect(blocked).toBeGreaterThan(1000);
    expect(compared - blocked).toBeGreaterThan(1000);
    // Corners on whole millimetres make exact touches common; a sliver between the two thresholds is rare.
    expect(unclear).toBeLessThanOrEqual(compared / 10_000);
  });

  test('the Apartment with a 1 m x 0.4 m cart at 16 headings, against the reference', () => {
    const plan = apartmentPlan();
    const corners = Footprint.rectangle(1, 0.4).vertices;
    const slices = new FootprintSlices(plan, new Footprint(corners), { resolution: 0.25, headings: 16 });
    for (let k = 0; k < 16; k++) {
      for (let n = 0; n < slices.width * slices.height; n++) {
        const c = slices.centre(n);
        expect(slices.isBlocked(k, n), `cell ${n} heading ${k}`).toBe(overlapArea(plan, corners, c.x, c.y, slices.heading(k)) > 1e-8);
      }
    }
  });

  test('footprintHits agrees with the reference at poses anywhere, not only on cell centres', () => {
    fc.assert(fc.property(planArb, footprintArb, coord(4), coord(3), fc.double({ min: -10, max: 10, noNaN: true }), (spec, corners, x, y, theta) => {
      const plan = new FloorPlan(spec);
      const a = overlapArea(plan, corners, x, y, theta);
      if (a > 1e-8) expect(footprintHits(plan, new Footprint(corners), { x, y, theta })).toBe(true);
      if (a < 1e-12) expect(footprintHits(plan, new Footprint(corners), { x, y, theta })).toBe(false);
    }), { seed: 31_06, numRuns: 400 });
  });
});

describe('what the slices mean', () => {
  // A 4 x 4 m plan: one wall along y = 2, 0.1 m thick, with a 0.9 m door centred at x = 2 (the opening spans 1.55..2.45).
  const doorPlan = new FloorPlan({
    width: 4, height: 4, rooms: [],
    walls: [{ name: 'w', a: p(0, 2), b: p(4, 2), thickness: 0.1 }],
    doors: [{ name: 'door', at: p(2, 2), width: 0.9 }],
  });
  const cart = Footprint.rectangle(1, 0.4);

  test('a 1 m x 0.4 m cart passes the 0.9 m door facing north, not facing east', () => {
    expect(footprintHits(doorPlan, cart, { x: 2, y: 2, theta: Math.PI / 2 })).toBe(false);
    expect(footprintHits(doorPlan, cart, { x: 2, y: 2, theta: 0 })).toBe(true);
    // Slices at 0.5 m over a region whose cell centres lie on the wall's centre line (y = 2), at 4 headings:
    // north and south are one slice, east and west another. At (1.75, 2) facing north the cart spans x 1.55..1.95,
    // touching the west jamb (free); facing east it spans x 1.25..2.25, into the jamb.
    const s = new FootprintSlices(doorPlan, cart, { resolution: 0.5, headings: 4, region: { min: p(1.5, 1.75), max: p(2.5, 2.75) } });
    const door = s.cellAt(p(1.75, 2));
    expect(s.isBlocked(1, door)).toBe(false);
    expect(s.isBlocked(3, door)).toBe(false);
    expect(s.isBlocked(0, door)).toBe(true);
    expect(s.isBlocked(2, door)).toBe(true);
  });

  test('touching is free: a footprint exactly as wide as the door fits, 2 cm wider does not', () => {
    // 0.3 m long and 0.9 m wide, facing north: its width runs east-west, exactly the opening.
    expect(footprintHits(doorPlan, Footprint.rectangle(0.3, 0.9), { x: 2, y: 2, theta: Math.PI / 2 })).toBe(false);
    expect(footprintHits(doorPlan, Footprint.rectangle(0.9, 0.3), { x: 2, y: 2, theta: 0 })).toBe(false);
    expect(footprintHits(doorPlan, Footprint.rectangle(0.92, 0.3), { x: 2, y: 2, theta: 0 })).toBe(true);
    // Sitting on the wall's face (y = 2.05) is touching; 1 cm lower overlaps it.
    expect(footprintHits(doorPlan, Footprint.rectangle(0.4, 0.4), { x: 1, y: 2.25, theta: 0 })).toBe(false);
    expect(footprintHits(doorPlan, Footprint.rectangle(0.4, 0.4), { x: 1, y: 2.24, theta: 0 })).toBe(true);
  });

  test('search on a slice: at heading 90 degrees the cart drives through the door, at 0 degrees it cannot', () => {
    const s = new FootprintSlices(doorPlan, cart, { resolution: 0.1, headings: 4 });
    const from = s.cellAt(p(2.05, 0.75)), to = s.cellAt(p(2.05, 3.25));
    expect(findPath(s.grid(1), from, to).status).toBe('found');
    expect(findPath(s.grid(0), from, to).status).toBe('unreachable');
  });

  test('a disc-shaped bound: a square holding the disc of radius r blocks at least what CSpace blocks, a square inside it at most', () => {
    fc.assert(fc.property(planArb, fc.integer({ min: 50, max: 500 }), fc.integer({ min: 1, max: 8 }), (spec, rmm, K) => {
      const plan = new FloorPlan(spec), r = rmm / 1000;
      const disc = new CSpace(plan, { resolution: 0.25, radius: r });
      const outer = new FootprintSlices(plan, Footprint.rectangle(2 * r, 2 * r), { resolution: 0.25, headings: K });
      const inner = new FootprintSlices(plan, Footprint.rectangle(Math.SQRT2 * r, Math.SQRT2 * r), { resolution: 0.25, headings: K });
      for (let k = 0; k < K; k++) {
        for (let n = 0; n < disc.grid.size; n++) {
          if (disc.grid.isBlocked(n)) expect(outer.isBlocked(k, n)).toBe(true);
          else expect(inner.isBlocked(k, n)).toBe(false);
        }
      }
    }), { seed: 31_07, numRuns: 40 });
  });

  test('a centred rectangle looks the same turned half a turn; a cart turning about its rear axle does not', () => {
    const plan = apartmentPlan();
    const centred = new FootprintSlices(plan, cart, { resolution: 0.25, headings: 8 });
    for (let k = 0; k < 4; k++) expect(centred.blocked(k + 4)).toEqual(centred.blocked(k));
    const rearAxle = new FootprintSlices(plan, Footprint.rectangle(1, 0.4, 0.2), { resolution: 0.25, headings: 8 });
    expect(rearAxle.blocked(4)).not.toEqual(rearAxle.blocked(0));
  });

  test('headings and bins: bin k is 2 pi k / K, binOf rounds to the nearest and wraps', () => {
    const s = new FootprintSlices(doorPlan, cart, { headings: 8 });
    expect(s.heading(2)).toBeCloseTo(Math.PI / 2, 15);
    expect(s.binOf(Math.PI / 2 + 0.1)).toBe(2);
    expect(s.binOf(-Math.PI / 4)).toBe(7);
    expect(s.binOf(2 * Math.PI)).toBe(0);
    expect(s.binOf(-0.1)).toBe(0);
    expect(new FootprintSlices(doorPlan, cart).headings).toBe(8);
  });

  test('corners given clockwise are kept counter-clockwise; blocked() is a copy', () => {
    const cw = new Footprint([p(-0.5, 0.2), p(0.5, 0.2), p(0.5, -0.2), p(-0.5, -0.2)]);
    expect(cw.vertices).toEqual([p(-0.5, -0.2), p(0.5, -0.2), p(0.5, 0.2), p(-0.5, 0.2)]);
    expect(cw.circumradius).toBeCloseTo(Math.hypot(0.5, 0.2), 15);
    const at = cart.at({ x: 1, y: 1, theta: Math.PI / 2 });
    expect(at.map((q) => [q.x, q.y].map((v) => Math.round(v * 1e9) / 1e9))).toEqual([[1.2, 0.5], [1.2, 1.5], [0.8, 1.5], [0.8, 0.5]]);
    const s = new FootprintSlices(doorPlan, cart, { resolution: 0.5, headings: 2 });
    const copy = s.blocked(0);
    copy.fill(1);
    expect(s.freeCount(0)).toBeGreaterThan(0);
    expect(s.grid(0).size).toBe(64);
  });
});

describe('bad input is an InputError', () => {
  const plan = new FloorPlan({ width: 2, height: 2, walls: [], doors: [], rooms: [] });
  const err = (f: () => unknown, re: RegExp) => {
    let caught: unknown;
    try { f(); } catch (e) { caught = e; }
    expect(caught).toBeInstanceOf(InputError);
    expect((caught as Error).message).toMatch(re);
  };
  test('footprints', () => {
    err(() => new Footprint(null as never), /vertices must be an array/);
    err(() => new Footprint([p(0, 0), p(1, 0)]), /3 to 64 corners/);
    err(() => new Footprint([p(0, 0), p(1, 0), p(Number.NaN, 1)]), /vertices\[2\]/);
    err(() => new Footprint([p(0, 0), p(1, 0), p(2, 0)]), /one line/);
    err(() => new Footprint([p(0, 0), p(1, 0), p(1, 0), p(0, 1)]), /same point/);
    err(() => new Footprint([p(0, 0), p(2, 0), p(1, 0.2), p(1, 2)]), /not convex/);
    const star = [0, 2, 4, 1, 3].map((i) => p(Math.cos((2 * Math.PI * i) / 5), Math.sin((2 * Math.PI * i) / 5)));
    err(() => new Footprint(star), /crosses itself/);
    err(() => Footprint.rectangle(0, 1), /length/);
    err(() => Footprint.rectangle(1, -1), /width/);
    err(() => Footprint.rectangle(1, 1, Number.NaN), /rear/);
  });
  test('slices, bins and poses', () => {
    const cart = Footprint.rectangle(1, 0.4);
    err(() => new FootprintSlices(plan, cart, { headings: 0 }), /headings/);
    err(() => new FootprintSlices(plan, cart, { headings: 2.5 }), /headings/);
    err(() => new FootprintSlices(plan, cart, { headings: 721 }), /headings/);
    err(() => new FootprintSlices(plan, cart, { radius: 0.2 } as never), /unknown option "radius"/);
    err(() => new FootprintSlices(plan, { vertices: [] } as never), /footprint must be a Footprint/);
    err(() => new FootprintSlices({} as never, cart), /FootprintSlices: plan must be a FloorPlan/);
    err(() => new FootprintSlices(plan, cart, { resolution: 0.3 }), /FootprintSlices: the region's width/);
    err(() => new FootprintSlices(plan, cart, { diagonalCost: -1 }), /diagonalCost/);
    const s = new FootprintSlices(plan, cart, { headings: 4 });
    err(() => s.isBlocked(4, 0), /k must be a heading bin/);
    err(() => s.isBlocked(-1, 0), /k must be a heading bin/);
    err(() => s.isBlocked(0, 16), /cell must be an integer/);
    err(() => s.heading(0.5), /heading bin/);
    err(() => s.binOf(Number.NaN), /theta/);
    err(() => footprintHits(plan, cart, { x: 0, y: 0 } as never), /pose/);
    err(() => cart.at({ x: 0, y: Infinity, theta: 0 }), /pose/);
  });
});
