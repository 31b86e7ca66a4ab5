import { controlForm, el } from '../common/dom.js';
import { GridCanvas } from '../common/grid-canvas.js';
import type { GridLayout } from '../common/layout.js';
import { fillMark, keyEntry, legend, type Mark } from '../common/legend.js';
import { COLORS } from '../common/palette.js';
import { clearCells, diamond, disc, fillCell, gridLines, route } from '../common/shapes.js';
import type { Ctx2D } from '../common/surface.js';
import { AGENTS, AREAS, areaMap, areaRun, type AreaMap, type AreaName, type AreaRun, type Choice, type Filter } from './area-model.js';

const CHOICES: readonly Choice[] = [1, 1.5, 2, 3, 4, 5, 'excluded'];
/** The darkening laid over ground the agent may not enter (at 0.55 opacity), in the map and in its key. */
const EXCLUDED = '#5a5a5a';
const BUDGET_MAX = 40;

/**
 * Area costs, Detour style: one game map whose cells carry a kind of ground,
 * and a filter per agent saying what each kind costs it (or that it may not
 * go there). Changing the filter reruns the library's search on the filtered
 * grid; the path's cost is split by ground. Beside it, a flood from the same
 * start with a cost budget and no goal: every cell the agent can reach for
 * that much, the range query a game asks when it wants "where can this unit
 * get this turn", not "how do I get there".
 */
export class AreaCostsWidget {
  readonly map: AreaMap;
  filter: Filter = { ...AGENTS[0].filter };
  budget = 12;
  run: AreaRun;
  private readonly fig: GridCanvas;
  private readonly selects: Partial<Record<AreaName, HTMLSelectElement>> = {};
  private readonly agentBtns: HTMLButtonElement[] = [];
  private readonly budgetIn: HTMLInputElement;
  private readonly budgetOut: HTMLOutputElement;
  private readonly pathOut: HTMLElement;
  private readonly floodOut: HTMLElement;

  constructor(readonly root: HTMLElement) {
    this.map = areaMap();
    const g = this.map.grid;
    this.run = areaRun(this.map, this.filter, this.budget);
    this.fig = new GridCanvas({ width: g.width, height: g.height, label: 'A game map of road, grass, mud and water', paint: (ctx, layout) => this.paint(ctx, layout), maxCell: 30, minCell: 12 });
    const agents = el('div', { class: 'ac-agents', role: 'group', 'aria-label': 'Agents' }, 'Agent: ');
    AGENTS.forEach((a, i) => {
      const b = el('button', { type: 'button', class: 'ac-agent', 'aria-pressed': String(i === 0) }, a.name);
      b.addEventListener('click', () => { this.filter = { ...a.filter }; this.update(); });
      this.agentBtns.push(b);
      agents.append(b);
    });
    const panel = controlForm({ class: 'ac-filter', role: 'group', 'aria-label': 'What each kind of ground costs' });
    for (const a of AREAS) {
      const id = `ac-${a.name}`;
      const swatch = fillMark(a.color);
      if (a.name === 'road') { panel.append(el('span', { class: 'ac-area' }, swatch, 'road ×1')); continue; }
      const sel = el('select', { id });
      for (const c of CHOICES) sel.append(el('option', { value: String(c) }, c === 'excluded' ? 'excluded' : `×${c}`));
      sel.addEventListener('change', () => { this.filter = { ...this.filter, [a.name]: sel.value === 'excluded' ? 'excluded' : Number(sel.value) }; this.update(); });
      this.selects[a.name] = sel;
      panel.append(el('label', { class: 'ac-area', for: id }, swatch, `${a.name} `, sel));
    }
    this.budgetIn = el('input', { type: 'range', id: 'ac-budget', min: '0', max: String(BUDGET_MAX), step: '1', value: String(this.budget) });
    this.budgetOut = el('output', { for: 'ac-budget' });
    this.budgetIn.addEventListener('input', () => { this.budget = Number(this.budgetIn.value); this.update(); });
    this.pathOut = el('p', { class: 'ac-path', 'aria-live': 'polite' });
    this.floodOut = el('p', { class: 'ac-flood', 'aria-live': 'polite' });
    root.append(
      el('p', { class: 'help' }, 'Pick an agent, or set what each kind of ground costs: the cheapest path is searched again on the filtered map. '
        + 'The blue tint is a flood from the start with the budget below: every cell this agent can reach for that cost or less. '
        + 'A step costs its length times the weight of the ground it enters, and a diagonal step is √2 (about 1.414) long here, '
        + 'its exact length; the hand-worked figures earlier on the page round it to 1.4 to keep their sums short.'),
      agents, panel, this.fig.canvas, areaLegend(),
      controlForm({ class: 'ac-budget' }, el('label', { for: 'ac-budget' }, 'Flood budget '), this.budgetIn, this.budgetOut),
      this.pathOut, this.floodOut,
    );
    this.update();
  }

  private update(): void {
    this.run = areaRun(this.map, this.filter, this.budget);
    for (const a of AREAS) { const s = this.selects[a.name]; if (s) s.value = String(this.filter[a.name]); }
    const agent = AGENTS.findIndex((a) => AREAS.every((x) => a.filter[x.name] === this.filter[x.name]));
    this.agentBtns.forEach((b, i) => b.setAttribute('aria-pressed', String(i === agent)));
    this.budgetOut.textContent = String(this.budget);
    const { found, byArea, reach } = this.run;
    const d = this.root.dataset;
    d.agent = agent >= 0 ? AGENTS[agent].name : 'custom';
    d.cost = Number.isFinite(found.cost) ? found.cost.toFixed(6) : 'Infinity';
    d.byArea = JSON.stringify(Object.fromEntries(AREAS.map((a) => [a.name, Number(byArea[a.name].toFixed(6))])));
    d.reached = String(reach.reached);
    d.budget = String(this.budget);
    // The cells the path and the flood cover, for the page's tests (a wall among them is a bug: issue 31, item 1).
    d.path = (found.path ?? []).join(' ');
    d.flooded = Array.from(reach.order.subarray(0, reach.reached)).join(' ');
    if (found.path) {
      // Two decimals: the costs are sums of 1s and √2s times small weights, and nine digits of √2 read as noise.
      const parts = AREAS.filter((a) => byArea[a.name] > 0).map((a) => `${a.name} ${byArea[a.name].toFixed(2)}`).join(', ');
      this.pathOut.textContent = `Cheapest path: cost ${found.cost.toFixed(2)} over ${found.path.length - 1} steps (${parts}), ${found.expansions} cells expanded.`;
    } else {
      this.pathOut.textContent = 'No path: this filter shuts off every way to the goal.';
    }
    this.floodOut.textContent = `Within a cost of ${this.budget} of the start: ${reach.reached} cell${reach.reached === 1 ? '' : 's'} (a flood: no goal, no heuristic, just every cell in cost order up to the budget).`;
    this.fig.draw();
  }

  private paint(ctx: Ctx2D, layout: GridLayout): void {
    const { grid } = this.map, areas = grid.areas!;
    clearCells(ctx, layout);
    const filtered = this.run.grid;
    for (let n = 0; n < grid.size; n++) {
      fillCell(ctx, layout, n, grid.isBlocked(n) ? COLORS.wall : AREAS[areas[n]].color);
    }
    // Ground the agent may not enter, crossed out in the wall colour.
    ctx.save();
    ctx.globalAlpha = 0.55;
    for (let n = 0; n < grid.size; n++) if (!grid.isBlocked(n) && filtered.isBlocked(n)) fillCell(ctx, layout, n, EXCLUDED);
    ctx.globalAlpha = 0.35;
    const { reach } = this.run;
    for (let i = 0; i < reach.reached; i++) fillCell(ctx, layout, reach.order[i], COLORS.explored);
    ctx.restore();
    gridLines(ctx, layout, 10);
    if (this.run.found.path) route(ctx, layout, this.run.found.path, { width: 0.3 });
    disc(ctx, layout, this.map.start);
    diamond(ctx, layout, this.map.goal);
  }
}

/** The map's key: each ground, walls, ground the agent may not enter, the flood's tint, the path and its ends. */
function areaLegend(): HTMLElement {
  const key = (mark: Mark, text: string) => keyEntry(mark, text, 'ac-key');
  return legend('Key of the area map', 'ac-legend',
    ...AREAS.map((a) => key(fillMark(a.color), a.name)),
    key(fillMark(COLORS.wall), 'wall'),
    key(fillMark(EXCLUDED, 0.55), 'ground this agent may not enter (darkened)'),
    key(fillMark(COLORS.explored, 0.35), 'within the flood budget (blue tint)'),
    key('key-path', 'cheapest path'), key('key-start', 'start'), key('key-goal', 'goal'));
}
