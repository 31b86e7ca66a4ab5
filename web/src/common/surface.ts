/**
 * Where the page's figures draw. The same drawing code runs on the main
 * thread (a canvas element's context) and in the figure worker (an
 * OffscreenCanvas's context, figure-worker.ts), so it is written against
 * the part of the 2D API the two share.
 */
export type Ctx2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** A surface drawn once and copied from (cell images, grid lines, label sprites). */
export type Scratch = HTMLCanvasElement | OffscreenCanvas;

/**
 * A scratch surface of `width` x `height` pixels. A worker has no document,
 * so this is an OffscreenCanvas wherever the browser has one, and a
 * detached canvas element otherwise.
 */
export function scratch(width: number, height: number): Scratch {
  if (typeof OffscreenCanvas === 'function') return new OffscreenCanvas(width, height);
  const c = document.createElement('canvas');
  c.width = width;
  c.height = height;
  return c;
}

/** The 2D context of a scratch surface. */
export function scratchContext(s: Scratch): Ctx2D {
  const ctx = s.getContext('2d');
  if (!ctx) throw new Error('surface: this browser gives no 2D context for a scratch canvas');
  return ctx as Ctx2D;
}
