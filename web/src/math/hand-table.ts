import { astar, dijkstra, greedy, Searcher } from '#bestfirst';
import { counterexampleWorld, handTraceWorld } from '#bestfirst/worlds';
import { el } from '../common/dom.js';

const f1 = (v: number) => v.toFixed(1);

/** The chapter's hand trace as a table, filled from the library's trace of the 4 x 3 grid. */
export function fillHandTrace(table: HTMLTableElement, summary: HTMLElement): void {
  const w = handTraceWorld();
  const s = new Searcher(w.grid);
  s.search(w.start, w.goal, { heuristic: w.h, trace: true });
  const body = table.tBodies[0] ?? table.appendChild(document.createElement('tbody'));
  body.replaceChildren(...s.trace!.pops.map((p, k) => el('tr', {},
    el('td', {}, String(k + 1)), el('td', {}, w.grid.formatColRow(p.node)),
    el('td', {}, f1(p.g)), el('td', {}, f1(p.h)), el('td', {}, f1(p.f)))));
  const d = dijkstra(w.grid, w.start, w.goal);
  const gr = greedy(w.grid, w.start, w.goal, w.h);
  summary.textContent = `Path ${s.path()!.map((n) => w.grid.formatColRow(n)).join(' → ')}, cost ${f1(s.cost)} after ${s.expansions} expansions. `
    + `Dijkstra (h = 0) expands ${d.expansions} cells for the same ${f1(d.cost)}; greedy expands ${gr.expansions} and happens to pay ${f1(gr.cost)}.`;
}

/** The four-node counterexample, run by the library. */
export function fillCounterexample(out: HTMLElement): void {
  const w = counterexampleWorld();
  const a = astar(w.graph, w.start, w.goal, w.h);
  const d = dijkstra(w.graph, w.start, w.goal);
  const names = (p: number[] | null) => (p ?? []).map((n) => w.names[n]).join(' → ');
  out.textContent = `The library's A* with this h returns ${names(a.path)} at cost ${a.cost}; Dijkstra returns ${names(d.path)} at cost ${d.cost}.`;
}
