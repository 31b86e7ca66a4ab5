/**
 * A replay cursor over a recorded trace: step k of n (k pops shown).
 * Pure state plus an injected frame scheduler, so the tests drive it with a
 * fake clock and the page with requestAnimationFrame.
 */
export interface Scheduler {
  request(cb: (now: number) => void): number;
  cancel(id: number): void;
}

export const animationFrames: Scheduler = {
  request: (cb) => requestAnimationFrame(cb),
  cancel: (id) => cancelAnimationFrame(id),
};

export class Player {
  k = 0;
  n = 0;
  playing = false;
  /** Pops per second while playing. */
  rate = 30;
  private frame = -1;
  private last = -1;
  private carry = 0;

  constructor(private readonly onChange: () => void, private readonly scheduler: Scheduler = animationFrames) {}

  /** A new trace of `n` pops; the replay shows its end unless told otherwise. */
  load(n: number, k = n): void {
    this.stop();
    this.n = n;
    this.k = Math.max(0, Math.min(n, k));
    this.onChange();
  }

  seek(k: number): void {
    this.k = Math.max(0, Math.min(this.n, Math.round(k)));
    this.onChange();
  }

  /** One step; forward from the end starts the replay over, so Step always shows something. */
  step(by = 1): void {
    this.pause();
    if (by > 0 && this.k >= this.n && this.n > 0) this.k = 0;
    this.seek(this.k + by);
  }

  /** Starts from the beginning when at the end, so "play" always shows something. */
  play(): void {
    if (this.playing) return;
    if (this.k >= this.n) this.k = 0;
    this.playing = true;
    this.last = -1;
    this.carry = 0;
    this.onChange();
    this.frame = this.scheduler.request((t) => this.tick(t));
  }

  pause(): void {
    if (!this.playing) return;
    this.stop();
    this.onChange();
  }

  toggle(): void { if (this.playing) this.pause(); else this.play(); }

  private stop(): void {
    if (this.frame >= 0) this.scheduler.cancel(this.frame);
    this.frame = -1;
    this.playing = false;
  }

  private tick(now: number): void {
    this.frame = -1;
    if (!this.playing) return;
    if (this.last >= 0) {
      this.carry += ((now - this.last) / 1000) * this.rate;
      const whole = Math.floor(this.carry);
      this.carry -= whole;
      this.k = Math.min(this.n, this.k + whole);
    }
    this.last = now;
    if (this.k >= this.n) this.playing = false;
    this.onChange();
    if (this.playing) this.frame = this.scheduler.request((t) => this.tick(t));
  }
}
