import './opening.css';
import type { MountTask } from '../common/schedule.js';
import { drawCounterexample } from './counterexample-figure.js';
import { HandTraceFigure } from './hand-trace-figure.js';
import { LoopFigure } from './loop-figure.js';
import { LOOP_KINDS } from './loop-model.js';
import { BEST_FIRST_SOURCE } from './loop-source.js';
import { WedgeFigure } from './wedge.js';

/**
 * The opening's figures as mount tasks, in reading order: the wedged
 * robot, then one small figure per way of choosing (breadth-first,
 * Dijkstra, greedy, A*). Each is cheap (a search on 35 cells), and each
 * mounts in its own task after the first paint, like every widget.
 */
export function openingTasks(): MountTask[] {
  const tasks: MountTask[] = [];
  const wedge = document.getElementById('wedge');
  if (wedge) tasks.push({ name: 'wedge', near: wedge, run: () => { new WedgeFigure(wedge); } });
  for (const kind of LOOP_KINDS) {
    const box = document.getElementById(`loop-${kind}`);
    if (box) tasks.push({ name: `loop ${kind}`, near: box, run: () => { new LoopFigure(box, kind, BEST_FIRST_SOURCE); } });
  }
  return tasks;
}

/** The mathematics section's two drawings: the hand trace's grid beside its table, the four-node counterexample. */
export function mathFigureTasks(): MountTask[] {
  const tasks: MountTask[] = [];
  const hand = document.getElementById('hand-trace-figure');
  // After 'math', which fills the table and the summary this figure steps through.
  if (hand) {
    tasks.push({
      name: 'hand-trace figure', near: hand, needs: ['math'],
      run: () => { new HandTraceFigure(hand, document.getElementById('hand-trace') as HTMLTableElement | null, document.getElementById('hand-trace-summary')); },
    });
  }
  const cx = document.getElementById('counterexample-figure');
  if (cx) tasks.push({ name: 'counterexample figure', near: cx, run: () => { drawCounterexample(cx); } });
  return tasks;
}
