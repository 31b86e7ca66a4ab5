import type { LaneQuery } from '../theater/lane-scenes.js';
import type { Figure } from './figure.js';
import type { Scene } from './scene.js';

const NO_G = new Float64Array(0);

/** A figure as posted to the worker: h as values (when its layer is shown), and no scene when the worker's own is meant. */
export type PostedFigure = Omit<Figure, 'h' | 'scene'> & { h?: Float64Array; scene?: Scene };

/**
 * What a lane's picture needs beyond the query when the worker runs its
 * search (runLanes): the rest (layout, names) is kept from the canvas's
 * last drawing, so a drag's frame posts a few numbers per lane.
 */
export interface LaneFrame { id: number; lane: number; focus: Figure['focus']; cursor: number }

/** What the page sends the figure worker (figure-worker.ts). */
export type FigureMessage =
  | { kind: 'attach'; id: number; canvas: OffscreenCanvas }
  | { kind: 'size'; id: number; width: number; height: number }
  | { kind: 'draw'; id: number; figure: PostedFigure }
  | { kind: 'lanes'; query: LaneQuery; lanes: LaneFrame[] };

/**
 * Grid figures drawn off the main thread. A canvas handed over
 * (transferControlToOffscreen) is drawn by one shared worker and shown by
 * the compositor straight from it: the main thread neither runs the
 * drawing nor copies the pixels for the compositor, which on a machine
 * without a GPU cost about a millisecond per 480 x 200 canvas per frame.
 * The Search Theater's lanes are drawn this way, since a drag redraws them
 * on every frame; during a drag the worker also runs their searches
 * (runLanes). A browser without workers or OffscreenCanvas draws on the
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
   * Draws `fig` on canvas `id`; with `scene` null, the scene the worker
   * drew there last (a lane whose picture the worker computed: runLanes).
   * Only the value layers read h and g: h travels as values and g at all
   * only when its layer is shown (a drag posts figures on every frame, and
   * the copy is the main thread's).
   */
  draw(id: number, fig: Omit<Figure, 'scene'> & { scene: Scene | null }): void {
    const { h, scene, ...rest } = fig;
    let values: Float64Array | undefined;
    if (h && fig.focus === 'h') {
      values = new Float64Array(fig.layout.width * fig.layout.height);
      for (let n = 0; n < values.length; n++) values[n] = h(n);
    }
    const posted: PostedFigure = { ...rest, h: values };
    if (scene) posted.scene = fig.focus === 'g' ? scene : { ...scene, g: NO_G };
    this.post({ kind: 'draw', id, figure: posted });
  }

  /**
   * Runs the theater's lanes on `query` in the worker and draws each lane's
   * end state on its canvas: during a drag the main thread then only posts
   * the query (a few hundred bytes), and runs no search, builds no scene and
   * copies no figure. The lanes' own runs catch up once the pointer rests.
   */
  runLanes(query: LaneQuery, lanes: LaneFrame[]): void {
    this.post({ kind: 'lanes', query, lanes });
  }

  private post(m: FigureMessage, transfer: Transferable[] = []): void {
    this.worker.postMessage(m, transfer);
  }
}
