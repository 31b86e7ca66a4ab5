import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { InputError } from '#bestfirst';
import { INSCRIBED, LETHAL, makeCostmap, NO_INFORMATION, type Costmap, type RowOrder } from '#bestfirst/costmap';
import { Footprint } from '#bestfirst/cspace';
import { FootprintChecker, parseFootprint, type Pose } from '#bestfirst/kinematic';

type P = { x: number; y: number };

/** Sutherland-Hodgman: `subject` clipped by the convex counter-clockwise `clip`; then its area (shoelace). */
function overlapArea(subject: P[], clip: P[]): number {
  let out = subject;
  for (let i = 0; i < clip.length && out.length > 0; i++) {
    const a = clip[i], b = clip[(i + 1) % clip.length];
    const side = (q: P) => (b.x - a.x) * (q.y - a.y) - (b.y - a.y) * (q.x - a.x);
    const input = out;
    out = [];
    for (let j = 0; j < input.length; j++) {
      const cur = input[j], prev = input[(j + input.length - 1) % input.length], sc = side(cur), sp = side(prev);
      const cut = () => { const t = sp / (sp - sc); return { x: prev.x + (cur.x - prev.x) * t, y: prev.y + (cur.y - prev.y) * t }; };
      if (sc >= 0) { if (sp < 0) out.push(cut()); out.push(cur); } else if (sp >= 0) out.push(cut());
    }
  }
  let s = 0;
  for (let i = 0; i < out.length; i++) { const p = out[i], q = out[(i + 1) % out.length]; s += p.x * q.y - q.x * p.y; }
  return Math.abs(s) / 2;
}

/** The footprint's corners at `pose`, in world metres, turned here with the textbook rotation. */
function corners(f: Footprint, pose: Pose): P[] {
  return f.vertices.map((v) => ({ x: pose.x + v.x * Math.cos(pose.theta) - v.y * Math.sin(pose.theta), y: pose.y + v.x * Math.sin(pose.theta) + v.y * Math.cos(pose.theta) }));
}

/** A cell's square in world metres (the map's origin and yaw applied here), counter-clockwise. */
function cellSquare(m: Costmap, col: number, rowFromBottom: number): P[] {
  const o = m.origin ?? { x: 0, y: 0, yaw: 0 }, r = m.resolution;
  return [[0, 0], [1, 0], [1, 1], [0, 1]].map(([a, b]) => {
    const lx = (col + a) * r, ly = (rowFromBottom + b) * r;
    return { x: o.x + lx * Math.cos(o.yaw) - ly * Math.sin(o.yaw), y: o.y + lx * Math.sin(o.yaw) + ly * Math.cos(o.yaw) };
  });
}

/** The reference: every cell whose square shares area with the robot, by clipping (a disc: the nearest point of the square within the radius). */
function reference(m: Costmap, robot: Footprint | number, pose: Pose): { cells: number[]; offMap: boolean } {
  const cells: number[] = [];
  let offMap = false;
  const pad = Math.ceil((typeof robot === 'number' ? robot : robot.circumradius) / m.resolution) + 3;
  const o = m.origin ?? { x: 0, y: 0, yaw: 0 };
  const lx = ((pose.x - o.x) * Math.cos(o.yaw) + (pose.y - o.y) * Math.sin(o.yaw)) / m.resolution;
  const ly = (-(pose.x - o.x) * Math.sin(o.yaw) + (pose.y - o.y) * Math.cos(o.yaw)) / m.resolution;
  for (let r = Math.floor(ly) - pad; r <= Math.floor(ly) + pad; r++) {
    for (let c = Math.floor(lx) - pad; c <= Math.floor(lx) + pad; c++) {
      let inside: boolean;
      if (typeof robot === 'number') {
        const nx = Math.min(Math.max(lx, c), c + 1), ny = Math.min(Math.max(ly, r), r + 1);
        inside = Math.hypot(nx - lx, ny - ly) * m.resolution < robot;
      } else {
        inside = overlapArea(cellSquare(m, c, r), corners(robot, pose)) > 1e-12;
      }
      if (!inside) continue;
      if (c < 0 || r < 0 || c >= m.width || r >= m.height) offMap = true;
      else cells.push((m.rowOrder === 'bottom-up' ? r : m.height - 1 - r) * m.width + c);
    }
  }
  return { cells, offMap };
}

/** A random costmap, a robot and poses, all from one seed (drawn evenly). */
const world = fc.record({ seed: fc.integer({ min: 1, max: 2147483646 }), rowOrder: fc.constantFrom<RowOrder>('bottom-up', 'top-down'), yawed: fc.boolean(), disc: fc.boolean() }).map(({ seed, rowOrder, yawed, disc }) => {
  let s = seed;
  const u = () => { s = (s * 16807) % 2147483647; return s / 2147483647; };
  const width = 8 + Math.floor(u() * 12), height = 8 + Math.floor(u() * 12), resolution = 0.05 + u() * 0.2;
  const cost = Uint8Array.from({ length: width * height }, () => { const v = u(); return v < 0.08 ? LETHAL : v < 0.12 ? INSCRIBED : v < 0.15 ? NO_INFORMATION : Math.floor(u() * 253); });
  const origin = { x: u() * 4 - 2, y: u() * 4 - 2, yaw: yawed ? u() * 6 - 3 : 0 };
  const costmap = makeCostmap(cost, { width, height, resolution, rowOrder, origin });
  // A convex polygon: corners at sorted random angles around the reference point (which it may or may not contain).
  const k = 3 + Math.floor(u() * 5), size = resolution * (1 + u() * 4);
  const angles = Array.from({ length: k }, (_, i) => (2 * Math.PI * (i + 0.2 + 0.6 * u())) / k);
  const shift = { x: (u() - 0.5) * size, y: (u() - 0.5) * size };
  const robot: Footprint | number = disc ? size * 0.8 : new Footprint(angles.map((a) => ({ x: shift.x + size * Math.cos(a), y: shift.y + size * 0.7 * Math.sin(a) })));
  const poses: Pose[] = Array.from({ length: 40 }, () => {
    const lx = (u() * 1.2 - 0.1) * width * resolution, ly = (u() * 1.2 - 0.1) * height * resolution;
    // Half the headings on a bin (the kept outlines), half anywhere.
    const theta = u() < 0.5 ? Math.round(u() * 72) * (2 * Math.PI / 72) : u() * 8 - 4;
    return { x: origin.x + lx * Math.cos(origin.yaw) - ly * Math.sin(origin.yaw), y: origin.y + lx * Math.sin(origin.yaw) + ly * Math.cos(origin.yaw), theta };
  });
  return { costmap, robot, poses, blockedAt: u() < 0.5 ? LETHAL : INSCRIBED, allowUnknown: u() < 0.5 };
});

describe('FootprintChecker against exact polygon-cell overlap', () => {
  test('the cells under the robot, and the verdict, on random costmaps, robots and poses', () => {
    fc.assert(fc.property(world, ({ costmap, robot, poses, blockedAt, allowUnknown }) => {
      const checker = new FootprintChecker(costmap, robot, { blockedAt, allowUnknown });
      for (const pose of poses) {
        const ref = reference(costmap, robot, pose);
        expect(checker.cellsUnder(pose).sort((a, b) => a - b)).toEqual(ref.cells.sort((a, b) => a - b));
        const blocked = ref.offMap || ref.cells.some((i) => (costmap.cost[i] === NO_INFORMATION ? !allowUnknown : costmap.cost[i] >= blockedAt));
        expect(checker.collides(pose)).toBe(blocked);
      }
    }), { seed: 32, numRuns: 150 });
  });

  test('the shortcuts answer without reading the cells, and agree with reading them', () => {
    const cost = new Uint8Array(40 * 40);
    cost[20 * 40 + 20] = LETHAL;
    const m = makeCostmap(cost, { width: 40, height: 40, resolution: 0.1, rowOrder: 'bottom-up' });
    const box = Footprint.rectangle(0.6, 0.4);
    const checker = new FootprintChecker(m, box);
    expect(checker.inscribedRadius).toBeCloseTo(0.2, 12);
    expect(checker.collides({ x: 2.05, y: 2.05, theta: 0.3 })).toBe(true); // on the obstacle: inside the inscribed disc
    expect(checker.collides({ x: 3.5, y: 3.5, theta: 1 })).toBe(false); // far beyond the circumscribed radius
    expect(checker.collides({ x: 2.05, y: 2.4, theta: 0 })).toBe(false); // beside it, the long side along x, 0.35 m off: clear
    expect(checker.collides({ x: 2.05, y: 2.4, theta: Math.PI / 2 })).toBe(true); // turned, the rectangle reaches 0.3 m: the cell's edge is at 0.3
    expect(checker.collides({ x: 0.1, y: 2, theta: 0 })).toBe(true); // over the map's edge
  });
});

describe('parseFootprint: Nav2 footprint strings', () => {
  test('reads them, in either turning order, spaces or none', () => {
    const f = parseFootprint('[[0.3, 0.2], [0.3, -0.2], [-0.3, -0.2], [-0.3, 0.2]]');
    expect(f.vertices).toHaveLength(4);
    expect(f.circumradius).toBeCloseTo(Math.hypot(0.3, 0.2), 12);
    expect(parseFootprint('[[-.3,-.2],[.3,-.2],[.3,.2],[-.3,.2]]').circumradius).toBeCloseTo(f.circumradius, 12);
    expect(parseFootprint(' [ [1e-1, 0], [0, 1E-1], [-0.1, 0] ] ').vertices).toHaveLength(3);
  });
  test('bad strings are InputErrors that say where', () => {
    const bad: [unknown, RegExp][] = [
      [42, /must be a string/], ['', /expected '\['.*column 1/], ['[[0.3, 0.2], [0.3, -0.2]]', /at least 3 corners/],
      ['[[0.3, 0.2], [0.3 -0.2], [0, 0]]', /expected ','.*column 19/], ['[[0.3, 0.2], [0.3, x], [0, 0]]', /expected a number/],
      ['[[0.3, 0.2], [0.3, -0.2], [-0.3, -0.2], [-0.3, 0.2]] extra', /unexpected 'e'/], ['[[0.3, 0.2], [0.3, -0.2], [-0.3, -0.2], [-0.3, 0.2]', /found the end/],
      ['[[0, 0], [1, 0], [0, 1], [1, 1]]', /not convex|crosses itself/], ['[[0, 0], [1, 0], [2, 0]]', /one line/],
    ];
    for (const [text, why] of bad) {
      expect(() => parseFootprint(text as string)).toThrow(InputError);
      expect(() => parseFootprint(text as string)).toThrow(why);
    }
  });
  test('bad options and robots are InputErrors', () => {
    const m = makeCostmap(new Uint8Array(4), { width: 2, height: 2, resolution: 1, rowOrder: 'bottom-up' });
    expect(() => new FootprintChecker(m, 0)).toThrow(/robot must be a Footprint .* or a radius in metres > 0/);
    expect(() => new FootprintChecker(m, '[[0,0]]' as unknown as number)).toThrow(/robot must be/);
    expect(() => new FootprintChecker(m, 1, { blockedAt: 255 })).toThrow(/blockedAt must be a whole number 1..254/);
    expect(() => new FootprintChecker(m, 1, { headings: 0 })).toThrow(/headings must be a whole number/);
    expect(() => new FootprintChecker(m, 1, { allowUnknown: 1 as unknown as boolean })).toThrow(/allowUnknown must be true or false/);
    expect(() => new FootprintChecker(m, 1, { bins: 3 } as object)).toThrow(/unknown option "bins"/);
    expect(() => new FootprintChecker({} as Costmap, 1)).toThrow(InputError);
    expect(() => new FootprintChecker(m, 1).collides({ x: 0, y: 0 } as Pose)).toThrow(/pose must be a pose/);
  });
});
