import { onCellTap } from '../common/cell-tap.js';
import { el } from '../common/dom.js';
import { GridCanvas } from '../common/grid-canvas.js';
import { cellCentre, cssPx, moveCursor, type GridLayout } from '../common/layout.js';
import { COLORS, mix } from '../common/palette.js';
import { ReplayBar } from '../common/replay-bar.js';
import { clearCells, fillCell, gridLines, outline, route } from '../common/shapes.js';
import type { Ctx2D } from '../common/surface.js';
import { cellText } from '../opening/cell-text.js';
import { leeBoard, leeWave, type Board, type Wave, type Wire } from './lee-model.js';

/** The second wire is drawn in the start's green, the first in the path colour. */
const WIRE_COLORS = [COLORS.path, COLORS.start] as const;
const PIN_NAMES = [['A', 'B'], ['C', 'D']] as const;

/** One moment of the story: which wire, how many of its rings are shown, whether its route is walked back. */
interface Moment { wire: 0 | 1; rings: number; walked: boolean }

/**
 * Lee's wave-front router on a small circuit board: the wave leaves a pin
 * one ring at a time, each reached cell labelled with its distance; when a
 * ring touches the other pin the route is walked back from it through ever
 * smaller labels. The first wire then becomes an obstacle and the second
 * wire's wave has to find its way round it. The reader may put the second
 * wire's two pins anywhere free (click, or Enter on the keyboard cursor).
 * Every label and route is the library's flood on the 4-connected board.
 */
export class LeeWidget {
  readonly board: Board;
  /** The second wire's pins, as the reader placed them. */
  second: Wire;
  waves: [Wave, Wave];
  private moments: Moment[] = [];
  private readonly fig: GridCanvas;
  private readonly bar: ReplayBar;
  private readonly status: HTMLElement;
  private readonly note: HTMLElement;
  private cursor = -1;
  /** The next click places this end of the second wire. */
  private placing: 'from' | 'to' = 'from';

  constructor(readonly root: HTMLElement) {
    this.board = leeBoard();
    this.second = { ...this.board.wires[1] };
    const g = this.board.grid;
    this.fig = new GridCanvas({ width: g.width, height: g.height, label: 'A circuit board and the wave of labels', paint: (ctx, layout) => this.paint(ctx, layout), maxCell: 34, minCell: 14 });
    this.bar = new ReplayBar('Lee wave', 4, () => this.show());
    this.status = el('p', { class: 'lee-status', 'aria-live': 'polite' });
    this.note = el('p', { class: 'lee-note' });
    const c = this.fig.canvas;
    c.tabIndex = 0;
    c.setAttribute('aria-roledescription', 'circuit board');
    onCellTap(this.fig, (n) => this.place(n));
    c.addEventListener('keydown', (e) => {
      if (e.key.startsWith('Arrow')) { e.preventDefault(); this.cursor = moveCursor(this.fig.layout, this.cursor < 0 ? this.second.from : this.cursor, e.key); this.fig.draw(); }
      else if (e.key === 'Enter' && this.cursor >= 0) { e.preventDefault(); this.place(this.cursor); }
    });
    c.addEventListener('blur', () => { this.cursor = -1; this.fig.draw(); });
    root.append(
      el('p', { class: 'help' }, 'Step the wave out from pin A, one ring of labels at a time, until it reaches pin B; one more step walks the wire back. '
        + 'Then the second wire (C to D) is routed the same way, with the first wire in its way. Click two free cells (or press Enter on them) to place C and D yourself.'),
      this.fig.canvas, this.bar.root, this.status, this.note,
    );
    this.waves = this.route();
  }

  /** Both waves on the board as it is (the second one with the first wire laid), and the story over them. */
  private route(): [Wave, Wave] {
    const g = this.board.grid;
    const first = leeWave(g, this.board.wires[0]);
    const second = leeWave(g, this.second, first.route ?? []);
    this.waves = [first, second];
    this.moments = [{ wire: 0, rings: 0, walked: false }];
    for (const w of [0, 1] as const) {
      for (let k = 1; k <= this.waves[w].rings.length; k++) this.moments.push({ wire: w, rings: k, walked: false });
      if (this.waves[w].route) this.moments.push({ wire: w, rings: this.waves[w].rings.length, walked: true });
    }
    return this.waves;
  }

  /** Puts the next end of the second wire on `n` (a free cell off the first wire), then reroutes and replays the second wire. */
  private place(n: number): void {
    const first = this.waves[0].route ?? [];
    const pins = [this.board.wires[0].from, this.board.wires[0].to];
    if (this.board.grid.isBlocked(n) || first.includes(n) || pins.includes(n)) {
      this.note.textContent = `${this.board.grid.formatXY(n)} is taken (a part, or the first wire): a pin needs a free cell.`;
      return;
    }
    if (this.placing === 'from') { this.second = { from: n, to: this.second.to === n ? this.second.from : this.second.to }; this.placing = 'to'; }
    else { this.second = { from: this.second.from === n ? this.second.to : this.second.from, to: n }; this.placing = 'from'; }
    this.note.textContent = `Pin C at ${this.board.grid.formatXY(this.second.from)}, pin D at ${this.board.grid.formatXY(this.second.to)}. `
      + (this.placing === 'to' ? 'Click again to place D.' : 'Click again to move C.');
    this.route();
    // Replay from where the second wire's wave starts.
    const at = this.moments.findIndex((m) => m.wire === 1);
    this.bar.player.pause();
    this.bar.load(this.moments.length, at);
    this.show();
  }

  /** Called by the page's mount: the story starts at its first moment. */
  mount(): this {
    this.bar.load(this.moments.length, 0);
    this.show();
    return this;
  }

  private get moment(): Moment { return this.moments[Math.min(this.bar.k, this.moments.length - 1)]; }

  private show(): void {
    const m = this.moment, w = this.waves[m.wire], g = this.board.grid;
    const [a, b] = PIN_NAMES[m.wire];
    const wire = m.wire === 0 ? this.board.wires[0] : this.second;
    const labelled = w.rings.slice(0, m.rings).reduce((s, r) => s + r.length, 0);
    const d = this.root.dataset;
    d.step = String(this.bar.k);
    d.wire = String(m.wire + 1);
    d.ring = String(m.rings - 1);
    d.labelled = String(labelled);
    d.second = `${this.second.from},${this.second.to}`;
    for (const i of [0, 1] as const) {
      const r = this.waves[i].route;
      const laid = this.moments.findIndex((q) => q.wire === i && q.walked);
      d[`length${i + 1}`] = r && laid >= 0 && this.bar.k >= laid ? String(r.length - 1) : '';
    }
    let text: string;
    if (m.rings === 0) text = `Press Step (or Play) to send the wave out from pin ${a}.`;
    else if (m.walked) {
      const steps = w.route!.length - 1;
      text = `Wire ${m.wire + 1} walked back from pin ${b}, each step to a neighbour labelled one less: ${steps} steps, ${steps + 1} cells.`
        + (m.wire === 1 ? this.detour() : '');
    } else {
      const k = m.rings - 1, ring = w.rings[k];
      const reached = ring.includes(wire.to);
      text = `Ring ${k}: ${ring.length} cell${ring.length === 1 ? '' : 's'} labelled ${k}, ${labelled} labelled so far.`
        + (reached ? ` The wave has reached pin ${b}, ${k} steps from ${a}.` : '')
        + (!reached && m.rings === w.rings.length ? ` The wave stops here without reaching pin ${b}: nothing free is left to label, so ${b} is walled off.` : '');
    }
    this.status.textContent = text;
    this.fig.canvas.setAttribute('aria-label', `Circuit board, wire ${m.wire + 1}: ${text} ${g.width} by ${g.height} cells.`);
    this.fig.draw();
  }

  /** How much longer the second wire is than it would be on a board without the first. */
  private detour(): string {
    const alone = leeWave(this.board.grid, this.second).route;
    const laid = this.waves[1].route;
    if (!alone || !laid) return '';
    const extra = laid.length - alone.length;
    return extra > 0 ? ` Without the first wire in the way it would take ${alone.length - 1}: going round costs ${extra} more.` : ' The first wire is not in its way.';
  }

  private paint(ctx: Ctx2D, layout: GridLayout): void {
    const g = this.board.grid, m = this.moment;
    clearCells(ctx, layout);
    for (let n = 0; n < g.size; n++) if (g.isBlocked(n)) fillCell(ctx, layout, n, COLORS.wall);
    // The first wire, once laid, is part of the board for the second.
    const laid0 = m.wire === 1 || m.walked;
    const w = this.waves[m.wire];
    const shown = w.rings.slice(0, m.rings);
    const size = Math.round(Math.max(cssPx(layout, 11), layout.cell * 0.42));
    shown.forEach((ring, k) => {
      const newest = k === shown.length - 1 && !m.walked;
      for (const n of ring) fillCell(ctx, layout, n, newest ? mix(COLORS.open, COLORS.free, 0.2) : mix(COLORS.explored, COLORS.free, 0.8));
    });
    gridLines(ctx, layout, 10);
    if (laid0 && this.waves[0].route && (m.wire === 1 || m.walked)) route(ctx, layout, this.waves[0].route, { width: 0.34, color: WIRE_COLORS[0] });
    if (m.wire === 1 && m.walked && this.waves[1].route) route(ctx, layout, this.waves[1].route, { width: 0.34, color: WIRE_COLORS[1] });
    shown.forEach((ring, k) => {
      for (const n of ring) {
        const [cx, cy] = cellCentre(layout, n);
        cellText(ctx, String(k), cx, cy, size, 'center', 'middle', false);
      }
    });
    const wires = [this.board.wires[0], this.second];
    wires.forEach((wire, i) => {
      if (i === 1 && m.wire === 0) return; // the second wire's pins appear when its turn comes
      [wire.from, wire.to].forEach((n, j) => {
        fillCell(ctx, layout, n, WIRE_COLORS[i]);
        const [cx, cy] = cellCentre(layout, n);
        cellText(ctx, PIN_NAMES[i][j], cx, cy, size, 'center', 'middle', true);
      });
    });
    if (this.cursor >= 0) outline(ctx, layout, this.cursor, '#000000', 0.08, true);
  }
}
