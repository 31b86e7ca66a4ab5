import { button, controlForm, el, reducedMotion, setAttr, setText, setValue } from './dom.js';
import { Player, type Scheduler, animationFrames } from './player.js';

/** Speeds offered in the speed menu, as multiples of the widget's base rate. */
export const SPEEDS: readonly number[] = [0.5, 1, 2, 4];

/**
 * Play / pause, step back, step, reset, a position slider and a speed menu
 * over a `Player` (the page's replay cursor). The bar owns no story: the
 * widget gives it a frame count and redraws when `onChange` fires.
 */
export class ReplayBar {
  readonly root: HTMLElement;
  readonly player: Player;
  private readonly playBtn: HTMLButtonElement;
  private readonly pos: HTMLInputElement;
  private readonly posLabel: HTMLElement;
  private readonly speed: HTMLSelectElement;

  constructor(readonly name: string, private readonly baseRate: number, onChange: () => void, scheduler: Scheduler = animationFrames) {
    this.player = new Player(() => { this.sync(); onChange(); }, scheduler);
    this.player.rate = baseRate;
    this.playBtn = button('Play', () => this.player.toggle(), { class: 'rp-play', 'aria-label': `Play ${name}` });
    const back = button('◀ Back', () => this.player.step(-1), { class: 'rp-back', 'aria-label': `${name}: one step back` });
    const step = button('Step ▶', () => this.player.step(1), { class: 'rp-step', 'aria-label': `${name}: one step forward` });
    const reset = button('Reset', () => { this.player.pause(); this.player.seek(0); }, { class: 'rp-reset', 'aria-label': `${name}: back to the start` });
    this.pos = el('input', { type: 'range', min: '0', max: '0', value: '0', class: 'rp-pos', 'aria-label': `${name}: position in the story` });
    this.pos.addEventListener('input', () => { this.player.pause(); this.player.seek(Number(this.pos.value)); });
    this.posLabel = el('span', { class: 'rp-pos-label', 'aria-hidden': 'true' });
    const speedId = `speed-${name.replace(/\W+/g, '-').toLowerCase()}`;
    this.speed = el('select', { id: speedId, class: 'rp-speed' });
    for (const s of SPEEDS) this.speed.append(el('option', { value: String(s) }, `${s}×`));
    this.speed.value = '1';
    this.speed.addEventListener('change', () => { this.player.rate = this.baseRate * Number(this.speed.value) * (reducedMotion() ? 0.5 : 1); });
    this.player.rate = baseRate * (reducedMotion() ? 0.5 : 1);
    this.root = controlForm({ class: 'rp-bar', role: 'group', 'aria-label': `${name} controls` },
      this.playBtn, back, step, reset, this.pos, this.posLabel,
      el('label', { for: speedId, class: 'rp-speed-label' }, 'speed ', this.speed));
  }

  /** A story of frames 0..n-1; shows frame `k`. */
  load(frames: number, k = 0): void {
    setAttr(this.pos, 'max', String(Math.max(0, frames - 1)));
    this.player.load(Math.max(0, frames - 1), k);
  }

  get k(): number { return this.player.k; }

  private sync(): void {
    const { k, n, playing } = this.player;
    // Each write only when it changes something: the bar syncs on every step and every reload.
    setValue(this.pos, String(k));
    setAttr(this.pos, 'aria-valuetext', `step ${k} of ${n}`);
    setText(this.posLabel, `${k}/${n}`);
    setText(this.playBtn, playing ? 'Pause' : 'Play');
    setAttr(this.playBtn, 'aria-pressed', String(playing));
  }
}
