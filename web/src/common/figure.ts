import { COLORS, exploredShade, rampShade } from './palette.js';
import { canvasSize, cellCentre, type GridLayout } from './layout.js';
import type { Scene } from './scene.js';
import type { Ctx2D } from './surface.js';
import { CellImage, diamond, disc, drawAxes, drawLabels, gridLines, outline, route, type Label } from './shapes.js';

/** The layers a term in the prose can bring forward; `null` draws all at equal weight. */
export type Layer = 'g' | 'h' | 'explored' | 'path' | 'open';
export const LAYERS: readonly Layer[] = ['g', 'h', 'explored', 'path', 'open'];

export interface Figure {
  layout: GridLayout;
  blocked: Uint8Array;
  start: number;
  goal: number;
  scene: Scene;
  /** h of every cell (for the h layer); optional when the figure never shows it. */
  h?: (n: number) => number;
  focus?: Layer | null;
  /** Keyboard cursor cell, outlined; -1 for none. */
  cursor?: number;
  /** A cell pointed at from outside the figure (a frontier entry), outlined in the path colour; -1 for none. */
  highlight?: number;
  /** Names written on the figure (the Apartment's rooms), anchored at a cell. */
  labels?: readonly Label[];
  /** Coordinates in the gutter counted as formatColRow does (the hand trace) rather than formatXY. */
  colRow?: boolean;
}

/**
 * Paints one grid figure. Order matters: cells, then the open rings, then the
 * path line, then start and goal on top, so the endpoints are never hidden.
 * A focused layer is drawn at full strength and the others are faded, which
 * is what "bring the layer forward" means on a flat canvas.
 */
export function drawFigure(ctx: Ctx2D, fig: Figure): void {
  const { layout, blocked, scene } = fig;
  const { width, height, cell } = layout;
  const focus = fig.focus ?? null;
  const fade = (layer: Layer) => (focus === null || focus === layer ? 1 : 0.25);
  ctx.save();
  ctx.globalAlpha = 1;
  // The gutter (coordinates) is transparent; the cells are all painted by the one image below.
  if (layout.left || layout.top) { const [w, h] = canvasSize(layout); ctx.clearRect(0, 0, w, h); }
  drawAxes(ctx, layout, fig.colRow ?? false);

  const cells = cellImage(width, height);
  cells.fill(COLORS.free);
  // g and h are value layers: drawn only when a term asks for them.
  if (focus === 'h' && fig.h) {
    let max = 0;
    for (let n = 0; n < width * height; n++) if (!blocked[n]) max = Math.max(max, fig.h(n));
    for (let n = 0; n < width * height; n++) if (!blocked[n]) cells.set(n, rampShade(COLORS.goal, fig.h(n), max));
  } else if (focus === 'g') {
    let max = 0;
    for (const v of scene.g) if (Number.isFinite(v)) max = Math.max(max, v);
    scene.g.forEach((v, n) => { if (Number.isFinite(v)) cells.set(n, rampShade(COLORS.start, v, max)); });
  } else {
    const a = fade('explored');
    scene.closed.forEach((n, i) => cells.set(n, exploredShade(i, scene.closed.length), a));
  }
  for (let n = 0; n < width * height; n++) if (blocked[n]) cells.set(n, COLORS.wall);
  cells.draw(ctx, layout);

  gridLines(ctx, layout, 10);

  // Open cells: hollow rings (shape channel: open = ring, closed = filled).
  if (focus !== 'g' && focus !== 'h') {
    ctx.globalAlpha = fade('open');
    ctx.strokeStyle = focus === 'open' ? COLORS.explored : COLORS.open;
    ctx.lineWidth = Math.max(1.5, cell * (focus === 'open' ? 0.16 : 0.1));
    ctx.beginPath();
    for (const n of scene.open) {
      const [cx, cy] = cellCentre(layout, n);
      ctx.moveTo(cx + cell * 0.3, cy);
      ctx.arc(cx, cy, cell * 0.3, 0, Math.PI * 2);
    }
    ctx.stroke();
    ctx.globalAlpha = 1;
  }

  // The cell just expanded: a dark frame, so it stands out from the blue around it.
  if (scene.current >= 0 && scene.path === null) outline(ctx, layout, scene.current, '#1d1d1f', 0.14);

  if (scene.path && scene.path.length > 0) {
    ctx.globalAlpha = fade('path');
    route(ctx, layout, scene.path, { width: focus === 'path' ? 0.34 : 0.22 });
    ctx.globalAlpha = 1;
  }

  // Room names go under the markers, never on them.
  if (fig.labels) drawLabels(ctx, layout, fig.labels, [fig.start, fig.goal]);

  disc(ctx, layout, fig.start);
  diamond(ctx, layout, fig.goal);

  if (fig.highlight !== undefined && fig.highlight >= 0) outline(ctx, layout, fig.highlight, COLORS.path, 0.16);
  if (fig.cursor !== undefined && fig.cursor >= 0) outline(ctx, layout, fig.cursor, '#000000', 0.06, true);
  ctx.restore();
}


/** One cell image per grid size, shared by every figure of that size (they paint one at a time). */
const CELL_IMAGES = new Map<string, CellImage>();
function cellImage(width: number, height: number): CellImage {
  const key = `${width}x${height}`;
  let c = CELL_IMAGES.get(key);
  if (!c) { c = new CellImage(width, height); CELL_IMAGES.set(key, c); }
  return c;
}
