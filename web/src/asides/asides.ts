import { dijkstra, Searcher, Grid, sum } from '#bestfirst';
import { estimates, goalTouch, pushesIfMarkedOnPop } from './aside-logic.js';
import { controlForm, el } from '../common/dom.js';
import { metres, num } from '../common/format.js';
import type { StepPlayer } from '../step-player/step-player.js';
import type { Theater } from '../theater/theater.js';

/** The lesson's four notes as small live asides, each reading the library's runs. */
export function mountAsides(sp: StepPlayer, theater: Theater): void {
  markOnPush(document.getElementById('aside-push')!, sp);
  goalOnPop(document.getElementById('aside-pop')!, theater);
  manhattanDiagonals(document.getElementById('aside-diag')!);
  weightDial(document.getElementById('aside-dial')!, sp);
}

function slot(root: HTMLElement): HTMLElement {
  const out = el('div', { class: 'aside-live', 'aria-live': 'polite' });
  root.append(out);
  return out;
}

function markOnPush(root: HTMLElement, sp: StepPlayer): void {
  const out = slot(root);
  const btn = el('button', { type: 'button', class: 'aside-btn' }, 'Count again on the step player’s grid');
  root.insertBefore(btn, out);
  const show = () => {
    const { trace, grid } = sp.run;
    const onPop = pushesIfMarkedOnPop(trace, grid);
    out.textContent = `Marked on push, the frontier took ${trace.pushes.length} entries for ${trace.pops.length} expansions. `
      + `The same expansions with the mark moved to the pop would push ${onPop}: every expanded cell re-offers each neighbour it has not expanded yet.`;
  };
  btn.addEventListener('click', show);
  sp.listeners.push(show);
  show();
}

function goalOnPop(root: HTMLElement, theater: Theater): void {
  const out = slot(root);
  const btn = el('button', { type: 'button', class: 'aside-btn' }, 'Ask the Search Theater’s Dijkstra lane again');
  root.insertBefore(btn, out);
  const show = () => {
    const lane = theater.lanes.find((l) => l.spec.id === 'dijkstra')!;
    const t = lane.run ? goalTouch(lane.run.trace, theater.model.goal) : null;
    if (!t) { out.textContent = 'The goal is not reachable on the current layout.'; return; }
    const same = Math.abs(t.firstG - t.finalG) < 1e-9;
    out.textContent = `The goal first joined the frontier at step ${t.firstStep} with g = ${metres(t.firstG)}; `
      + `it was improved ${t.improvements} time${t.improvements === 1 ? '' : 's'} and came off at step ${t.popStep} with g = ${metres(t.finalG)}. `
      + (same ? 'Here the first touch happened to be cheapest; move the goal and ask again.' : 'A test at push would have stopped on the costlier route.');
  };
  btn.addEventListener('click', show);
  show();
}

function manhattanDiagonals(root: HTMLElement): void {
  const dx = el('input', { type: 'number', min: '0', max: '8', value: '4', id: 'diag-dx', class: 'small-num' });
  const dy = el('input', { type: 'number', min: '0', max: '8', value: '4', id: 'diag-dy', class: 'small-num' });
  const out = slot(root);
  root.insertBefore(controlForm({ class: 'aside-inputs' }, el('label', { for: 'diag-dx' }, 'columns apart '), dx, el('label', { for: 'diag-dy' }, ' rows apart '), dy), out);
  const show = () => {
    const a = clamp(Number(dx.value)), b = clamp(Number(dy.value));
    // The true cost comes from the library's Dijkstra on an empty 8-connected grid.
    const truth = (d: number) => {
      const g = new Grid(9, 9, undefined, { connectivity: 8, diagonalCost: d });
      return dijkstra(g, g.id(0, 0), g.id(a, b)).cost;
    };
    const e = estimates(a, b, 1.4), t14 = truth(1.4), t1 = truth(1);
    const over = (v: number, t: number) => (v > t + 1e-9 ? ' ✗ too high' : ' ✓');
    const table = el('table', { class: 'mini' },
      el('tr', {}, el('th', {}, 'estimate'), el('th', {}, 'value'), el('th', {}, 'true, diagonal 1.4'), el('th', {}, 'true, diagonal 1')),
      el('tr', {}, el('td', {}, 'Manhattan'), el('td', {}, num(e.manhattan)), el('td', {}, num(t14) + over(e.manhattan, t14)), el('td', {}, num(t1) + over(e.manhattan, t1))),
      el('tr', {}, el('td', {}, 'octile'), el('td', {}, num(e.octile)), el('td', {}, num(t14) + over(e.octile, t14)), el('td', {}, num(t1) + over(e.octile, t1))),
      el('tr', {}, el('td', {}, 'Chebyshev'), el('td', {}, num(e.chebyshev)), el('td', {}, num(t14) + over(e.chebyshev, t14)), el('td', {}, num(t1) + over(e.chebyshev, t1))),
    );
    out.replaceChildren(table);
  };
  dx.addEventListener('input', show);
  dy.addEventListener('input', show);
  show();
}

function clamp(v: number): number {
  return Number.isFinite(v) ? Math.max(0, Math.min(8, Math.round(v))) : 0;
}

function weightDial(root: HTMLElement, sp: StepPlayer): void {
  const dial = el('input', { type: 'range', min: '1', max: '3', step: '0.25', value: '1', id: 'dial-eps' });
  const label = el('output', { for: 'dial-eps' }, '1');
  const out = slot(root);
  root.insertBefore(controlForm({ class: 'aside-inputs' }, el('label', { for: 'dial-eps' }, 'weight on h '), dial, label), out);
  const show = () => {
    const eps = Number(dial.value);
    label.textContent = String(eps);
    const { grid } = sp.run;
    const h = sp.run.h;
    const s = new Searcher(grid);
    s.search(sp.model.start, sp.model.goal, { priority: sum(1), heuristic: h, tieBreak: 'fifo' });
    const best = s.cost, bestExp = s.expansions;
    s.search(sp.model.start, sp.model.goal, { priority: sum(eps), heuristic: h, tieBreak: 'fifo' });
    out.textContent = Number.isFinite(best)
      ? `On the step player’s grid: weight ${eps} expands ${s.expansions} cells (weight 1: ${bestExp}) and returns cost ${num(s.cost)} against the optimum ${num(best)}; the bound allows up to ${num(eps * best)}.`
      : 'The step player’s goal is not reachable.';
  };
  dial.addEventListener('input', show);
  sp.listeners.push(show);
  show();
}
