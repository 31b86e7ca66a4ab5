import { COLORS, exploredShade, rampShade } from './palette.js';
import { cellCentre, type GridLayout } from './layout.js';
import type { Scene } from './scene.js';
import { diamond, disc, fillCell, gridLines } from './shapes.js';

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
  /** Names written on the figure (the Apartment's rooms), anchored at a cell. */
  labels?: readonly { cell: number; text: string }[];
}

/**
 * Paints one grid figure. Order matters: cells, then the open rings, then the
 * path line, then start and goal on top, so the endpoints are never hidden.
 * A focused layer is drawn at full strength and the others are faded, which
 * is what "bring the layer forward" means on a flat canvas.
 */
export function drawFigure(ctx: CanvasRenderingContext2D, fig: Figure): void {
  const { layout, blocked, scene } = fig;
  const { width, height, cell } = layout;
  const focus = fig.focus ?? null;
  const fade = (layer: Layer) => (focus === null || focus === layer ? 1 : 0.25);
  ctx.save();
  ctx.globalAlpha = 1;
  ctx.fillStyle = COLORS.free;
  ctx.fillRect(0, 0, width * cell, height * cell);

  // g and h are value layers: drawn only when a term asks for them.
  if (focus === 'h' && fig.h) {
    let max = 0;
    for (let n = 0; n < width * height; n++) if (!blocked[n]) max = Math.max(max, fig.h(n));
    for (let n = 0; n < width * height; n++) if (!blocked[n]) fillCell(ctx, layout, n, rampShade(COLORS.goal, fig.h(n), max));
  } else if (focus === 'g') {
    let max = 0;
    for (const v of scene.g) if (Number.isFinite(v)) max = Math.max(max, v);
    scene.g.forEach((v, n) => { if (Number.isFinite(v)) fillCell(ctx, layout, n, rampShade(COLORS.start, v, max)); });
  } else {
    ctx.globalAlpha = fade('explored');
    scene.closed.forEach((n, i) => fillCell(ctx, layout, n, exploredShade(i, scene.closed.length)));
    ctx.globalAlpha = 1;
  }

  for (let n = 0; n < width * height; n++) if (blocked[n]) fillCell(ctx, layout, n, COLORS.wall);

  gridLines(ctx, layout, 10);

  // Open cells: hollow rings (shape channel: open = ring, closed = filled).
  if (focus !== 'g' && focus !== 'h') {
    ctx.globalAlpha = fade('open');
    ctx.strokeStyle = focus === 'open' ? COLORS.explored : COLORS.open;
    ctx.lineWidth = Math.max(1.5, cell * (focus === 'open' ? 0.16 : 0.1));
    for (const n of scene.open) {
      const [cx, cy] = cellCentre(layout, n);
      ctx.beginPath();
      ctx.arc(cx, cy, cell * 0.3, 0, Math.PI * 2);
      ctx.stroke();
    }
    ctx.globalAlpha = 1;
  }

  if (scene.current >= 0 && scene.path === null) {
    const x = scene.current % width, y = (scene.current - x) / width;
    ctx.strokeStyle = COLORS.explored;
    ctx.lineWidth = Math.max(2, cell * 0.12);
    ctx.strokeRect(x * cell + 1.5, y * cell + 1.5, cell - 3, cell - 3);
  }

  if (scene.path && scene.path.length > 0) {
    ctx.globalAlpha = fade('path');
    ctx.strokeStyle = COLORS.path;
    ctx.fillStyle = COLORS.path;
    ctx.lineWidth = Math.max(2, cell * (focus === 'path' ? 0.34 : 0.22));
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.beginPath();
    scene.path.forEach((n, i) => {
      const [cx, cy] = cellCentre(layout, n);
      if (i === 0) ctx.moveTo(cx, cy); else ctx.lineTo(cx, cy);
    });
    ctx.stroke();
    for (const n of scene.path) {
      const [cx, cy] = cellCentre(layout, n);
      ctx.beginPath();
      ctx.arc(cx, cy, Math.max(2, cell * 0.18), 0, Math.PI * 2);
      ctx.fill();
    }
    ctx.globalAlpha = 1;
  }

  if (fig.labels && layout.cell >= 8) {
    // Room names sit under everything that moves, in a small dark font with a pale halo.
    ctx.font = `${Math.round(layout.cell * 0.7)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.lineWidth = Math.max(2, layout.cell * 0.18);
    ctx.strokeStyle = 'rgba(255,255,255,0.85)';
    ctx.fillStyle = '#222222';
    for (const l of fig.labels) {
      const [cx, cy] = cellCentre(layout, l.cell);
      ctx.strokeText(l.text, cx, cy);
      ctx.fillText(l.text, cx, cy);
    }
  }

  disc(ctx, layout, fig.start);
  diamond(ctx, layout, fig.goal);

  if (fig.cursor !== undefined && fig.cursor >= 0) {
    const x = fig.cursor % width, y = (fig.cursor - x) / width;
    ctx.setLineDash([Math.max(2, cell * 0.2), Math.max(2, cell * 0.12)]);
    ctx.strokeStyle = '#000000';
    ctx.lineWidth = 2;
    ctx.strokeRect(x * cell + 1, y * cell + 1, cell - 2, cell - 2);
    ctx.setLineDash([]);
  }
  ctx.restore();
}

