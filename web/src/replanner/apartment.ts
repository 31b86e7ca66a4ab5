import { type DoorScenario, apartmentWorld, type ApartmentWorld } from '#bestfirst/worlds';
import { controlForm, el } from '../common/dom.js';
import { metres } from '../common/format.js';
import { GridCanvas } from '../common/grid-canvas.js';
import type { GridLayout } from '../common/layout.js';
import { COLORS, mix } from '../common/palette.js';
import { closureChoices, closureWording, doorAtCell, lastValidStep, latestRepair, repairedRouteWording, runLatestValid, verdict } from './apartment-model.js';
import { ReplayBar } from '../common/replay-bar.js';
import { clearCells, diamond, disc, drawLabels, fillCell, gridLines, hatchCell, outline, route, type Label } from '../common/shapes.js';
import { RAISE_COLOR } from './gate.js';
import type { Ctx2D } from '../common/surface.js';

const DOOR_TINT = '#f3e9d2';

/**
 * The Apartment scenario of the D* Replanner: Rusty drives its A* plan from
 * room A to the bedroom; at the step the reader picks, the closure the reader
 * picks (a kind of plan cell, or a door, also by clicking it) shuts; when
 * Rusty is next to it D* Lite repairs. The repair's footprint is painted
 * blue and compared with a fresh A*'s expansions from the same cell. Every
 * number and cell comes from the library's `doorClosesScenario`. The
 * constructor builds the controls; `rerun()` runs the first drive (the page
 * calls it in a task of its own: together they held the thread for 66 ms).
 */
export class ApartmentReplanner {
  readonly root: HTMLElement;
  readonly bar: ReplayBar;
  readonly world: ApartmentWorld;
  scenario: DoorScenario | null = null;
  /** The repair's part of the readout, shown from the step Rusty notices the closure (null: no repair). */
  private repairShown: { at: number; waiting: HTMLElement; numbers: HTMLElement } | null = null;
  private readonly fig: GridCanvas;
  private readonly note: HTMLElement;
  private maxFor = '';
  private readonly closureSel: HTMLSelectElement;
  private readonly stepIn: HTMLInputElement;
  private readonly stepOut: HTMLOutputElement;
  private readonly say: HTMLElement;
  private readonly readout: HTMLElement;
  private readonly labels: Label[];

  constructor(root: HTMLElement, closure = 'halfway', closeAt = 1) {
    this.root = root;
    this.world = apartmentWorld();
    const g = this.world.grid;
    this.labels = this.world.rooms.map((r) => ({ cell: r.labelCell, text: r.name }));
    this.fig = new GridCanvas({ width: g.width, height: g.height, label: 'The Apartment', paint: (ctx, layout) => this.paint(ctx, layout), maxCell: 36, minCell: 6 });
    this.fig.canvas.addEventListener('click', (e) => {
      const door = doorAtCell(this.world, this.fig.cellOf(e));
      if (door !== null) { this.closureSel.value = door; this.rerun(); }
    });
    this.bar = new ReplayBar('the Apartment drive', 2, () => this.render());
    this.closureSel = el('select', { id: 'apt-closure' });
    for (const c of closureChoices(this.world)) this.closureSel.append(el('option', { value: c.value }, c.label));
    this.closureSel.value = closure;
    this.closureSel.addEventListener('change', () => this.rerun());
    this.stepIn = el('input', { type: 'range', id: 'apt-step', min: '0', max: '10', step: '1', value: String(closeAt), 'aria-describedby': 'apt-step-out' });
    this.stepOut = el('output', { id: 'apt-step-out', for: 'apt-step' });
    this.stepIn.addEventListener('input', () => this.rerun());
    this.say = el('p', { class: 'rp-say', 'aria-live': 'polite' });
    this.note = el('p', { class: 'rp-note', 'aria-live': 'polite' });
    this.readout = el('div', { class: 'rp-apt-readout', 'aria-live': 'polite' });
    root.append(
      controlForm({ class: 'rp-apt-controls' },
        el('label', { for: 'apt-closure' }, 'What closes: '), this.closureSel,
        el('span', { class: 'rp-apt-step' }, el('label', { for: 'apt-step' }, 'at step '), this.stepIn, this.stepOut)),
      this.note,
      el('p', { class: 'help' }, 'Click a door on the plan (or pick it above) to close that door instead. Doors Rusty never passes do not trigger a repair: it only learns about cells next to it.'),
      el('div', { class: 'rp-layout' },
        el('div', { class: 'rp-figure rp-figure-wide' }, this.fig.canvas,
          el('p', { class: 'rp-key' },
            el('span', { class: 'k-foot' }, 'blue: cells the D* Lite repair touched'), ' ',
            el('span', { class: 'k-raise' }, 'orange, hatched: closed'), ' ',
            el('span', { class: 'k-path' }, 'purple: the plan from here (dashed: driven)'))),
        el('div', { class: 'rp-side' }, this.readout)),
      this.bar.root, this.say,
    );
  }

  /** Re-runs the library's scenario for the current choices and replays it from the start. */
  rerun(): void {
    const closure = this.closureSel.value;
    const asked = Number(this.stepIn.value);
    const { run, closeAt } = runLatestValid(closure, asked);
    // The slider offers only the steps before Rusty reaches the closure, so no choice leaves the widget empty.
    if (run.ok && this.maxFor !== closure) {
      this.maxFor = closure;
      this.stepIn.max = String(lastValidStep(closure, run.scenario.initialPlan.length - 2));
    }
    this.stepIn.value = String(closeAt);
    this.stepOut.textContent = String(closeAt);
    this.note.textContent = closeAt < asked
      ? `Rusty reaches this closure after step ${closeAt}, so step ${closeAt} is the latest it can close before Rusty gets there.`
      : '';
    const d = this.root.dataset;
    d.closure = closure;
    d.closeAt = String(closeAt);
    if (!run.ok) {
      this.scenario = null;
      d.repairPops = d.freshExpansions = d.touched = '';
      this.readout.textContent = '';
      this.readout.append(el('p', { class: 'rp-error' }, `Not this combination: ${run.message}`));
      this.bar.load(1, 0);
      return;
    }
    const s = run.scenario;
    this.scenario = s;
    d.noticeStep = String(s.noticeStep);
    d.repairPops = s.repair ? String(s.repair.pops) : 'none';
    d.touched = s.repair ? String(s.repair.touched) : 'none';
    d.freshExpansions = String(s.freshExpansions);
    d.freshDstarPops = String(s.freshDStarPops);
    d.repairedCost = s.repair ? s.repairedCost.toFixed(6) : 'none';
    // The readout first: loading the bar renders step 0, which shows or holds back its repair part.
    this.fillReadout(s);
    this.bar.load(s.steps.length, 0);
  }

  private fillReadout(s: DoorScenario): void {
    const r = this.readout;
    r.textContent = '';
    this.repairShown = null;
    const where = closureWording(s);
    r.append(el('p', {}, `Plan: ${metres(s.initialCost)} through ${s.initialDoors.join(' then ')} (A*, ${s.initialExpansions} expansions). Closure: ${where}, at step ${s.closeAt}.`));
    if (!s.repair) {
      r.append(el('p', { class: 'rp-verdict' }, 'Rusty never stood next to the closed cells, so it never learned of them and D* Lite had nothing to repair.'));
      return;
    }
    // The repair's numbers are what happens at the step Rusty notices: until the replay gets there, the readout says when.
    const waiting = el('p', { class: 'rp-waiting' }, `Rusty has not met the closure yet. At step ${s.noticeStep} it will stand next to it, and D* Lite's repair is counted here.`);
    const numbers = el('div', { class: 'rp-repair' });
    this.repairShown = { at: s.noticeStep, waiting, numbers };
    r.append(waiting, numbers);
    numbers.append(el('dl', { class: 'rp-readout' },
      el('dt', {}, 'noticed at step'), el('dd', { 'data-out': 'notice' }, String(s.noticeStep)),
      el('dt', {}, 'D* Lite repair: queue pops'), el('dd', { 'data-out': 'repair-pops' }, String(s.repair.pops)),
      el('dt', {}, 'cells it touched (blue)'), el('dd', { 'data-out': 'touched' }, String(s.repair.touched)),
      el('dt', {}, 'fresh A* from the same cell: expansions'), el('dd', { 'data-out': 'fresh' }, String(s.freshExpansions)),
      el('dt', {}, 'fresh D* Lite from that cell: pops'), el('dd', { 'data-out': 'fresh-dstar' }, String(s.freshDStarPops)),
      el('dt', {}, 'repaired plan'), el('dd', { 'data-out': 'cost' }, `${metres(s.repairedCost)}, ${repairedRouteWording(s)}`)));
    numbers.append(el('p', { class: 'rp-verdict' }, `${s.repair.pops} pops against ${s.freshExpansions} expansions: ${verdict(s.repair.pops, s.freshExpansions)}.`));
  }

  render(): void {
    const s = this.scenario;
    const k = this.bar.k;
    this.root.dataset.step = String(k);
    if (!s) {
      this.say.textContent = 'Pick another step or closure.';
      this.fig.draw();
      return;
    }
    const shown = this.repairShown;
    if (shown) {
      shown.waiting.hidden = k >= shown.at;
      shown.numbers.hidden = k < shown.at;
    }
    const st = s.steps[k], g = this.world.grid;
    const parts = [`Step ${st.step}: Rusty at ${g.formatXY(st.robot)}, ${metres(st.cost)} to go by D* Lite (a fresh A* says ${metres(st.freshCost)}).`];
    if (st.closed.length) parts.push(`The closure shuts ${st.closed.map((c) => g.formatXY(c)).join(' ')} now.`);
    if (st.repair) parts.push(`Rusty is next to it and notices: D* Lite repairs with ${st.repair.pops} pops, touching ${st.repair.touched} cells; a fresh A* from here needs ${st.freshExpansions} expansions.`);
    if (k === s.steps.length - 1) parts.push(`Arrived after ${metres(s.drivenCost)} of driving.`);
    this.say.textContent = parts.join(' ');
    this.fig.canvas.setAttribute('aria-label', `The Apartment. ${parts.join(' ')}`);
    this.fig.draw();
  }

  private paint(ctx: Ctx2D, layout: GridLayout): void {
    const g = this.world.grid, s = this.scenario;
    clearCells(ctx, layout);
    for (const d of this.world.doors) for (const n of d.cells) fillCell(ctx, layout, n, DOOR_TINT);
    const k = this.bar.k;
    if (s) {
      const j = latestRepair(s, k);
      if (j >= 0) {
        const fade = j === k ? 0.75 : 0.45;
        for (const n of s.steps[j].footprint) fillCell(ctx, layout, n, mix(COLORS.free, COLORS.explored, fade));
      }
    }
    for (let n = 0; n < g.size; n++) if (g.isBlocked(n)) fillCell(ctx, layout, n, COLORS.wall);
    if (s && k >= s.closeAt) {
      for (const n of s.closure.cells) { fillCell(ctx, layout, n, mix(COLORS.wall, RAISE_COLOR, 0.5)); hatchCell(ctx, layout, n, RAISE_COLOR); }
    } else if (s) {
      for (const n of s.closure.cells) outline(ctx, layout, n, RAISE_COLOR, 0.12, true);
    }
    gridLines(ctx, layout);
    const robot = s ? s.steps[k].robot : this.world.start;
    drawLabels(ctx, layout, this.labels, [robot, s ? s.goal : this.world.goal]);
    if (s) {
      const st = s.steps[k];
      route(ctx, layout, s.driven.slice(0, k + 1), { dashed: true, width: 0.12 });
      route(ctx, layout, st.plan, { width: 0.18 });
      diamond(ctx, layout, s.goal);
      disc(ctx, layout, st.robot);
    } else {
      diamond(ctx, layout, this.world.goal);
      disc(ctx, layout, this.world.start);
    }
  }
}
