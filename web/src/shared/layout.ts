/**
 * Cell <-> pixel arithmetic for the grid canvases, kept pure so the tests
 * can pin it: a canvas of `width` x `height` cells drawn at `cell` device
 * pixels per cell, shown at whatever CSS size the page gives it.
 */
export interface GridLayout {
  width: number;
  height: number;
  cell: number;
}

/** The largest whole cell size (CSS px) that fits `cssWidth`, between `min` and `max`. */
export function cellSizeFor(cssWidth: number, gridWidth: number, min = 6, max = 40): number {
  return Math.max(min, Math.min(max, Math.floor(cssWidth / gridWidth)));
}

/** The cell under a pointer at (px, py) CSS pixels inside a box of (boxW, boxH); -1 outside. */
export function cellAt(layout: GridLayout, px: number, py: number, boxW: number, boxH: number): number {
  if (boxW <= 0 || boxH <= 0) return -1;
  const x = Math.floor((px / boxW) * layout.width);
  const y = Math.floor((py / boxH) * layout.height);
  if (x < 0 || y < 0 || x >= layout.width || y >= layout.height) return -1;
  return y * layout.width + x;
}

/** Centre of a cell in canvas pixels. */
export function cellCentre(layout: GridLayout, n: number): [number, number] {
  const x = n % layout.width, y = (n - x) / layout.width;
  return [(x + 0.5) * layout.cell, (y + 0.5) * layout.cell];
}

/** The cell a keyboard cursor moves to: arrows step one cell, clamped to the grid. */
export function moveCursor(layout: GridLayout, n: number, key: string): number {
  const x = n % layout.width, y = (n - x) / layout.width;
  const d: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const step = d[key];
  if (!step) return n;
  const nx = Math.min(layout.width - 1, Math.max(0, x + step[0]));
  const ny = Math.min(layout.height - 1, Math.max(0, y + step[1]));
  return ny * layout.width + nx;
}
