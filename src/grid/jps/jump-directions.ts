import { DX, DY } from '../grid.js';

/**
 * The direction tables of the jump point searches (online and JPS+), over
 * the direction index k of grid.ts (0 E, 1 S, 2 W, 3 N, 4 SE, 5 SW, 6 NW,
 * 7 NE), for a raster whose rows are `stride` cells apart.
 */
export interface JumpDirections {
  /** One step in direction k, as an id offset. */
  readonly off: Int32Array;
  /** Straight k: its two perpendicular directions. */
  readonly sideA: Uint8Array;
  readonly sideB: Uint8Array;
  /** Diagonal k: its across and its up/down part. */
  readonly horiz: Uint8Array;
  readonly vert: Uint8Array;
  /** join[a * 4 + b]: the diagonal made of straight directions a and b. */
  readonly join: Uint8Array;
}

/** The tables for row stride `stride`. */
export function jumpDirections(stride: number): JumpDirections {
  const off = new Int32Array(8), sideA = new Uint8Array(4), sideB = new Uint8Array(4);
  const horiz = new Uint8Array(8), vert = new Uint8Array(8), join = new Uint8Array(16);
  for (let k = 0; k < 8; k++) off[k] = DX[k] + DY[k] * stride;
  for (let k = 4; k < 8; k++) {
    const h = DX[k] > 0 ? 0 : 2, v = DY[k] > 0 ? 1 : 3;
    horiz[k] = h;
    vert[k] = v;
    join[h * 4 + v] = k;
    join[v * 4 + h] = k;
  }
  for (let k = 0; k < 4; k++) {
    const across = DY[k] === 0;
    sideA[k] = across ? 1 : 0;
    sideB[k] = across ? 3 : 2;
  }
  return { off, sideA, sideB, horiz, vert, join };
}
