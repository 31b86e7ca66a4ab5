import { el } from '../common/dom.js';
import { COLORS } from '../common/palette.js';
import { curveWords } from './fleet-curve.js';
import type { CurvePoint } from './fleet-lifelong.js';

const SVG = 'http://www.w3.org/2000/svg';
/** The chart's own units (the SVG scales to its box: 375 px on a phone, at most 30rem elsewhere). */
const W = 320, H = 190, LEFT = 44, RIGHT = 12, TOP = 12, BOTTOM = 40;
/** The robot axis runs to the widget's most robots. */
const MAX_ROBOTS = 1000;
const INK = '#333333';
const LINE = COLORS.explored;

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, text?: string): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

/** A round step for an axis running to `max` (about four ticks). */
export function tickStep(max: number): number {
  const raw = max / 4, mag = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw)!;
}

/**
 * Robots against throughput, as an SVG line chart with its caption in words
 * (the caption is live: a screen reader hears each new point). The current
 * run's point is ringed.
 */
export class ThroughputChart {
  readonly root: HTMLElement;
  private readonly plot: SVGSVGElement;
  private readonly caption: HTMLElement;

  constructor() {
    this.caption = el('figcaption', { class: 'wh-chart-words', id: 'wh-chart-words', 'aria-live': 'polite' });
    this.plot = svg('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-labelledby': 'wh-chart-title wh-chart-words', class: 'wh-chart-plot' });
    this.plot.setAttribute('style', 'display:block;width:100%;max-width:30rem;height:auto;font:11px sans-serif');
    this.root = el('figure', { class: 'wh-chart', style: 'margin:0.5rem 0' },
      el('p', { id: 'wh-chart-title', style: 'margin:0;font-weight:600' }, 'Robots against errands per 100 steps'), this.plot, this.caption);
    this.update([], null);
  }

  /** Draws `points` (in robot order), ringing the one of `current` robots if there. */
  update(points: readonly CurvePoint[], current: number | null): void {
    const top = Math.max(10, ...points.map((p) => p.throughput));
    const yStep = tickStep(top), yMax = Math.ceil(top / yStep) * yStep;
    const x = (r: number) => LEFT + (r / MAX_ROBOTS) * (W - LEFT - RIGHT);
    const y = (v: number) => H - BOTTOM - (v / yMax) * (H - TOP - BOTTOM);
    const parts: SVGElement[] = [];
    for (let v = 0; v <= yMax + 1e-9; v += yStep) {
      parts.push(svg('line', { x1: LEFT, x2: W - RIGHT, y1: y(v), y2: y(v), stroke: COLORS.line }));
      parts.push(svg('text', { x: LEFT - 4, y: y(v) + 4, 'text-anchor': 'end', fill: INK }, String(v)));
    }
    for (let r = 0; r <= MAX_ROBOTS; r += 250) parts.push(svg('text', { x: x(r), y: H - BOTTOM + 14, 'text-anchor': 'middle', fill: INK }, String(r)));
    parts.push(svg('line', { x1: LEFT, x2: W - RIGHT, y1: y(0), y2: y(0), stroke: INK }));
    parts.push(svg('line', { x1: LEFT, x2: LEFT, y1: TOP, y2: y(0), stroke: INK }));
    parts.push(svg('text', { x: (LEFT + W - RIGHT) / 2, y: H - 6, 'text-anchor': 'middle', fill: INK }, 'robots on the floor'));
    parts.push(svg('text', { x: 12, y: (TOP + H - BOTTOM) / 2, 'text-anchor': 'middle', fill: INK, transform: `rotate(-90 12 ${(TOP + H - BOTTOM) / 2})` }, 'errands / 100 steps'));
    if (points.length > 1) {
      parts.push(svg('polyline', { points: points.map((p) => `${x(p.robots)},${y(p.throughput)}`).join(' '), fill: 'none', stroke: LINE, 'stroke-width': 2 }));
    }
    for (const p of points) {
      const dot = svg('circle', { cx: x(p.robots), cy: y(p.throughput), r: 3.5, fill: LINE, class: 'wh-chart-point' });
      dot.append(svg('title', {}, `${p.robots} robots: ${p.throughput.toFixed(1)} errands per 100 steps (${p.tasksDone} in ${p.steps} steps)`));
      parts.push(dot);
      if (p.robots === current) parts.push(svg('circle', { cx: x(p.robots), cy: y(p.throughput), r: 7, fill: 'none', stroke: INK, 'stroke-width': 1.5 }));
    }
    this.plot.replaceChildren(...parts);
    this.caption.textContent = curveWords(points);
    this.root.dataset.points = points.map((p) => `${p.robots}:${p.throughput}`).join(',');
  }
}
