import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { InputError } from '#bestfirst';
import { cellAt, cellCentre, CSpace, distanceToBox, FloorPlan, type FloorPlanSpec, type RasterFrame } from '#bestfirst/cspace';

const p = (x: number, y: number) => ({ x, y });

/** A 3 x 3 m plan with one wall and nothing else, for hand-computed cells. */
function oneWall(a: { x: number; y: number }, b: { x: number; y: number }, thickness: number, doors: FloorPlanSpec['doors'] = []): CSpace {
  return new CSpace(new FloorPlan({ width: 3, height: 3, walls: [{ name: 'w', a, b, thickness }], doors, rooms: [] }));
}

/** The cell whose centre is (x, y) metres. */
const at = (c: CSpace, x: number, y: number) => c.cellAt(p(x, y));

describe('the boundary rule: blocked iff the centre is closer than r = 0.25 m to a wall', () => {
  test('a centre exactly 0.25 m from a wall face is free, 0.24 m is blocked', () => {
    // Wall along y = 1 (centre line); the cell centred at y = 1.75 sees the face at 1 + t/2.
    const touching = oneWall(p(0, 1), p(3, 1), 1.0); // face at 1.5: distance 0.25
    const overlapping = oneWall(p(0, 1), p(3, 1), 1.02); // face at 1.51: distance 0.24
    expect(touching.plan.clearance(p(1.25, 1.75))).toBeCloseTo(0.25, 12);
    expect(overlapping.plan.clearance(p(1.25, 1.75))).toBeCloseTo(0.24, 12);
    expect(touching.grid.isBlocked(at(touching, 1.25, 1.75))).toBe(false);
    expect(overlapping.grid.isBlocked(at(overlapping, 1.25, 1.75))).toBe(true);
  });

  test('near a wall end (corner) the distance is to the corner, not to the line', () => {
    // Wall from (0,1) to (1,1), 0.1 m thick: its east end is the square end x = 1.
    const c = oneWall(p(0, 1), p(1, 1), 0.1);
    // (0.75, 1.25): above the wall, 0.2 m from its face: blocked.
    expect(c.grid.isBlocked(at(c, 0.75, 1.25))).toBe(true);
    // (1.25, 1.25): past the end, diagonal to the corner (1, 1.05): hypot(0.25, 0.2) = 0.32 m: free.
    expect(c.plan.clearance(p(1.25, 1.25))).toBeCloseTo(Math.hypot(0.25, 0.2), 12);
    expect(c.grid.isBlocked(at(c, 1.25, 1.25))).toBe(false);
    // (1.25, 0.75): the same by symmetry, below.
    expect(c.grid.isBlocked(at(c, 1.25, 0.75))).toBe(false);
    // An L corner: add a wall going north from the end; (1.25, 1.25) is now 0.2 m from it.
    const l = new CSpace(new FloorPlan({
      width: 3, height: 3,
      walls: [{ name: 'w', a: p(0, 1), b: p(1, 1), thickness: 0.1 }, { name: 'n', a: p(1, 1), b: p(1, 3), thickness: 0.1 }],
      doors: [], rooms: [],
    }));
    expect(l.grid.isBlocked(at(l, 1.25, 1.25))).toBe(true);
    expect(l.grid.isBlocked(at(l, 1.75, 1.75))).toBe(false);
    expect(l.grid.isBlocked(at(l, 1.25, 0.75))).toBe(false); // diagonal to the outer corner (1.05, 0.95): hypot(0.2, 0.2) = 0.28
  });

  test('a door jamb: the opening cell is free exactly when both jambs are at least 0.25 m away', () => {
    // Wall on the cell-centre line y = 1.25, door centred at x = 1.25.
    const wide = oneWall(p(0, 1.25), p(3, 1.25), 0.1, [{ name: 'd', at: p(1.25, 1.25), width: 0.5 }]); // jambs 0.25 m from the centre
    const narrow = oneWall(p(0, 1.25), p(3, 1.25), 0.1, [{ name: 'd', at: p(1.25, 1.25), width: 0.48 }]); // 0.24 m
    expect(wide.grid.isBlocked(at(wide, 1.25, 1.25))).toBe(false);
    expect(narrow.grid.isBlocked(at(narrow, 1.25, 1.25))).toBe(true);
    // The cells beside the opening are in the wall.
    expect(wide.grid.isBlocked(at(wide, 0.75, 1.25))).toBe(true);
    expect(wide.grid.isBlocked(at(wide, 1.75, 1.25))).toBe(true);
    // A 0.9 m door: (1.25, 1.25) is 0.45 m from each jamb and is the door's one cell; the cell north-west of it is 0.45 m from the face: free.
    const door = oneWall(p(0, 1.25), p(3, 1.25), 0.1, [{ name: 'd', at: p(1.25, 1.25), width: 0.9 }]);
    expect(door.doorCells('d')).toEqual([at(door, 1.25, 1.25)]);
    expect(door.grid.isBlocked(at(door, 0.75, 1.75))).toBe(false);
    // Closed, the door is wall: its cell is blocked, and doorCells still names it.
    const shut = new CSpace(door.plan.withDoors({ d: false }));
    expect(shut.grid.isBlocked(at(shut, 1.25, 1.25))).toBe(true);
    expect(shut.doorCells('d')).toEqual([at(door, 1.25, 1.25)]);
  });

  test('distanceToBox is exact for a rotated wall', () => {
    const c = new FloorPlan({ width: 3, height: 3, walls: [{ name: 'diag', a: p(0, 0), b: p(2, 2), thickness: 0.2 }], doors: [], rooms: [] });
    // The point (2, 0) is sqrt(2) from the centre line, minus half the thickness.
    expect(c.clearance(p(2, 0))).toBeCloseTo(Math.SQRT2 - 0.1, 12);
    expect(distanceToBox(p(1, 1), c.solids[0])).toBe(0);
  });
});

describe('metres <-> cells (x east, y north <-> column, row from the top)', () => {
  const frame: RasterFrame = { x0: 0, y0: 0, resolution: 0.5, width: 24, height: 16 };

  test('the flip: the south-west cell is the last row, the north-east the first', () => {
    expect(cellAt(frame, p(0.1, 0.1))).toBe(15 * 24 + 0);
    expect(cellAt(frame, p(11.9, 7.9))).toBe(0 * 24 + 23);
    expect(cellCentre(frame, 15 * 24)).toEqual(p(0.25, 0.25));
    expect(cellCentre(frame, 23)).toEqual(p(11.75, 7.75));
    // North is up: one cell north is one row up (id - width).
    expect(cellAt(frame, p(1.75, 1.75))).toBe(cellAt(frame, p(1.75, 1.25)) - 24);
    // Boundaries go east / north, except the frame's own far edges.
    expect(cellAt(frame, p(0.5, 0.2))).toBe(15 * 24 + 1);
    expect(cellAt(frame, p(12, 8))).toBe(23);
  });

  test('cell -> centre -> cell is the identity on every cell', () => {
    for (let n = 0; n < frame.width * frame.height; n++) expect(cellAt(frame, cellCentre(frame, n))).toBe(n);
  });

  test('point -> cell -> centre lands within half a cell, in a frame with an offset (fast-check, seed 5)', () => {
    const f2: RasterFrame = { x0: 2, y0: -1, resolution: 0.25, width: 10, height: 7 };
    fc.assert(
      fc.property(fc.double({ min: 2, max: 4.5, noNaN: true }), fc.double({ min: -1, max: 0.75, noNaN: true }), (x, y) => {
        const c = cellCentre(f2, cellAt(f2, p(x, y)));
        return Math.abs(c.x - x) <= 0.125 + 1e-12 && Math.abs(c.y - y) <= 0.125 + 1e-12;
      }),
      { seed: 5, numRuns: 500 },
    );
  });

  test('outside the frame is an error naming the point', () => {
    expect(() => cellAt(frame, p(-0.1, 1))).toThrow(/\(-0\.1, 1\) m is outside the raster/);
    expect(() => cellAt(frame, p(1, 8.01))).toThrow(RangeError);
    expect(() => cellCentre(frame, 384)).toThrow(/0\.\.383/);
  });
});

describe('bad geometry is a RangeError naming the thing and the value', () => {
  const base: FloorPlanSpec = {
    width: 4, height: 3,
    walls: [{ name: 'south', a: p(0, 0), b: p(4, 0), thickness: 0.1 }, { name: 'mid', a: p(2, 0), b: p(2, 3), thickness: 0.1 }],
    doors: [{ name: 'd1', at: p(2, 1), width: 0.8 }],
    rooms: [{ name: 'west', min: p(0, 0), max: p(2, 3), label: p(1, 1.5) }],
  };
  const bad = (patch: Partial<FloorPlanSpec>) => () => new FloorPlan({ ...base, ...patch });

  test('the base plan is fine', () => {
    expect(new FloorPlan(base).doors[0]).toMatchObject({ wall: 'mid', from: 0.6, to: 1.4, open: true });
  });
  test('walls', () => {
    expect(bad({ walls: [...base.walls, { name: 'dot', a: p(1, 1), b: p(1, 1), thickness: 0.1 }] })).toThrow(/wall "dot" is degenerate/);
    expect(bad({ walls: [...base.walls, { name: 'thin', a: p(1, 1), b: p(1, 2), thickness: 0 }] })).toThrow(/wall "thin": thickness must be .* got 0/);
    expect(bad({ walls: [...base.walls, { name: 'out', a: p(1, 1), b: p(5, 1), thickness: 0.1 }] })).toThrow(/wall "out" .* leaves the plan's extent/);
    expect(bad({ walls: [...base.walls, { name: 'nan', a: p(NaN, 1), b: p(1, 1), thickness: 0.1 }] })).toThrow(/wall "nan": a must be a point/);
    expect(bad({ walls: [...base.walls, { name: 'mid', a: p(3, 0), b: p(3, 1), thickness: 0.1 }] })).toThrow(/two walls are named "mid"/);
  });
  test('doors', () => {
    expect(bad({ doors: [{ name: 'float', at: p(1, 1), width: 0.8 }] })).toThrow(/door "float" at \(1, 1\) is not on any wall/);
    expect(bad({ doors: [{ name: 'end', at: p(2, 2.8), width: 0.8 }] })).toThrow(/door "end" .* runs past the end of wall "mid"/);
    expect(bad({ doors: [...base.doors, { name: 'd2', at: p(2, 1.5), width: 0.8 }] })).toThrow(/door "d2" .* overlaps door "d1"/);
    expect(bad({ doors: [{ name: 'joint', at: p(2, 0), width: 0.8 }] })).toThrow(/door "joint" .* sits where walls "south" and "mid" meet/);
    expect(bad({ doors: [{ name: 'zero', at: p(2, 1), width: -1 }] })).toThrow(/door "zero": width .* got -1/);
    // Doors that only touch are fine.
    expect(() => new FloorPlan({ ...base, doors: [...base.doors, { name: 'd2', at: p(2, 1.8), width: 0.8 }] })).not.toThrow();
  });
  test('rooms', () => {
    expect(bad({ rooms: [{ name: 'out', min: p(3, 0), max: p(5, 3), label: p(3.5, 1) }] })).toThrow(/room "out" .* lies outside the plan's extent/);
    expect(bad({ rooms: [{ name: 'flat', min: p(0, 1), max: p(2, 1), label: p(1, 1) }] })).toThrow(/room "flat": min .* must lie south-west of max/);
    expect(bad({ rooms: [{ name: 'lost', min: p(0, 0), max: p(2, 3), label: p(3, 1) }] })).toThrow(/room "lost": label \(3, 1\) is outside the room/);
  });
  test('raster options', () => {
    const plan = new FloorPlan(base);
    expect(() => new CSpace(plan, { resolution: 0 })).toThrow(/resolution must be .* got 0/);
    expect(() => new CSpace(plan, { resolution: NaN })).toThrow(/resolution .* got NaN/);
    expect(() => new CSpace(plan, { resolution: 0.7 })).toThrow(/width 4 m is not a whole number of 0.7 m cells/);
    expect(() => new CSpace(plan, { radius: -0.1 })).toThrow(/radius must be .* got -0.1/);
    expect(() => new CSpace(plan, { region: { min: p(0, 0), max: p(5, 3) } })).toThrow(/region .* must be a non-empty rectangle inside the plan/);
    expect(() => plan.withDoors({ nope: false })).toThrow(/no door named "nope" \(doors: d1\)/);
  });
});

describe('specs of the wrong shape and rasters too large: an InputError naming the field', () => {
  const base: FloorPlanSpec = {
    width: 4, height: 3,
    walls: [{ name: 'mid', a: p(2, 0), b: p(2, 3), thickness: 0.1 }],
    doors: [{ name: 'd1', at: p(2, 1), width: 0.8 }],
    rooms: [],
  };
  const plan = (spec: unknown) => () => new FloorPlan(spec as FloorPlanSpec);

  test('missing, misspelt or mistyped fields of the plan', () => {
    expect(plan({ ...base, walls: undefined })).toThrow(InputError);
    expect(plan({ ...base, walls: undefined })).toThrow(/FloorPlan: walls must be an array \(empty for none\), got undefined/);
    expect(plan({ width: 4, height: 3, walls: [], rooms: [] })).toThrow(/FloorPlan: doors must be an array/);
    expect(plan(null)).toThrow(/FloorPlan must be the spec \{ width, height, walls, doors, rooms \}, got null/);
    expect(plan({ ...base, wals: [] })).toThrow(/FloorPlan: unknown field "wals" \(allowed: width, height, walls, doors, rooms\)/);
    expect(plan({ ...base, width: '4' })).toThrow(/FloorPlan: width must be a finite number of metres > 0, got "4"/);
  });
  test('walls, doors and rooms of the wrong shape', () => {
    expect(plan({ ...base, walls: [null] })).toThrow(/FloorPlan: walls\[0\] must be a wall \{ name, a, b, thickness \}, got null/);
    expect(plan({ ...base, walls: [{ name: 'w', a: p(0, 0), b: p(1, 0), thick: 0.1 }] })).toThrow(/FloorPlan: walls\[0\]: unknown field "thick"/);
    expect(plan({ ...base, walls: [{ name: 'w', a: p(0, 0), b: p(1, 0) }] })).toThrow(/wall "w": thickness must be a finite number of metres > 0, got undefined/);
    expect(plan({ ...base, walls: [{ name: 'w', a: 5, b: p(1, 0), thickness: 0.1 }] })).toThrow(/wall "w": a must be a point \{ x, y \} of finite metres, got 5/);
    expect(plan({ ...base, walls: [{ name: 'w', a: p(NaN, 0), b: p(1, 0), thickness: 0.1 }] })).toThrow(/got \{ x: NaN, y: 0 \}/);
    // A misspelt optional field would have left the door open.
    expect(plan({ ...base, doors: [{ name: 'd1', at: p(2, 1), width: 0.8, opened: false }] })).toThrow(/FloorPlan: doors\[0\]: unknown field "opened" \(allowed: name, at, width, open\)/);
    expect(plan({ ...base, doors: [{ name: 'd1', at: p(2, 1), width: 0.8, open: 'no' }] })).toThrow(/FloorPlan: doors\[0\] \("d1"\): open must be true or false, got "no"/);
    expect(plan({ ...base, rooms: ['kitchen'] })).toThrow(/FloorPlan: rooms\[0\] must be a room \{ name, min, max, label \}, got "kitchen"/);
    expect(plan({ ...base, walls: [{ name: 7, a: p(0, 0), b: p(1, 0), thickness: 0.1 }] })).toThrow(/every wall needs a non-empty name, got 7/);
  });
  test('withDoors takes booleans', () => {
    const fp = new FloorPlan(base);
    expect(() => fp.withDoors({ d1: 'closed' } as never)).toThrow(/withDoors: door "d1" must be true or false, got "closed"/);
    expect(() => fp.withDoors(null as never)).toThrow(/withDoors takes \{ doorName: open \}, got null/);
    expect(fp.withDoors({ d1: false }).door('d1').open).toBe(false);
  });
  test('raster options of the wrong shape', () => {
    const fp = new FloorPlan(base);
    expect(() => new CSpace(base as never)).toThrow(/CSpace: plan must be a FloorPlan \(new FloorPlan\(spec\)\), got {"width":4/);
    expect(() => new CSpace(fp, { resolutoin: 0.25 } as never)).toThrow(/CSpace: unknown option "resolutoin" \(allowed: resolution, radius, region, diagonalCost, diagonalRule\)/);
    expect(() => new CSpace(fp, { region: p(0, 0) } as never)).toThrow(/CSpace: region: unknown field "x"/);
    expect(() => new CSpace(fp, { region: 3 } as never)).toThrow(/CSpace: region must be \{ min, max \}, got 3/);
    expect(() => new CSpace(fp, { resolution: '0.5' } as never)).toThrow(/resolution must be a finite number of metres > 0, got "0\.5"/);
  });
  test('a raster beyond 2^24 cells is refused before anything is allocated, with the limit', () => {
    const apartment = new FloorPlan({ width: 12, height: 8, walls: [], doors: [], rooms: [] });
    // 0.5 mm asks for 24000 x 16000 = 3.84e8 cells; 1e-6 m died with "Invalid typed array length".
    expect(() => new CSpace(apartment, { resolution: 0.0005 })).toThrow(InputError);
    expect(() => new CSpace(apartment, { resolution: 0.0005 })).toThrow(/CSpace: resolution 0\.0005 m makes a raster of 24000 x 16000 = 384000000 cells, more than the 16777216 \(2\^24, 4096 x 4096\) allowed/);
    expect(() => new CSpace(apartment, { resolution: 1e-6 })).toThrow(/more than the 16777216/);
    expect(() => new CSpace(apartment, { resolution: 1e-300 })).toThrow(/more than the 16777216/);
    expect(new CSpace(apartment, { resolution: 0.25 }).grid.size).toBe(48 * 32);
  });
  test('cellAt and cellCentre check their frame', () => {
    expect(() => cellAt({ x0: 0, y0: 0, resolution: 0, width: 2, height: 2 }, p(0, 0))).toThrow(/cellAt: frame must be a raster frame .* got {"x0":0,"y0":0,"resolution":0/);
    expect(() => cellCentre(null as never, 0)).toThrow(/cellCentre: frame must be a raster frame/);
    expect(() => cellCentre({ x0: 0, y0: 0, resolution: 1, width: 2, height: 2 }, '1' as never)).toThrow(/cell must be an integer id in 0\.\.3, got "1"/);
  });
});
