import { cellCentre, cssPx, type GridLayout } from '../common/layout.js';
import { keyEntry, legend, lineMark, styledMark } from '../common/legend.js';
import { mix } from '../common/palette.js';
import type { Ctx2D } from '../common/surface.js';
import { LEG_COLORS, LEG_NAMES } from './fleet-colors.js';
import { LIFELONG_LACAM } from './fleet-life-options.js';
import type { LifelongPlan } from './fleet-lifelong.js';

/** A station's tint on the floor: its leg's colour, faded toward white. */
export const STATION_TINT = { pick: mix(LEG_COLORS[0], '#ffffff', 0.7), drop: mix(LEG_COLORS[2], '#ffffff', 0.7) } as const;

/** The goal robot i heads for at step t: its index in the robot's goals (also the goals it has reached), and the cell. */
export function goalAt(p: LifelongPlan, i: number, t: number): { leg: number; cell: number } {
  const leg = p.legs[t * p.robots + i], g = p.goalCells;
  return { leg, cell: g.data[Math.min(g.start[i] + leg, g.start[i + 1] - 1)] };
}

/** Robot i's cell at step t. */
export function cellAt(p: LifelongPlan, i: number, t: number): number {
  return p.positions[t * p.robots + i];
}

/**
 * The robots at step t, each in the colour of the leg it is on (one fill per
 * colour, however many robots), and the followed robot `sel` in `follow`
 * (with a `rim`): ringed, its way to its current goal, and that goal.
 */
export function paintLifelong(ctx: Ctx2D, layout: GridLayout, p: LifelongPlan, t: number, sel: number, robotPx: number, follow: string, rim: string): void {
  const k = p.robots, base = t * k;
  const r = Math.max(cssPx(layout, robotPx / 2), layout.cell * 0.7);
  LEG_COLORS.forEach((color, leg) => {
    ctx.fillStyle = color;
    ctx.beginPath();
    for (let i = 0; i < k; i++) {
      if (p.legs[base + i] % 3 !== leg) continue;
      const [cx, cy] = cellCentre(layout, p.positions[base + i]);
      ctx.moveTo(cx + r, cy);
      ctx.arc(cx, cy, r, 0, Math.PI * 2);
    }
    ctx.fill();
  });
  if (sel < 0 || sel >= k) return;
  const { leg, cell } = goalAt(p, sel, t);
  // Its way from here until it reaches the goal it heads for now (or the run ends).
  const way: [number, number][] = [];
  for (let s = t; s <= p.steps; s++) {
    way.push(cellCentre(layout, cellAt(p, sel, s)));
    if (p.legs[s * k + sel] !== leg) break;
  }
  const w = Math.max(cssPx(layout, 2.5), layout.cell * 0.35), edge = cssPx(layout, 1.5);
  const [gx, gy] = cellCentre(layout, cell), [cx, cy] = way[0], gr = r * 1.4;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const [color, extra] of [[rim, 2 * edge], [follow, 0]] as const) {
    ctx.strokeStyle = color;
    ctx.lineWidth = w + extra;
    ctx.beginPath();
    way.forEach(([x, y], j) => { if (j === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y); });
    ctx.stroke();
    ctx.strokeRect(gx - gr, gy - gr, 2 * gr, 2 * gr);
    ctx.beginPath();
    ctx.arc(cx, cy, r * 1.5, 0, Math.PI * 2);
    ctx.stroke();
  }
}

const one = (x: number) => x.toFixed(1);
const errands = (n: number) => `${n} errand${n === 1 ? '' : 's'}`;

/** The run in words at step t: what is done so far, and what the whole run came to. */
export function lifelongWords(p: LifelongPlan, t: number): string {
  const who = p.method === 'lifelong-pibt' ? 'PIBT, one step at a time' : `LaCAM*, replanning every ${LIFELONG_LACAM.window} steps`;
  let text = `Lifelong, ${who}: ${p.robots} robots, ${p.stepsAsked} steps, seed ${p.seed}. `
    + `Step ${t} of ${p.steps}: ${errands(p.doneBy[t])} completed so far (${p.reachedBy[t]} goals reached). `;
  if (p.status === 'stopped') text += `The ${p.budgetMillis! / 1000} s budget ended the run after ${p.steps} of the ${p.stepsAsked} steps; the counts cover those. `;
  text += `In all: ${errands(p.tasksDone)}, ${one(p.throughput)} per 100 steps; planning took ${p.planMean.toFixed(2)} ms a step on average `
    + `(1 step in 20 took over ${p.planP95.toFixed(2)} ms).`;
  if (p.method === 'lifelong-lacam') {
    text += ` LaCAM* planned ${p.windows.planned} window${p.windows.planned === 1 ? '' : 's'}; in ${p.windows.fellBack} it found no plan within `
      + `${LIFELONG_LACAM.windowMillis} ms and PIBT moved the robots instead.`;
  }
  return text;
}

/** The followed robot at step t in words: its errand, the goal it heads for, and what it has done. */
export function followedWords(p: LifelongPlan, i: number, t: number, formatXY: (n: number) => string): string {
  const { leg, cell } = goalAt(p, i, t);
  return `Robot ${i + 1}, step ${t}: at ${formatXY(cellAt(p, i, t))}, on its errand ${Math.floor(leg / 3) + 1}, heading for the `
    + `${LEG_NAMES[leg % 3]} at ${formatXY(cell)}; it has reached ${leg} goal${leg === 1 ? '' : 's'} and completed ${errands(Math.floor(leg / 3))}.`;
}

/** The floor's key in the lifelong mode. */
export function lifelongLegend(wall: string, follow: string): HTMLElement {
  const dot = (c: string) => styledMark(`background:${c};border-radius:50%`);
  return legend('Key of the lifelong warehouse', 'wh-legend wh-life-legend',
    keyEntry(styledMark(`background:${wall}`, '', 'mark-fill'), 'shelf'),
    keyEntry(styledMark(`background:${STATION_TINT.pick}`), 'pick stations (the left column): every errand starts at one'),
    keyEntry(styledMark(`background:${STATION_TINT.drop}`), 'drop stations (the right column): every errand ends at one'),
    ...LEG_NAMES.map((name, j) => keyEntry(dot(LEG_COLORS[j]), `a robot heading for a ${name}`)),
    keyEntry(lineMark(follow), 'the followed robot’s way to its current goal, ringed in black'));
}
