import type { Ctx2D } from '../common/surface.js';
/**
 * A number written in a cell, dark on a pale halo so it reads on any fill
 * (pale or deep blue, a ring, the start's disc). `size` is in canvas pixels.
 */
export function cellText(ctx: Ctx2D, text: string, x: number, y: number, size: number,
  align: CanvasTextAlign, baseline: CanvasTextBaseline, bold: boolean): void {
  ctx.save();
  ctx.font = `${bold ? '700 ' : ''}${size}px system-ui, sans-serif`;
  ctx.textAlign = align;
  ctx.textBaseline = baseline;
  ctx.lineJoin = 'round';
  ctx.lineWidth = Math.max(2, size * 0.28);
  ctx.strokeStyle = 'rgba(255,255,255,0.92)';
  ctx.strokeText(text, x, y);
  ctx.fillStyle = '#1d1d1f';
  ctx.fillText(text, x, y);
  ctx.restore();
}
