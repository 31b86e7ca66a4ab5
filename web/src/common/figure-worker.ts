// The figure worker: draws grid figures on canvases the page handed over
// (figure-thread.ts), so their pixels never pass through the main thread,
// and during a drag runs the theater lanes' searches too (runLanes).
import { LaneScenes } from '../theater/lane-scenes.js';
import { drawFigure, type Figure } from './figure.js';
import type { FigureMessage } from './figure-thread.js';
import type { Scene } from './scene.js';

const canvases = new Map<number, OffscreenCanvas>();
/** The latest figure asked of each canvas: a burst of requests costs one drawing each. */
const due = new Map<number, Omit<Figure, 'scene'> & { scene?: Scene }>();
/** The scene each canvas shows, for a redraw that changes only the cursor or the layer in front. */
const shown = new Map<number, Scene>();
/** Each canvas's last figure: a lane run here (runLanes) keeps its layout and names. */
const last = new Map<number, Omit<Figure, 'scene'>>();
const lanes = new LaneScenes();
let scheduled = false;

const scope = self as unknown as { onmessage: ((e: MessageEvent<FigureMessage>) => void) | null };
scope.onmessage = (e) => {
  const m = e.data;
  if (m.kind === 'attach') canvases.set(m.id, m.canvas);
  else if (m.kind === 'size') {
    const c = canvases.get(m.id);
    if (c && (c.width !== m.width || c.height !== m.height)) { c.width = m.width; c.height = m.height; }
  } else if (m.kind === 'draw') {
    const { h, ...rest } = m.figure;
    later(m.id, { ...rest, h: h ? (n) => h[n] : undefined });
  } else {
    // Searched now, in the order posted: a later draw of the same canvas (the pointer moved) finds this scene.
    const q = m.query;
    const runs = lanes.run(q, m.lanes.map((l) => l.lane));
    m.lanes.forEach((l, i) => {
      const before = last.get(l.id);
      if (before) later(l.id, { ...before, blocked: q.cells, start: q.start, goal: q.goal, focus: l.focus, cursor: l.cursor, scene: runs[i].scene, h: runs[i].h });
    });
  }
};

function later(id: number, fig: Omit<Figure, 'scene'> & { scene?: Scene }): void {
  const { scene, ...rest } = fig;
  if (scene) shown.set(id, scene);
  last.set(id, rest);
  due.set(id, fig);
  if (!scheduled) { scheduled = true; setTimeout(drawDue, 0); }
}

function drawDue(): void {
  scheduled = false;
  for (const [id, fig] of due) {
    const ctx = canvases.get(id)?.getContext('2d');
    const scene = fig.scene ?? shown.get(id);
    if (!ctx || !scene) continue;
    ctx.save();
    drawFigure(ctx, { ...fig, scene });
    ctx.restore();
  }
  due.clear();
}
