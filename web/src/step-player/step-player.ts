import { frontierBefore } from '#bestfirst/internal';
import { narrationLine } from '#bestfirst/worlds';
import { button, controlForm, el, reducedMotion } from '../common/dom.js';
import { EditSwitch, Editing } from '../common/editor.js';
import { drawFigure } from '../common/figure.js';
import { num } from '../common/format.js';
import { GridCanvas } from '../common/grid-canvas.js';
import { Player } from '../common/player.js';
import { checkPick, isDecision, revealAnswer } from './quiz.js';
import { cellInfo, sceneAt } from '../common/scene.js';
import { STEP_HEURISTICS, StepModel, type StepHeuristic, type StepRun } from './step-model.js';

/** Room for the coordinates along the top and left of the grid, in CSS pixels. */
const AXIS_GUTTER = 22;

/**
 * The step player: one expansion per step with its narration line, the
 * frontier listed by f, and a quiz mode in which the reader picks the next
 * cell (on the grid or in the list) before the library's trace reveals it.
 * The grid carries its coordinates; pointing at a cell (or moving the
 * keyboard cursor to it) reads its g, h and f at this step, and pointing at
 * a frontier entry outlines its cell.
 */
export class StepPlayer {
  readonly model = new StepModel();
  run!: StepRun;
  readonly player: Player;
  private readonly canvas: GridCanvas;
  readonly editing: Editing;
  readonly touch: EditSwitch;
  private readonly narration: HTMLElement;
  private readonly cellOut: HTMLElement;
  private readonly noPath: HTMLElement;
  /** The cell a frontier entry points at, outlined on the grid; -1 for none. */
  private highlight = -1;
  private readonly frontier: HTMLOListElement;
  private readonly verdict: HTMLElement;
  private readonly scoreEl: HTMLElement;
  private readonly stepLabel: HTMLElement;
  private readonly playBtn: HTMLButtonElement;
  private readonly quizBox: HTMLInputElement;
  private readonly conn: HTMLSelectElement;
  private readonly heur: HTMLSelectElement;
  private score = { right: 0, asked: 0 };
  /** Decisions already answered (by k), so a second try does not score twice. */
  private answered = new Set<number>();
  /** Called after every rerun, so the asides that read this grid stay current. */
  readonly listeners: (() => void)[] = [];

  constructor(readonly root: HTMLElement) {
    this.player = new Player(() => this.render());
    this.player.rate = reducedMotion() ? 2 : 4;
    const m = this.model;
    this.canvas = new GridCanvas({
      width: m.width, height: m.height, maxCell: 56, gutter: AXIS_GUTTER,
      label: 'Step player grid',
      paint: (ctx, layout) => {
        const focused = document.activeElement === this.canvas.canvas;
        drawFigure(ctx, {
          layout, blocked: m.cells, start: m.start, goal: m.goal,
          scene: sceneAt(this.run.trace, m.width * m.height, this.player.k, this.run.path),
          h: (n) => this.run.h(n, m.goal), cursor: focused ? this.editing.cursor : this.editing.hover, highlight: this.highlight,
        });
      },
    });
    this.touch = new EditSwitch('Edit walls by touch');
    this.editing = new Editing(this.canvas, {
      world: () => m, onEdit: () => this.rerun(), touch: () => this.touch.on,
      // In the quiz a click on a cell is an answer, never a wall.
      enabled: () => !this.quiz,
      onCursor: () => { this.showCell(); this.canvas.requestDraw(); },
      onHover: () => { this.showCell(); this.canvas.requestDraw(); },
    });
    this.touch.add(this.canvas.canvas);
    this.canvas.canvas.addEventListener('click', (e) => { if (this.asking) this.pick(this.canvas.cellOf(e)); });
    this.canvas.canvas.addEventListener('keydown', (e) => {
      if (this.asking && (e.key === 'Enter' || e.key === ' ') && this.editing.cursor >= 0) { e.preventDefault(); this.pick(this.editing.cursor); }
    });

    this.conn = el('select', { id: 'sp-conn' },
      el('option', { value: '4' }, '4-connected'), el('option', { value: '8' }, '8-connected (diagonal 1.4)'));
    this.heur = el('select', { id: 'sp-heur' }, ...STEP_HEURISTICS.map((h) => el('option', { value: h }, h)));
    this.conn.addEventListener('change', () => { m.settings.connectivity = this.conn.value === '8' ? 8 : 4; this.rerun(); });
    this.heur.addEventListener('change', () => { m.settings.heuristic = this.heur.value as StepHeuristic; this.rerun(); });
    this.quizBox = el('input', { type: 'checkbox', id: 'sp-quiz' });
    this.quizBox.addEventListener('change', () => { this.verdict.textContent = ''; this.player.pause(); this.render(); });

    this.playBtn = button('Play', () => this.player.toggle(), { class: 'sp-play' });
    this.narration = el('p', { class: 'narration', 'aria-live': 'polite', id: 'sp-narration' });
    this.noPath = el('p', { class: 'sp-nopath', role: 'status' });
    this.cellOut = el('p', { class: 'sp-cell', 'aria-live': 'polite' });
    this.frontier = el('ol', { class: 'frontier', 'aria-label': 'Frontier, smallest f first' });
    this.verdict = el('p', { class: 'verdict', 'aria-live': 'assertive' });
    this.scoreEl = el('p', { class: 'score' });
    this.stepLabel = el('span', { class: 'step-label' });

    root.append(
      controlForm({ class: 'sp-settings' },
        el('label', { for: 'sp-conn' }, 'Moves '), this.conn,
        el('label', { for: 'sp-heur' }, ' Heuristic '), this.heur,
        button('Lesson grid', () => { m.resetLesson(); this.conn.value = '4'; this.heur.value = 'manhattan'; this.rerun(); }, { class: 'sp-lesson' }),
        button('Clear walls', () => { m.clearWalls(); this.rerun(); }, { class: 'sp-clear' })),
      el('div', { class: 'sp-body' },
        el('div', { class: 'sp-figure' }, this.canvas.canvas, this.cellOut,
          el('p', { class: 'help' }, 'Click or drag to draw walls; drag the start or goal. Keyboard: arrows, Space, S, G. '
            + 'In the quiz, click the cell you think comes next. On a touch screen, switch on “Edit walls by touch” to draw with a finger.'),
          this.touch.button),
        el('div', { class: 'sp-side' },
          controlForm({ class: 'sp-controls' },
            button('Restart', () => { this.player.pause(); this.player.seek(0); }, { class: 'sp-first', 'aria-label': 'Back to the start' }),
            button('◀ Back', () => this.player.step(-1), { class: 'sp-back', 'aria-label': 'Back one expansion' }),
            button('Step ▶', () => this.stepOn(), { class: 'sp-step', 'aria-label': 'Step one expansion' }),
            this.playBtn, this.stepLabel),
          controlForm({}, el('label', { class: 'quiz-toggle' }, this.quizBox, ' Quiz me: I pick the next cell')),
          this.narration, this.noPath,
          el('h4', {}, 'Waiting on the frontier, lowest f first'), this.frontier,
          this.verdict, this.scoreEl)),
    );
    this.rerun();
  }

  get quiz(): boolean { return this.quizBox.checked; }

  /** In the quiz, at a decision: a click on a cell (or an entry) answers it, and may try again. */
  private get asking(): boolean {
    return this.quiz && isDecision(this.run.trace, this.player.k);
  }

  /** Step: in the quiz, stepping past an open question counts it, and says what the answer was. */
  private stepOn(): void {
    const k = this.player.k;
    if (this.asking && !this.answered.has(k)) {
      const r = revealAnswer(this.run.trace, k, this.name);
      this.answered.add(k);
      this.score.asked++;
      this.verdict.textContent = r.reason;
      this.verdict.dataset.correct = 'skipped';
    }
    this.player.step();
  }

  rerun(): void {
    this.run = this.model.run();
    this.score = { right: 0, asked: 0 };
    this.answered.clear();
    this.verdict.textContent = '';
    this.player.load(this.run.trace.pops.length, 0);
    for (const f of this.listeners) f();
  }

  private name = (n: number) => this.run.grid.formatXY(n);

  private pick(node: number): void {
    if (node < 0) return;
    const k = this.player.k;
    const v = checkPick(this.run.trace, k, node, this.name);
    if (!this.answered.has(k)) {
      this.answered.add(k);
      this.score.asked++;
      if (v.correct) this.score.right++;
    }
    this.verdict.textContent = v.reason;
    this.verdict.dataset.correct = String(v.correct);
    if (v.correct) this.player.step();
    else this.render();
  }

  render(): void {
    const { trace } = this.run;
    const k = this.player.k, n = trace.pops.length;
    this.stepLabel.textContent = `step ${k} of ${n}`;
    this.root.dataset.step = String(k);
    this.playBtn.textContent = this.player.playing ? 'Pause' : 'Play';
    this.playBtn.setAttribute('aria-pressed', String(this.player.playing));
    this.narration.textContent = k === 0
      ? `Step 0: nothing is expanded yet. The frontier holds one cell, the start ${this.name(this.model.start)}.`
      : narrationLine(trace, this.run.grid, this.model.goal, k - 1);

    const entries = k < n ? frontierBefore(trace, k) : [];
    const asking = this.quiz && isDecision(trace, k);
    // Play stops at a question in the quiz: the reader answers, then plays on.
    if (asking && this.player.playing && !this.answered.has(k)) { this.player.pause(); return; } // pause() renders again
    this.highlight = -1;
    this.frontier.replaceChildren(...entries.map((e) => {
      const text = `${this.name(e.node)} f ${num(e.f)} (g ${num(e.g)}, h ${num(e.h)})`;
      const li = asking
        ? el('li', { 'data-node': String(e.node) }, button(text, () => this.pick(e.node), { class: 'pick', 'data-node': String(e.node), 'aria-label': `Expand ${this.name(e.node)} next: f ${num(e.f)}` }))
        : el('li', { 'data-node': String(e.node), tabindex: '0' }, text);
      // Each entry points at its cell on the grid.
      const on = () => { this.highlight = e.node; this.root.dataset.highlight = String(e.node); this.canvas.requestDraw(); };
      const off = () => { if (this.highlight === e.node) { this.highlight = -1; delete this.root.dataset.highlight; this.canvas.requestDraw(); } };
      li.addEventListener('pointerenter', on);
      li.addEventListener('pointerleave', off);
      li.addEventListener('focusin', on);
      li.addEventListener('focusout', off);
      return li;
    }));
    const unreachable = k >= n && n > 0 && this.run.path === null;
    if (k >= n && n > 0) this.frontier.append(el('li', { class: 'done' }, unreachable ? 'Empty: nothing left to expand.' : 'Search over.'));
    this.noPath.textContent = unreachable
      ? `No path. After ${n} expansions the open set is empty: every cell the start ${this.name(this.model.start)} can reach has been closed, `
        + `and the goal ${this.name(this.model.goal)} is not one of them. Walls cut it off.`
      : '';
    this.root.dataset.unreachable = String(unreachable);
    this.root.dataset.asking = String(asking);
    this.scoreEl.textContent = this.quiz ? `Score: ${this.score.right} of ${this.score.asked} on the first try.` : '';
    this.canvas.canvas.setAttribute('aria-label', `Step player grid, ${this.run.grid.width} by ${this.run.grid.height}: step ${k} of ${n}. ${this.narration.textContent}`);
    this.showCell();
    this.canvas.draw();
  }

  /** The readout under the grid: the pointed (or keyboard) cell at this step, with g, h and f. */
  private showCell(): void {
    const focused = document.activeElement === this.canvas.canvas;
    const cell = focused ? this.editing.cursor : this.editing.hover;
    const d = this.root.dataset;
    if (cell < 0) { this.cellOut.textContent = ''; delete d.cell; return; }
    d.cell = String(cell);
    const at = this.name(cell);
    if (this.model.cells[cell]) { this.cellOut.textContent = `${at}: wall.`; return; }
    const info = cellInfo(this.run.trace, this.player.k, cell);
    this.cellOut.textContent = info.state === 'unreached'
      ? `${at}: not reached yet; h = ${num(this.run.h(cell, this.model.goal))}.`
      : `${at}: ${info.state}; g = ${num(info.g)}, h = ${num(info.h)}, f = g + h = ${num(info.f)}.`;
  }
}
