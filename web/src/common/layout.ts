/**
 * Cell <-> pixel arithmetic for every grid canvas on the page, kept pure so
 * the tests can pin it: a canvas of `width` x `height` cells drawn at `cell`
 * device pixels per cell, after a gutter of `left` x `top` device pixels
 * (where a figure writes its coordinates), shown at whatever CSS size the
 * page gives it. `dpr` is device pixels per CSS pixel, so text can be sized
 * in CSS pixels. Nothing else on the page converts cells to pixels.
 */
export interface GridLayout {
  width: number;
  height: number;
  cell: number;
  left?: number;
  top?: number;
  dpr?: number;
}

/** The largest whole cell size (CSS px) that fits `cssWidth`, between `min` and `max`. */
export function cellSizeFor(cssWidth: number, gridWidth: number, min = 6, max = 40): number {
  return Math.max(min, Math.min(max, Math.floor(cssWidth / gridWidth)));
}

/** The canvas's backing size in device pixels: the gutter plus the cells. */
export function canvasSize(layout: GridLayout): [number, number] {
  return [(layout.left ?? 0) + layout.width * layout.cell, (layout.top ?? 0) + layout.height * layout.cell];
}

/** Top-left corner of cell n and its side, in canvas pixels. */
export function cellRect(layout: GridLayout, n: number): [number, number, number] {
  const x = n % layout.width, y = (n - x) / layout.width;
  return [(layout.left ?? 0) + x * layout.cell, (layout.top ?? 0) + y * layout.cell, layout.cell];
}

/** Centre of a cell in canvas pixels. */
export function cellCentre(layout: GridLayout, n: number): [number, number] {
  const [x, y, c] = cellRect(layout, n);
  return [x + c / 2, y + c / 2];
}

/** A length given in CSS pixels, in canvas pixels. */
export function cssPx(layout: GridLayout, v: number): number {
  return v * (layout.dpr ?? 1);
}

/** The cell under a pointer at (px, py) CSS pixels inside a box of (boxW, boxH); -1 outside the cells. */
export function cellAt(layout: GridLayout, px: number, py: number, boxW: number, boxH: number): number {
  if (boxW <= 0 || boxH <= 0) return -1;
  const [w, h] = canvasSize(layout);
  const x = Math.floor(((px / boxW) * w - (layout.left ?? 0)) / layout.cell);
  const y = Math.floor(((py / boxH) * h - (layout.top ?? 0)) / layout.cell);
  if (x < 0 || y < 0 || x >= layout.width || y >= layout.height) return -1;
  return y * layout.width + x;
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
