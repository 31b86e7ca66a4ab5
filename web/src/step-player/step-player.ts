import { frontierBefore } from '../../../src/trace.js';
import { button, el, reducedMotion } from '../shared/dom.js';
import { num } from '../shared/format.js';
import { GridCanvas } from '../shared/grid-canvas.js';
import { narrationLine } from './narration.js';
import { Player } from '../shared/player.js';
import { checkPick, isDecision } from './quiz.js';
import { sceneAt } from '../shared/scene.js';
import { STEP_HEURISTICS, StepModel, type StepHeuristic, type StepRun } from './step-model.js';

/**
 * The step player: one expansion per step with its narration line, the
 * frontier listed by f, and a quiz mode in which the reader picks the next
 * cell before the library's trace reveals it.
 */
export class StepPlayer {
  readonly model = new StepModel();
  run!: StepRun;
  readonly player: Player;
  private readonly canvas: GridCanvas;
  private readonly narration: HTMLElement;
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
      width: m.width, height: m.height, maxCell: 56,
      label: 'Step player grid',
      editable: () => m, onEdit: () => this.rerun(),
      figure: (layout, cursor) => ({
        layout, blocked: m.cells, start: m.start, goal: m.goal,
        scene: sceneAt(this.run.trace, m.width * m.height, this.player.k, this.run.path),
        h: (n) => this.run.h(n, m.goal), cursor,
      }),
    });

    this.conn = el('select', { id: 'sp-conn' },
      el('option', { value: '4' }, '4-connected'), el('option', { value: '8' }, '8-connected (diagonal 1.4)'));
    this.heur = el('select', { id: 'sp-heur' }, ...STEP_HEURISTICS.map((h) => el('option', { value: h }, h)));
    this.conn.addEventListener('change', () => { m.settings.connectivity = this.conn.value === '8' ? 8 : 4; this.rerun(); });
    this.heur.addEventListener('change', () => { m.settings.heuristic = this.heur.value as StepHeuristic; this.rerun(); });
    this.quizBox = el('input', { type: 'checkbox', id: 'sp-quiz' });
    this.quizBox.addEventListener('change', () => { this.verdict.textContent = ''; this.render(); });

    this.playBtn = button('Play', () => this.player.toggle(), { class: 'sp-play' });
    this.narration = el('p', { class: 'narration', 'aria-live': 'polite', id: 'sp-narration' });
    this.frontier = el('ol', { class: 'frontier', 'aria-label': 'Frontier, smallest f first' });
    this.verdict = el('p', { class: 'verdict', 'aria-live': 'assertive' });
    this.scoreEl = el('p', { class: 'score' });
    this.stepLabel = el('span', { class: 'step-label' });

    root.append(
      el('div', { class: 'sp-settings' },
        el('label', { for: 'sp-conn' }, 'Moves '), this.conn,
        el('label', { for: 'sp-heur' }, ' Heuristic '), this.heur,
        button('Lesson grid', () => { m.resetLesson(); this.conn.value = '4'; this.heur.value = 'manhattan'; this.rerun(); }, { class: 'sp-lesson' }),
        button('Clear walls', () => { m.clearWalls(); this.rerun(); }, { class: 'sp-clear' })),
      el('div', { class: 'sp-body' },
        el('div', { class: 'sp-figure' }, this.canvas.canvas,
          el('p', { class: 'help' }, 'Click or drag to draw walls; drag the start or goal. Keyboard: arrows, Space, S, G.')),
        el('div', { class: 'sp-side' },
          el('div', { class: 'sp-controls' },
            button('Restart', () => { this.player.pause(); this.player.seek(0); }, { class: 'sp-first', 'aria-label': 'Back to the start' }),
            button('◀ Back', () => this.player.step(-1), { class: 'sp-back', 'aria-label': 'Back one expansion' }),
            button('Step ▶', () => this.player.step(), { class: 'sp-step', 'aria-label': 'Step one expansion' }),
            this.playBtn, this.stepLabel),
          el('label', { class: 'quiz-toggle' }, this.quizBox, ' Quiz me: I pick the next cell'),
          this.narration,
          el('h4', {}, 'Frontier by f'), this.frontier,
          this.verdict, this.scoreEl)),
    );
    this.rerun();
  }

  get quiz(): boolean { return this.quizBox.checked; }

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
      ? `Before the first step only the start ${this.name(this.model.start)} is on the frontier.`
      : narrationLine(trace, this.run.grid, this.model.goal, k - 1);

    const entries = k < n ? frontierBefore(trace, k) : [];
    const asking = this.quiz && isDecision(trace, k);
    this.frontier.replaceChildren(...entries.map((e) => {
      const text = `${this.name(e.node)} f ${num(e.f)} (g ${num(e.g)}, h ${num(e.h)})`;
      if (!asking) return el('li', {}, text);
      const b = button(text, () => this.pick(e.node), { class: 'pick', 'data-node': String(e.node), 'aria-label': `Expand ${this.name(e.node)} next: f ${num(e.f)}` });
      return el('li', {}, b);
    }));
    if (k >= n && n > 0) this.frontier.append(el('li', { class: 'done' }, 'Search over.'));
    this.root.dataset.asking = String(asking);
    this.scoreEl.textContent = this.quiz ? `Score: ${this.score.right} of ${this.score.asked} on the first try.` : '';
    this.canvas.canvas.setAttribute('aria-label', `Step player grid, ${this.run.grid.width} by ${this.run.grid.height}: step ${k} of ${n}. ${this.narration.textContent}`);
    this.canvas.draw();
  }
}
