// The weight layer of a Grid: what setWeight, weightOf and the weight floor
// promise, and every way to give a bad weight refused before anything changes.
import { expect, test } from 'vitest';
import { Grid, GridSearcher, InputError, octile, manhattan } from '#bestfirst';

test('weights given at construction: Infinity blocks the cell, costs are length times the weight entered', () => {
  const grid = new Grid(3, 1, undefined, { connectivity: 4, cellSize: 2, weights: [1, 3, Infinity] });
  expect(grid.weighted).toBe(true);
  expect([grid.weightOf(0), grid.weightOf(1), grid.weightOf(2)]).toEqual([1, 3, Infinity]);
  expect(grid.isBlocked(2)).toBe(true);
  expect(grid.stepCost(0, 0)).toBe(6); // into the weight-3 cell: 2 x 3
  expect(grid.stepCost(1, 2)).toBe(2); // back into the weight-1 cell
  expect(grid.stepCost(1, 0)).toBe(-1); // into the lethal cell
  // Freed, the lethal cell weighs 1 (it had no finite weight to keep).
  grid.setBlocked(2, false);
  expect(grid.weightOf(2)).toBe(1);
});

test('setWeight: a finite weight frees the cell, Infinity blocks it and keeps the weight for when it is freed', () => {
  const grid = new Grid(2, 2);
  expect(grid.weighted).toBe(false);
  grid.setWeight(0, 1); // 1 on an unweighted grid: nothing to record
  expect(grid.weighted).toBe(false);
  const v = grid.version;
  grid.setWeight(1, 5);
  expect(grid.weighted).toBe(true);
  expect(grid.version).toBe(v + 1);
  expect(Array.from(grid.weights!)).toEqual([1, 5, 1, 1]);
  grid.setWeight(1, Infinity);
  expect(grid.weightOf(1)).toBe(Infinity);
  grid.setBlocked(1, false);
  expect(grid.weightOf(1)).toBe(5);
  grid.setBlocked(3, true);
  grid.setWeight(3, 2);
  expect([grid.isBlocked(3), grid.weightOf(3)]).toEqual([false, 2]);
});

test('the weight floor follows the smallest weight down and back up, and the heuristics follow it', () => {
  const grid = new Grid(4, 1, undefined, { connectivity: 4, weights: [2, 3, 4, 5] });
  const h = manhattan(grid), o = octile(grid);
  expect(grid.weightFloor).toBe(2);
  expect(h(0, 3)).toBe(6);
  grid.setWeight(2, 0.5);
  expect(grid.weightFloor).toBe(0.5);
  expect(h(0, 3)).toBe(1.5);
  expect(o(0, 3)).toBe(1.5);
  grid.setWeight(2, 4); // the cell that held the smallest is raised: the floor goes back up
  expect(grid.weightFloor).toBe(2);
  expect(h(0, 3)).toBe(6);
  // A direct write, announced: the floor is recomputed.
  grid.weights![1] = 0.25;
  grid.touch([1]);
  expect(grid.weightFloor).toBe(0.25);
  // Blocked cells count too: freeing one must never make the heuristic too high.
  grid.setBlocked(1, true);
  expect(grid.weightFloor).toBe(0.25);
});

test('a stated weightFloor is what the heuristics use, and a weight below it is refused', () => {
  const grid = new Grid(3, 1, undefined, { connectivity: 4, weights: [1, 8, 8], weightFloor: 1 });
  expect(grid.weightFloor).toBe(1);
  expect(() => grid.setWeight(1, 0.5)).toThrow(/below the grid's weightFloor 1/);
  expect(grid.weightOf(1)).toBe(8);
  expect(() => new Grid(2, 1, undefined, { weights: [0.5, 2], weightFloor: 1 })).toThrow(/weights\[0\] \(x=0, y=0\) is 0.5, below the weightFloor 1/);
  expect(() => new Grid(2, 1, undefined, { weightFloor: 2 })).toThrow(/weightFloor 2 is above 1/);
  expect(() => new Grid(2, 1, undefined, { weightFloor: 0 })).toThrow(/weightFloor must be a finite number > 0, got 0/);
  // The floor travels with the options.
  expect(grid.with({ cellSize: 2 }).weightFloor).toBe(1);
});

test('bad weights are refused with the cell and the value, and leave the grid as it was', () => {
  expect(() => new Grid(2, 1, undefined, { weights: [1] })).toThrow(/weights has length 1, expected width \* height = 2/);
  expect(() => new Grid(2, 1, undefined, { weights: [1, 0] })).toThrow(/weights\[1\] \(x=1, y=0\) is 0, expected a finite number > 0, or Infinity/);
  expect(() => new Grid(2, 1, undefined, { weights: [NaN, 1] })).toThrow(/weights\[0\] .* is NaN/);
  expect(() => new Grid(2, 1, undefined, { weights: 'heavy' as unknown as number[] })).toThrow(InputError);
  const grid = new Grid(2, 1, undefined, { weights: [1, 2] });
  const v = grid.version;
  expect(() => grid.setWeight(0, -1)).toThrow(/setWeight: weight must be a finite number > 0, or Infinity/);
  expect(() => grid.setWeight(2, 1)).toThrow(/setWeight: cell must be an id in 0..1/);
  // A bad direct write is refused at touch, before anything changes (the Infinity beside it is not applied).
  grid.weights![0] = Infinity;
  grid.weights![1] = -3;
  expect(() => grid.touch([0, 1])).toThrow(/touch: weights\[1\] \(x=1, y=0\) is -3/);
  expect(grid.isBlocked(0)).toBe(false);
  expect(grid.version).toBe(v);
});

test('options() and with() carry a copy of the weights; searchers see weight edits at their next query', () => {
  const grid = Grid.fromAscii(['....', '....'], { connectivity: 4 });
  const s = new GridSearcher(grid);
  s.search(grid.id(0, 0), grid.id(3, 0));
  expect(s.cost).toBe(3);
  grid.setWeight(grid.id(1, 0), 10);
  s.search(grid.id(0, 0), grid.id(3, 0));
  expect(s.cost).toBe(5); // down, across, up
  const copy = grid.with({});
  expect(copy.weightOf(copy.id(1, 0))).toBe(10);
  copy.setWeight(copy.id(1, 0), 1);
  expect(grid.weightOf(grid.id(1, 0))).toBe(10);
});
