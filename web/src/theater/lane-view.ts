import type { Layer } from '../shared/figure.js';
import { el, button, reducedMotion } from '../shared/dom.js';
import { metres } from '../shared/format.js';
import { GridCanvas } from '../shared/grid-canvas.js';
import { Player } from '../shared/player.js';
import { sceneAt } from '../shared/scene.js';
import type { LaneRun, LaneSpec, TheaterModel } from './theater-model.js';

/**
 * One lane of the Search Theater: a canvas replaying its lane's trace, the
 * replay controls (play/pause, step, scrub) and the counters. The lane never
 * searches; the theater hands it a fresh `LaneRun` after every rerun.
 */
export class LaneView {
  readonly root: HTMLElement;
  readonly grid: GridCanvas;
  readonly player: Player;
  run: LaneRun | null = null;
  focus: Layer | null = null;
  private readonly playBtn: HTMLButtonElement;
  private readonly scrub: HTMLInputElement;
  private readonly stepLabel: HTMLElement;
  private readonly counters: Record<'expansions' | 'cost' | 'link' | 'reopenings', HTMLElement>;

  constructor(readonly spec: LaneSpec, private readonly model: TheaterModel, onEdit: () => void, labels: readonly { cell: number; text: string }[] = []) {
    const g = model.grid;
    this.player = new Player(() => this.render());
    if (reducedMotion()) this.player.rate = 10;
    this.grid = new GridCanvas({
      width: g.width, height: g.height, label: `${spec.title} lane`,
      editable: () => model, onEdit,
      figure: (layout, cursor) => ({
        layout, blocked: model.cells, start: model.start, goal: model.goal,
        scene: this.run ? sceneAt(this.run.trace, g.size, this.player.k, this.run.path) : { closed: [], open: [], current: -1, path: null, g: new Float64Array(g.size).fill(Infinity) },
        h: (n) => model.h(n, model.goal), focus: this.focus, cursor, labels,
      }),
    });
    const id = `lane-${spec.id}`;
    this.playBtn = button('Play', () => this.player.toggle(), { class: 'play', 'aria-label': `Play the ${spec.title} lane` });
    const stepBtn = button('Step', () => this.player.step(), { class: 'step', 'aria-label': `Step the ${spec.title} lane by one expansion` });
    this.scrub = el('input', { type: 'range', min: '0', max: '0', value: '0', class: 'scrub', 'aria-label': `${spec.title} replay position` });
    this.scrub.addEventListener('input', () => { this.player.pause(); this.player.seek(Number(this.scrub.value)); });
    this.stepLabel = el('span', { class: 'step-label' });
    const counter = (name: string, label: string) => {
      const dd = el('dd', { 'data-counter': name });
      return { dd, row: [el('dt', {}, label), dd] };
    };
    const ex = counter('expansions', 'expansions'), co = counter('cost', 'cost'), li = counter('link', 'links'), re = counter('reopenings', 'reopenings');
    this.counters = { expansions: ex.dd, cost: co.dd, link: li.dd, reopenings: re.dd };
    this.root = el('article', { class: 'lane', id, 'data-lane': spec.id, 'aria-labelledby': `${id}-title` },
      el('h3', { id: `${id}-title` }, spec.title, ' ', el('span', { class: 'ranks' }, spec.ranks)),
      this.grid.canvas,
      el('div', { class: 'lane-controls' }, this.playBtn, stepBtn, this.scrub, this.stepLabel),
      el('dl', { class: 'counters' }, ...ex.row, ...co.row, ...li.row, ...re.row),
    );
  }

  /** Shows a fresh run from its end: the reader sees the answer at once and can replay it. */
  load(run: LaneRun): void {
    this.run = run;
    const r = this.root.dataset;
    r.expansions = String(run.expansions);
    r.cost = Number.isFinite(run.cost) ? run.cost.toFixed(6) : 'Infinity';
    r.link = String(run.linkLength);
    r.reopenings = String(run.reopenings);
    r.start = String(this.model.start);
    r.goal = String(this.model.goal);
    this.counters.expansions.textContent = String(run.expansions);
    this.counters.cost.textContent = run.path ? metres(run.cost) : 'no path';
    this.counters.link.textContent = run.path ? String(run.linkLength) : '–';
    this.counters.reopenings.textContent = String(run.reopenings);
    this.scrub.max = String(run.trace.pops.length);
    this.player.load(run.trace.pops.length);
  }

  render(): void {
    const run = this.run;
    if (!run) return;
    const k = this.player.k, n = run.trace.pops.length;
    this.scrub.value = String(k);
    this.scrub.setAttribute('aria-valuetext', `${k} of ${n} expansions`);
    this.stepLabel.textContent = `${k}/${n}`;
    this.playBtn.textContent = this.player.playing ? 'Pause' : 'Play';
    this.playBtn.setAttribute('aria-pressed', String(this.player.playing));
    const pathText = run.path ? `path cost ${metres(run.cost)} over ${run.linkLength} links` : 'no path';
    this.grid.canvas.setAttribute('aria-label', `${this.spec.title} lane: ${k} of ${n} expansions shown, ${pathText}, ${run.reopenings} reopenings`);
    this.grid.draw();
  }
}
