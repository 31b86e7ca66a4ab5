import { InputError, show } from '../core/errors.js';
import { MAX_GRID_CELLS } from '../grid/grid.js';

/**
 * The exact Euclidean distance transform of a raster (Felzenszwalb and
 * Huttenlocher, "Distance transforms of sampled functions", 2012): for every
 * cell, the distance from its centre to the centre of the nearest obstacle
 * cell, in time linear in the number of cells. A first pass finds each
 * cell's nearest obstacle in its own column; a second runs, along each row,
 * the lower envelope of the parabolas `(x - q)^2 + column(q)`. Squared
 * distances are whole numbers, so every answer is exact.
 */

/** Checks a `width x height` 0/1 mask and returns its size. */
export function checkMask(mask: unknown, width: unknown, height: unknown, where: string): number {
  if (typeof width !== 'number' || !Number.isInteger(width) || width < 1 || typeof height !== 'number' || !Number.isInteger(height) || height < 1) {
    throw new InputError(`${where}: width and height must be integers >= 1, got ${show(width)} x ${show(height)}`);
  }
  if (width * height > MAX_GRID_CELLS) {
    throw new InputError(`${where}: width x height = ${width} x ${height} is more than ${MAX_GRID_CELLS} cells`);
  }
  const size = width * height;
  if (!(mask instanceof Uint8Array)) throw new InputError(`${where}: mask must be a Uint8Array of 0 (free) and 1 (obstacle), got ${show(mask)}`);
  if (mask.length !== size) throw new InputError(`${where}: mask has ${mask.length} cells, but ${width} x ${height} needs ${size}`);
  for (let i = 0; i < size; i++) {
    if (mask[i] > 1) throw new InputError(`${where}: mask[${i}] is ${mask[i]}; a mask cell is 0 (free) or 1 (obstacle)`);
  }
  return size;
}

/** The transform on a checked mask: squared distances in cells, Infinity without an obstacle. */
export function squaredDistances(mask: Uint8Array, width: number, height: number): Float64Array {
  const size = width * height;
  const d = new Float64Array(size);
  // Column pass, run a row at a time (rows are contiguous): the vertical
  // distance to the nearest obstacle above, then below.
  for (let x = 0; x < width; x++) d[x] = mask[x] === 1 ? 0 : Infinity;
  for (let y = 1; y < height; y++) {
    const row = y * width, up = row - width;
    for (let x = 0; x < width; x++) d[row + x] = mask[row + x] === 1 ? 0 : d[up + x] + 1;
  }
  for (let y = height - 2; y >= 0; y--) {
    const row = y * width, down = row + width;
    for (let x = 0; x < width; x++) if (d[down + x] + 1 < d[row + x]) d[row + x] = d[down + x] + 1;
  }
  for (let i = 0; i < size; i++) d[i] *= d[i];
  // Row pass: the lower envelope of the parabolas rooted at the row's finite
  // samples (a column without an obstacle roots none, so no Infinity enters
  // the arithmetic). v: the envelope's roots; z: where each takes over.
  const f = new Float64Array(width);
  const v = new Int32Array(width);
  const z = new Float64Array(width + 1);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) f[x] = d[row + x];
    let k = -1;
    for (let q = 0; q < width; q++) {
      const fq = f[q];
      if (fq === Infinity) continue;
      if (k < 0) {
        k = 0; v[0] = q; z[0] = -Infinity; z[1] = Infinity;
        continue;
      }
      let s: number;
      for (;;) {
        const p = v[k];
        s = (fq + q * q - (f[p] + p * p)) / (2 * (q - p));
        // z[0] is -Infinity, so k stays >= 0.
        if (s <= z[k]) k--;
        else break;
      }
      k++;
      v[k] = q; z[k] = s; z[k + 1] = Infinity;
    }
    if (k < 0) {
      for (let x = 0; x < width; x++) d[row + x] = Infinity;
      continue;
    }
    let j = 0;
    for (let q = 0; q < width; q++) {
      while (z[j + 1] < q) j++;
      const p = v[j];
      d[row + q] = (q - p) * (q - p) + f[p];
    }
  }
  return d;
}

/**
 * The squared Euclidean distance transform of a `width x height` mask
 * (`mask[y * width + x]`, 1 an obstacle, 0 free; either row order, the
 * answer keeps the mask's): for every cell the squared distance, in cells,
 * from its centre to the centre of the nearest obstacle cell (0 on an
 * obstacle), or Infinity when the mask has no obstacle. Every value is a
 * whole number, exact. Linear time and memory. A mask that is not a
 * Uint8Array of 0 and 1 of `width * height` cells is an `InputError`.
 */
export function squaredDistanceTransform(mask: Uint8Array, width: number, height: number): Float64Array {
  checkMask(mask, width, height, 'squaredDistanceTransform');
  return squaredDistances(mask, width, height);
}

/**
 * The Euclidean distance transform of a `width x height` mask (as
 * `squaredDistanceTransform` reads it): for every cell the distance from its
 * centre to the centre of the nearest obstacle cell, times `cellSize` (a
 * finite number > 0, default 1: distances in cells; the map's resolution:
 * metres), or Infinity when the mask has no obstacle.
 */
export function distanceTransform(mask: Uint8Array, width: number, height: number, cellSize = 1): Float64Array {
  checkMask(mask, width, height, 'distanceTransform');
  if (typeof cellSize !== 'number' || !Number.isFinite(cellSize) || cellSize <= 0) {
    throw new InputError(`distanceTransform: cellSize must be a finite number > 0, got ${show(cellSize)}`);
  }
  const d = squaredDistances(mask, width, height);
  for (let i = 0; i < d.length; i++) d[i] = Math.sqrt(d[i]) * cellSize;
  return d;
}
