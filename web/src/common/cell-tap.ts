import type { GridCanvas } from './grid-canvas.js';

/**
 * The one rule of a canvas where a click puts something on a cell (the
 * robot costmap's boxes, the Lee board's pins): it acts on `click`, which a
 * mouse click and a finger's tap both make and a swipe that scrolls the page
 * does not. Acting on `pointerdown`, as those two once did, dropped a box
 * under the finger of every reader who scrolled past on a phone. (The
 * editors that paint by dragging follow the same rule their own way: a
 * finger paints only once "Edit ... by touch" is switched on, common/editor.ts.)
 */
export function onCellTap(fig: GridCanvas, act: (cell: number) => void): void {
  fig.canvas.addEventListener('click', (e) => {
    const n = fig.cellOf(e);
    if (n >= 0) act(n);
  });
}
