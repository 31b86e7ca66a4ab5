// The costmap that carries its own shape (src/costmap/costmap.ts): what
// makeCostmap accepts and refuses, field by field, and withRowOrder.
import { describe, expect, test } from 'vitest';
import { InputError } from '#bestfirst';
import { MAX_GRID_CELLS } from '#bestfirst/grid';
import { makeCostmap, withRowOrder, type CostmapShape } from '#bestfirst/costmap';

const SHAPE: CostmapShape = { width: 3, height: 2, resolution: 0.05, rowOrder: 'bottom-up' };
const bytes = () => Uint8Array.of(1, 2, 3, 4, 5, 6);

describe('makeCostmap', () => {
  test('a checked, frozen costmap sharing the bytes; the origin is kept when given, as a copy', () => {
    const cost = bytes();
    const c = makeCostmap(cost, SHAPE);
    expect(c).toEqual({ ...SHAPE, cost });
    expect(c.cost).toBe(cost);
    expect('origin' in c).toBe(false);
    expect(Object.isFrozen(c)).toBe(true);
    const origin = { x: -10, y: 2.5, yaw: 0 };
    const o = makeCostmap(cost, { ...SHAPE, rowOrder: 'top-down', origin });
    expect(o.origin).toEqual(origin);
    expect(o.origin).not.toBe(origin);
    expect(o.rowOrder).toBe('top-down');
    expect(makeCostmap(new Uint8Array(1), { width: 1, height: 1, resolution: 1e-3, rowOrder: 'top-down', origin: undefined }).width).toBe(1);
  });

  const big = Math.ceil(Math.sqrt(MAX_GRID_CELLS)) + 1;
  const refusals: [string, () => unknown, RegExp][] = [
    ['width 0', () => makeCostmap(bytes(), { ...SHAPE, width: 0 }), /makeCostmap: shape.width must be a whole number >= 1, got 0/],
    ['width 1.5', () => makeCostmap(bytes(), { ...SHAPE, width: 1.5 }), /shape.width must be a whole number >= 1, got 1.5/],
    ["width '3'", () => makeCostmap(bytes(), { ...SHAPE, width: '3' as never }), /shape.width must be a whole number >= 1, got "3"/],
    ['height missing', () => makeCostmap(bytes(), { ...SHAPE, height: undefined as never }), /shape.height must be a whole number >= 1, got undefined/],
    ['height -2', () => makeCostmap(bytes(), { ...SHAPE, height: -2 }), /shape.height must be a whole number >= 1, got -2/],
    ['too many cells', () => makeCostmap(bytes(), { ...SHAPE, width: big, height: big }), new RegExp(`shape.width x shape.height = ${big} x ${big} is more than ${MAX_GRID_CELLS} cells`)],
    ['resolution 0', () => makeCostmap(bytes(), { ...SHAPE, resolution: 0 }), /shape.resolution must be a finite number > 0 \(metres per cell\), got 0/],
    ['resolution NaN', () => makeCostmap(bytes(), { ...SHAPE, resolution: Number.NaN }), /shape.resolution .* got NaN/],
    ['resolution Infinity', () => makeCostmap(bytes(), { ...SHAPE, resolution: Infinity }), /shape.resolution .* got Infinity/],
    ['resolution missing', () => makeCostmap(bytes(), { ...SHAPE, resolution: undefined as never }), /shape.resolution .* got undefined/],
    ['rowOrder missing', () => makeCostmap(bytes(), { ...SHAPE, rowOrder: undefined as never }), /shape.rowOrder must be 'bottom-up' \(row 0 the bottom, ROS order\) or 'top-down' \(row 0 the top, as Grid ids\), got undefined/],
    ["rowOrder 'bottom'", () => makeCostmap(bytes(), { ...SHAPE, rowOrder: 'bottom' as never }), /shape.rowOrder .* got "bottom"/],
    ['rowOrder true', () => makeCostmap(bytes(), { ...SHAPE, rowOrder: true as never }), /shape.rowOrder .* got true/],
    ['origin null', () => makeCostmap(bytes(), { ...SHAPE, origin: null as never }), /shape.origin must be \{ x, y, yaw \} of finite numbers \(metres, metres, radians\), or left out, got null/],
    ['origin without yaw', () => makeCostmap(bytes(), { ...SHAPE, origin: { x: 0, y: 0 } as never }), /shape.origin .* got \{"x":0,"y":0\}/],
    ['origin x Infinity', () => makeCostmap(bytes(), { ...SHAPE, origin: { x: Infinity, y: 0, yaw: 0 } }), /shape.origin must be/],
    ['an unknown field', () => makeCostmap(bytes(), { ...SHAPE, bottomUp: true } as never), /makeCostmap: unknown field "bottomUp" \(allowed: width, height, resolution, rowOrder, origin\)/],
    ['no shape', () => makeCostmap(bytes(), undefined as never), /makeCostmap: shape must be an object \{ width, height, resolution, rowOrder, origin\? \}, got undefined/],
    ['cost short', () => makeCostmap(new Uint8Array(5), SHAPE), /makeCostmap: cost must be a Uint8Array of 3 x 2 = 6 bytes, got a Uint8Array of 5/],
    ['cost a plain array', () => makeCostmap([1, 2, 3, 4, 5, 6] as never, SHAPE), /cost must be a Uint8Array .* got an array of 6/],
    ['cost an Int8Array', () => makeCostmap(new Int8Array(6) as never, SHAPE), /cost must be a Uint8Array .* got an Int8Array/],
  ];
  test.each(refusals)('%s is an InputError naming the field, the value and what is allowed', (_label, f, message) => {
    expect(f).toThrow(InputError);
    expect(f).toThrow(message);
  });
});

describe('withRowOrder', () => {
  test('turns the rows over into the order asked, and shares the bytes when they already are in it', () => {
    const up = makeCostmap(bytes(), { ...SHAPE, origin: { x: 1, y: 2, yaw: 0 } });
    const down = withRowOrder(up, 'top-down');
    expect(Array.from(down.cost)).toEqual([4, 5, 6, 1, 2, 3]);
    expect(down).toMatchObject({ width: 3, height: 2, resolution: 0.05, rowOrder: 'top-down', origin: { x: 1, y: 2, yaw: 0 } });
    expect(Array.from(up.cost)).toEqual([1, 2, 3, 4, 5, 6]); // untouched
    expect(Array.from(withRowOrder(down, 'bottom-up').cost)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(withRowOrder(up, 'bottom-up').cost).toBe(up.cost);
  });

  test('refuses a bad costmap or row order', () => {
    expect(() => withRowOrder(bytes() as never, 'top-down')).toThrow(/withRowOrder: costmap must be a Costmap/);
    expect(() => withRowOrder(makeCostmap(bytes(), SHAPE), 'up' as never)).toThrow(/withRowOrder: rowOrder must be 'bottom-up' .* got "up"/);
    expect(() => withRowOrder(makeCostmap(bytes(), SHAPE), 'up' as never)).toThrow(InputError);
  });
});
