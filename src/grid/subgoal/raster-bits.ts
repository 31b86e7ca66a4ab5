/**
 * A raster's blocked cells as bits (bit c & 7 of byte c >> 3 set where
 * cells[c] is not 0): the copy a preprocessed searcher keeps of the cells
 * its structure was built from, one bit a cell. The grid's own cells may be
 * edited after a query (the searcher rebuilds only at its next one), and
 * that query's path must still be written as it was answered: the path
 * writers read this copy, never the live cells.
 */
export function rasterBits(cells: Uint8Array): Uint8Array {
  const bits = new Uint8Array((cells.length + 7) >> 3);
  for (let c = 0; c < cells.length; c++) if (cells[c] !== 0) bits[c >> 3] |= 1 << (c & 7);
  return bits;
}

/** Whether cell c was blocked in the raster `rasterBits` made. */
export function blockedBit(bits: Uint8Array, c: number): boolean {
  return (bits[c >> 3] & (1 << (c & 7))) !== 0;
}
