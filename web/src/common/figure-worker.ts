// The figure worker: draws grid figures on canvases the page handed over
// (figure-thread.ts), so their pixels never pass through the main thread.
import { drawFigure } from './figure.js';
import type { FigureMessage } from './figure-thread.js';

const canvases = new Map<number, OffscreenCanvas>();
/** The latest figure asked of each canvas: a burst of requests costs one drawing each. */
const due = new Map<number, Extract<FigureMessage, { kind: 'draw' }>['figure']>();
let scheduled = false;

const scope = self as unknown as { onmessage: ((e: MessageEvent<FigureMessage>) => void) | null };
scope.onmessage = (e) => {
  const m = e.data;
  if (m.kind === 'attach') canvases.set(m.id, m.canvas);
  else if (m.kind === 'size') {
    const c = canvases.get(m.id);
    if (c && (c.width !== m.width || c.height !== m.height)) { c.width = m.width; c.height = m.height; }
  } else {
    due.set(m.id, m.figure);
    if (!scheduled) { scheduled = true; setTimeout(drawDue, 0); }
  }
};

function drawDue(): void {
  scheduled = false;
  for (const [id, fig] of due) {
    const ctx = canvases.get(id)?.getContext('2d');
    if (!ctx) continue;
    const h = fig.h;
    ctx.save();
    drawFigure(ctx, { ...fig, h: h ? (n) => h[n] : undefined });
    ctx.restore();
  }
  due.clear();
}
