/**
 * How fast the lanes play: at 1x a lane closes cells at a rate that would
 * sweep every cell of the map in SWEEP_SECONDS, whatever its size, so a
 * 32 x 32 map and orz900d take the same time to flood; the speed menu
 * multiplies it. All lanes play at one rate, so a lane that closes fewer
 * cells finishes first: the race is the comparison.
 */
export const SWEEP_SECONDS = 20;

/** The speed menu's factors; Infinity shows every lane's end at once. */
export const OWN_SPEEDS: readonly number[] = [0.25, 1, 4, 16, Infinity];

/** Cells per second a lane closes on a map of `cells` cells at `speed`. */
export function laneRate(cells: number, speed: number): number {
  return (Math.max(cells, 1) / SWEEP_SECONDS) * speed;
}

/**
 * One lane's playback: how many of its closed cells are shown. Each frame
 * shows the cells that the elapsed time pays for at the rate, never more
 * than have arrived from the worker; fractions carry over to the next
 * frame, so a slow rate on a small map still moves.
 */
export class Reveal {
  shown = 0;
  private carry = 0;

  /** Advances by `ms` at `rate` cells a second, up to `arrived`; returns the range [from, to) to draw. */
  step(ms: number, rate: number, arrived: number): [number, number] {
    const from = this.shown;
    if (rate === Infinity) {
      this.shown = arrived;
    } else {
      const want = this.carry + (rate * Math.max(0, ms)) / 1000;
      const whole = Math.floor(want);
      this.carry = want - whole;
      this.shown = Math.min(arrived, from + whole);
      if (this.shown === arrived) this.carry = 0;
    }
    return [from, this.shown];
  }

  reset(): void { this.shown = 0; this.carry = 0; }
}
