import { apartmentWorld } from '#bestfirst/worlds';
import { AraLane } from '../ara-lane/ara-lane.js';
import { button, controlForm, el } from '../common/dom.js';
import {
  consistencyAt, fifoTrials, fifoWitness, gateRepairPops, randomBounds, repairRows, sqrt2Witness, theaterBound, theaterQuery, wallModels,
} from './exercise-model.js';
import { GridCanvas } from '../common/grid-canvas.js';
import type { GridLayout } from '../common/layout.js';
import { COLORS } from '../common/palette.js';
import { inSlices, type MountTask } from '../common/schedule.js';
import { clearCells, diamond, disc, drawLabels, fillCell, gridLines, route } from '../common/shapes.js';
import type { Ctx2D } from '../common/surface.js';

const two = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : '∞');
const byId = (id: string) => document.getElementById(id);

/**
 * Each exercise's interaction, as one mount task per box (the statements,
 * hints and answers are in the HTML): the page runs them when the main
 * thread is idle or when the box comes near the screen, so the trials of
 * exercise 5 and the repairs of exercise 4 never delay the first paint.
 */
export function exerciseTasks(): MountTask[] {
  const mounts: [number, (root: HTMLElement) => void | Promise<void>][] = [
    [1, consistency], [2, walls], [3, predict], [4, repair], [5, fifo],
    [6, (root) => {
      const w = apartmentWorld();
      new AraLane(root, { grid: w.grid, start: w.grid.id(21, 3), goal: w.goal, labels: w.rooms.map((r) => ({ cell: r.labelCell, text: r.name })) }, 'ARA*, kitchen to bedroom');
    }],
  ];
  return mounts.flatMap(([i, mount]) => {
    const box = byId(`ex-${i}-widget`);
    return box ? [{ name: `exercise ${i}`, near: box, run: () => mount(box) }] : [];
  });
}

/** 1: pick a cell relative to the goal; the eight moves are checked with the library's octile. */
function consistency(root: HTMLElement): void {
  const dx = el('input', { type: 'number', id: 'ex1-dx', min: '-6', max: '6', value: '3', class: 'small-num' });
  const dy = el('input', { type: 'number', id: 'ex1-dy', min: '-6', max: '6', value: '1', class: 'small-num' });
  const body = el('tbody');
  const verdict = el('p', { class: 'ex-verdict', 'aria-live': 'polite' });
  const show = () => {
    const rows = consistencyAt(Number(dx.value) || 0, Number(dy.value) || 0);
    body.textContent = '';
    let min = Infinity;
    for (const r of rows) {
      min = Math.min(min, r.slack);
      body.append(el('tr', r.slack < 1e-9 ? { class: 'tight' } : {},
        el('td', {}, `(${r.dx}, ${r.dy})`), el('td', {}, two(r.hn)), el('td', {}, two(r.c)), el('td', {}, two(r.hx)), el('td', {}, two(r.c + r.hx)),
        el('td', {}, r.slack > -1e-9 ? (r.slack < 1e-9 ? '= (tight)' : '≥') : '✗')));
    }
    root.dataset.minSlack = String(min);
    verdict.textContent = min > -1e-9
      ? `h(n) ≤ c(n, x) + h(x) holds for every one of the eight moves. Where the two sides are equal (slack 0), the move heads along a cheapest route.`
      : 'One of the moves breaks the inequality!';
  };
  dx.addEventListener('input', show);
  dy.addEventListener('input', show);
  const wit = sqrt2Witness();
  const fig = new GridCanvas({
    width: 2, height: 2, label: `The counterexample: two cells that touch diagonally; octile written with √2 gives ${wit.h.toFixed(3)}, the real cost is ${wit.trueCost}`, maxCell: 90, minCell: 50,
    paint: (ctx, layout) => {
      clearCells(ctx, layout);
      gridLines(ctx, layout);
      route(ctx, layout, [2, 1]);
      disc(ctx, layout, 2, COLORS.start, 0.22);
      diamond(ctx, layout, 1, 0.24);
      // The two numbers sit in the cells the diagonal does not cross, never on its line.
      drawLabels(ctx, layout, [{ cell: 3, text: `move ${wit.trueCost}` }, { cell: 0, text: `h ≈ ${wit.h.toFixed(3)}` }], [2, 1]);
    },
  });
  root.dataset.witnessH = String(wit.h);
  root.dataset.witnessCost = String(wit.trueCost);
  root.append(
    controlForm({ class: 'ex-inputs' }, 'Put cell n at ', el('label', { for: 'ex1-dx' }, 'Δx = '), dx, ' ', el('label', { for: 'ex1-dy' }, 'Δy = '), dy, ' from the goal. Each row below is one move from n to a neighbour x:'),
    el('div', { class: 'table-wrap' }, el('table', { class: 'mini' },
      el('thead', {}, el('tr', {}, ...['move', 'h(n)', 'c(n, x)', 'h(x)', 'c + h(x)', ''].map((t) => el('th', { scope: 'col' }, t)))), body)),
    verdict,
    el('div', { class: 'ex-witness' }, fig.canvas,
      el('p', {}, `For the second half: the start (green) and the goal (orange) touch diagonally. Moving between them costs ${wit.trueCost} on this grid, `
        + `yet octile written with √2 says ${wit.h.toFixed(4)}. That is more than the real cost, so this version of the estimate is not admissible here.`)),
  );
  show();
}

/** 2: the theater's query with walls deleted or costing 10000 to enter, room B's door open or shut. */
function walls(root: HTMLElement): void {
  let closed = false;
  const out = el('div', { 'aria-live': 'polite' });
  let data = wallModels(false);
  const g = data.grid;
  const fig = new GridCanvas({ width: g.width, height: g.height, label: 'Walls as 10000-cost cells', paint: (ctx, layout) => paintWalls(ctx, layout), maxCell: 24 });
  const paintWalls = (ctx: Ctx2D, layout: GridLayout) => {
    clearCells(ctx, layout);
    for (let n = 0; n < data.grid.size; n++) if (data.grid.isBlocked(n)) fillCell(ctx, layout, n, COLORS.wall);
    gridLines(ctx, layout);
    const enter = data.runs.find((r) => r.model === 'enter')!, del = data.runs.find((r) => r.model === 'delete')!;
    if (enter.path) route(ctx, layout, enter.path, { dashed: true, width: 0.22 });
    if (del.path) route(ctx, layout, del.path, { width: 0.12 });
    disc(ctx, layout, data.start);
    diamond(ctx, layout, data.goal);
  };
  const toggle = button('Close room B’s door', () => {
    closed = !closed;
    toggle.textContent = closed ? 'Open room B’s door' : 'Close room B’s door';
    toggle.setAttribute('aria-pressed', String(closed));
    show();
  }, { class: 'ex2-toggle', 'aria-pressed': 'false' });
  const show = () => {
    data = wallModels(closed);
    const [del, enter] = data.runs;
    const differ = (del.path === null) !== (enter.path === null) || Math.abs(del.cost - enter.cost) > 1e-9;
    root.dataset.deleteCost = String(del.cost);
    root.dataset.enterCost = String(enter.cost);
    root.dataset.differ = String(differ);
    out.textContent = '';
    out.append(el('table', { class: 'mini' },
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'walls are'), el('th', { scope: 'col' }, 'A* finds'), el('th', { scope: 'col' }, 'expansions'))),
      el('tbody', {},
        el('tr', {}, el('td', {}, 'deleted (solid line)'), el('td', {}, del.path ? `${two(del.cost)} m` : 'no path'), el('td', {}, String(del.expansions))),
        el('tr', {}, el('td', {}, 'kept, 10000 to enter (dashed)'), el('td', {}, enter.path ? `${two(enter.cost)}` : 'no path'), el('td', {}, String(enter.expansions))))),
      el('p', { class: 'ex-verdict' }, differ
        ? 'Now they differ. With the door closed there is no way into room B, so deleting the walls gives no path, while the 10000 version happily goes through the plaster: a “path” no robot can drive.'
        : 'The same route at the same cost: on a map this small, any way round costs far less than a single 10000 step.'));
    fig.draw();
  };
  root.append(el('p', { class: 'ex-query' }, `Query: ${theaterQuery().name}.`), el('div', { class: 'ex-controls' }, toggle), fig.canvas, out);
  show();
}

/** 3: commit to an answer, then run eps = 2 here and on random layouts. */
function predict(root: HTMLElement): void {
  const options = [
    ['anything', 'Yes. Once h is blown up, nothing limits what the route can cost.'],
    ['bounded', 'No. It may cost more than Dijkstra’s route, but never over twice as much, and usually far less.'],
    ['never', 'No. The route stays exactly the same; only the count of expansions changes.'],
  ] as const;
  // Toggle buttons rather than radios, so Tab reaches every choice.
  const fieldset = el('fieldset', { class: 'ex-predict' }, el('legend', {}, 'Your guess, before anything runs at ε = 2'));
  let picked: string | null = null;
  const choices = options.map(([value, text]) => button(text, () => {
    picked = value;
    choices.forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.value === value)));
    run.disabled = false;
  }, { id: `ex3-${value}`, class: 'ex3-choice', 'aria-pressed': 'false', 'data-value': value }));
  for (const c of choices) fieldset.append(el('div', {}, c));
  const out = el('div', { class: 'ex-verdict', 'aria-live': 'polite' });
  const run = button('Run ε = 2', () => {
    if (!picked) return;
    const here = theaterBound(2), rnd = randomBounds(2);
    root.dataset.picked = picked;
    root.dataset.theaterRatio = String(here.ratio);
    root.dataset.randomWorst = String(rnd.worst);
    root.dataset.randomWorse = String(rnd.worse);
    const right = picked === 'bounded';
    out.textContent = '';
    out.append(
      el('p', {}, right ? 'Right. ' : 'Not quite. ', 'As long as h is consistent, weighted A* at ε pays at most ε times the cheapest cost, even when it never reopens a closed cell, and on most maps a lot less than that.'),
      el('p', {}, `On ${theaterQuery().name}: ${two(here.cost)} m, where Dijkstra pays ${two(here.best)} m, a ratio of ${here.ratio.toFixed(3)}.`),
      el('p', {}, `On ${rnd.solved} random maps that have a route (out of ${rnd.trials}, from fixed seeds): ${rnd.worse} cost more than Dijkstra’s route, the worst by a factor of ${rnd.worst.toFixed(3)}, `
        + `${rnd.worst <= 2 + 1e-9 ? 'never over 2' : 'OVER 2'}. Those ${rnd.worse} maps also rule out the “route stays the same” answer.`),
    );
  }, { class: 'ex3-run', disabled: 'true' });
  root.append(el('p', { class: 'ex-query' }, `Query: ${theaterQuery().name}, with the A* lane’s search (no reopenings).`), controlForm({}, fieldset), run, out);
}

/** 4: the check (15, from the library) and the Apartment's repair-versus-redo table. */
function repair(root: HTMLElement): Promise<void> {
  const input = el('input', { type: 'number', id: 'ex4-answer', min: '0', class: 'small-num' });
  const out = el('p', { class: 'ex-verdict', 'aria-live': 'polite' });
  const check = button('Check', () => {
    const want = gateRepairPops();
    const got = Number(input.value);
    root.dataset.checked = String(got === want);
    out.textContent = got === want
      ? `Right: ${want} cells come off the queue, five of them in a RAISE state. Running the backward Dijkstra again from scratch would take 32.`
      : `Not ${input.value || 'that'}. Step through the repair in the gate world above and count the cells it takes off its queue (the library counts ${want}).`;
  }, { class: 'ex4-check' });
  const answer = controlForm({ class: 'ex-inputs' }, el('label', { for: 'ex4-answer' }, 'Gate world, robot at (3,2): how many cells does the D* repair take off its queue? '), input, ' ', check);
  // Enter in the number field checks the answer.
  answer.addEventListener('submit', () => check.click());
  const tbody = el('tbody');
  root.append(
    answer,
    out,
    el('div', { class: 'table-wrap' }, el('table', { class: 'mini' },
      el('caption', {}, 'The Apartment with the closure at step 1: cells the D* Lite repair takes off its queue, and cells a fresh A* from the same spot expands'),
      el('thead', {}, el('tr', {}, ...['closure', 'repair pops', 'cells touched', 'fresh A* expansions', ''].map((t) => el('th', { scope: 'col' }, t)))), tbody)),
  );
  // Eight repairs and eight fresh searches: a closure per short task, the rows filled in when all are done.
  return inSlices(repairRows()).then((rows) => {
    for (const r of rows) {
      tbody.append(el('tr', r.repair > r.fresh ? { class: 'worse' } : {},
        el('td', {}, r.closure), el('td', {}, String(r.repair)), el('td', {}, String(r.touched)), el('td', {}, String(r.fresh)),
        el('td', {}, r.repair > r.fresh ? 'repair is dearer' : 'repair is cheaper')));
    }
  });
}

/** 5: the witness, run by the library's breadth-first (a true FIFO) and Dijkstra, and the unit-weight agreement. */
function fifo(root: HTMLElement): Promise<void> {
  const w = fifoWitness();
  const name = (p: number[]) => p.map((n) => w.names[n]).join(' → ');
  root.dataset.bfsCost = String(w.bfs.cost);
  root.dataset.dijkstraCost = String(w.dijkstra.cost);
  const tally = el('p', {});
  root.append(
    el('p', {}, `The smallest example as a graph: S → a → b → c → G is four straight moves of 1 each, and S → d → e → G is three diagonal moves of 1.4 each.`),
    el('table', { class: 'mini' },
      el('thead', {}, el('tr', {}, ...['search', 'path', 'links', 'cost'].map((t) => el('th', { scope: 'col' }, t)))),
      el('tbody', {},
        el('tr', {}, el('td', {}, 'breadth-first (FIFO)'), el('td', {}, name(w.bfs.path)), el('td', {}, String(w.bfs.links)), el('td', {}, w.bfs.cost.toFixed(1))),
        el('tr', {}, el('td', {}, 'Dijkstra'), el('td', {}, name(w.dijkstra.path)), el('td', {}, String(w.dijkstra.links)), el('td', {}, w.dijkstra.cost.toFixed(1))))),
    tally,
  );
  // Two hundred grids, each searched twice: a few grids per short task.
  return inSlices(fifoTrials()).then((agree) => {
    root.dataset.agree = `${agree.agree}/${agree.compared}`;
    tally.textContent = `And when every move costs 1. Of ${agree.trials} random grids (four moves per cell, fixed seeds), ${agree.trials - agree.compared} have no route from start to goal, `
      + `since their walls cut the two apart, and both searches say so. On the other ${agree.compared}, breadth-first and Dijkstra gave the same cost and the same number of moves ${agree.agree} times.`;
  });
}
