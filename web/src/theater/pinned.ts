import { el } from '../common/dom.js';
import { drawFigure, type Layer } from '../common/figure.js';
import { GridCanvas } from '../common/grid-canvas.js';
import { sceneAt } from '../common/scene.js';
import type { LaneView } from './lane-view.js';

const LAYER_NAMES: Record<Layer, string> = {
  g: 'g, the cost from the start', h: 'h, the estimate', explored: 'the closed set', open: 'the open set', path: 'the back-pointer path',
};

/**
 * A small copy of the A* lane pinned to the corner of the screen while a
 * term of the prose is pointed at and the theater itself is out of sight:
 * the layer the term names lights up where the reader is looking, not in a
 * figure a screen away. Hidden again when the term is let go.
 */
export class PinnedFigure {
  readonly root: HTMLElement;
  private readonly fig: GridCanvas;
  private readonly caption: HTMLElement;
  /** Whether half the lane is on screen, as the observer last said; null until it has said (just after mounting). */
  private laneInView: boolean | null = null;
  private readonly laneCanvas: HTMLCanvasElement;
  private layer: Layer | null = null;

  constructor(lane: LaneView) {
    const grid = lane.model.grid;
    this.laneCanvas = lane.grid.canvas;
    this.fig = new GridCanvas({
      width: grid.width, height: grid.height, label: 'A small copy of the A* lane', maxCell: 16,
      paint: (ctx, layout) => {
        const m = lane.model, run = lane.run;
        const scene = run ? sceneAt(run.trace, m.grid.size, run.trace.pops.length, run.path) : null;
        if (!scene) return;
        drawFigure(ctx, { layout, blocked: m.cells, start: m.start, goal: m.goal, scene, h: (n) => m.h(n, m.goal), focus: this.layer });
      },
    });
    this.caption = el('p', { class: 'pinned-caption' });
    this.root = el('aside', { class: 'pinned-figure', 'aria-hidden': 'true', hidden: '' }, this.caption, this.fig.canvas);
    new IntersectionObserver(([e]) => {
      this.laneInView = e.isIntersecting;
      if (this.laneInView) this.root.hidden = true;
    }, { threshold: 0.5 }).observe(lane.grid.canvas);
  }

  /** Shows `layer` in the pinned copy (when the theater is off screen); null hides it. */
  show(layer: Layer | null): void {
    this.layer = layer;
    // A term far below can mount the theater and point at it in one go (web/src/main.ts): the observer has not said yet, so look.
    if (layer === null || (this.laneInView ?? this.halfOnScreen())) {
      this.root.hidden = true;
      return;
    }
    this.caption.textContent = `The Search Theater’s A* lane, with ${LAYER_NAMES[layer]} in front`;
    this.root.hidden = false;
    this.fig.resize();
  }

  private halfOnScreen(): boolean {
    const r = this.laneCanvas.getBoundingClientRect();
    const shown = Math.min(r.bottom, innerHeight) - Math.max(r.top, 0);
    return r.height > 0 && shown >= r.height / 2;
  }
}

