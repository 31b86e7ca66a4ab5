import type { Figure } from './figure.js';

const NO_G = new Float64Array(0);

/** What the page sends the figure worker (figure-worker.ts). */
export type FigureMessage =
  | { kind: 'attach'; id: number; canvas: OffscreenCanvas }
  | { kind: 'size'; id: number; width: number; height: number }
  | { kind: 'draw'; id: number; figure: Omit<Figure, 'h'> & { h?: Float64Array } };

/**
 * Grid figures drawn off the main thread. A canvas handed over
 * (transferControlToOffscreen) is drawn by one shared worker and shown by
 * the compositor straight from it: the main thread neither runs the
 * drawing nor copies the pixels for the compositor, which on a machine
 * without a GPU cost about a millisecond per 480 x 200 canvas per frame.
 * The Search Theater's lanes are drawn this way, since a drag redraws them
 * on every frame. A browser without workers or OffscreenCanvas draws on the
 * main thread as before (`attach` says which).
 */
export class FigureThread {
  private static shared: FigureThread | null | undefined;
  private next = 0;

  private constructor(private readonly worker: Worker) {
    worker.onerror = (e) => console.error(`figure worker failed: ${e.message}`);
  }

  /** The page's one figure worker, or null where the browser cannot draw off the main thread. */
  static get(): FigureThread | null {
    if (FigureThread.shared !== undefined) return FigureThread.shared;
    let t: FigureThread | null = null;
    if (typeof Worker === 'function' && typeof OffscreenCanvas === 'function'
      && typeof HTMLCanvasElement.prototype.transferControlToOffscreen === 'function') {
      try {
        t = new FigureThread(new Worker(new URL('./figure-worker.ts', import.meta.url), { type: 'module' }));
      } catch {
        t = null;
      }
    }
    FigureThread.shared = t;
    return t;
  }

  /** Hands `canvas`'s pixels to the worker; the id names it in later calls. The canvas can no longer be drawn here. */
  attach(canvas: HTMLCanvasElement): number {
    const id = this.next++;
    const off = canvas.transferControlToOffscreen();
    this.post({ kind: 'attach', id, canvas: off }, [off]);
    return id;
  }

  /** Sets the backing store of canvas `id` (clears it; a draw follows). */
  size(id: number, width: number, height: number): void {
    this.post({ kind: 'size', id, width, height });
  }

  /**
   * Draws `fig` on canvas `id`. Only the value layers read h and g: h
   * travels as values and g at all only when its layer is shown (a drag
   * posts a figure per lane per frame, and the copy is the main thread's).
   */
  draw(id: number, fig: Figure): void {
    const { h, scene, ...rest } = fig;
    let values: Float64Array | undefined;
    if (h && fig.focus === 'h') {
      values = new Float64Array(fig.layout.width * fig.layout.height);
      for (let n = 0; n < values.length; n++) values[n] = h(n);
    }
    const shown = fig.focus === 'g' ? scene : { ...scene, g: NO_G };
    this.post({ kind: 'draw', id, figure: { ...rest, scene: shown, h: values } });
  }

  private post(m: FigureMessage, transfer: Transferable[] = []): void {
    this.worker.postMessage(m, transfer);
  }
}
