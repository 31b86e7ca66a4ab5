/** Where a command writes. Tests pass a collector; the binary passes the process streams. */
export interface Io {
  out(line: string): void;
  err(line: string): void;
  /**
   * True when stderr is a terminal: a person is watching, so live progress
   * is welcome. Progress goes through `status` only, never into a pipe or a
   * log file.
   */
  readonly tty: boolean;
  /** Redraws one status line in place on a terminal (carriage return); '' clears it. Present only when `tty`. */
  status?(text: string): void;
}

// The old name of `InputError`, from when the command line had a class of its
// own for a user's mistake. One idea, one class: this is the same class, kept
// so older callers compile; new code imports InputError from 'bestfirst'.
export { InputError as UsageError } from '#bestfirst';

/** Fixed-point with `digits` decimals, treating -0.0 as 0.0. */
export function fixed(v: number, digits = 1): string {
  const s = v.toFixed(digits);
  return /^-0\.?0*$/.test(s) ? s.slice(1) : s;
}

/**
 * Says on a terminal's status line what a step that gives no count of its
 * own is doing (a map's preprocessing, an inflation), until the returned
 * function clears it; nothing when nobody is watching.
 */
export function working(io: Io, what: string): () => void {
  if (!io.tty || io.status === undefined) return () => {};
  const status = io.status.bind(io);
  status(`${what}...`);
  return () => status('');
}

/**
 * A 30-column bar redrawn in place on a terminal (`label` before it),
 * cleared when `done` reaches `total`; null when nobody is watching (not a
 * terminal), so that nothing goes into a pipe or a log. With `rate` (the
 * unit's name, `rows`), the bar also says how many go by a second and the
 * time left at that pace, redrawn at least every half second.
 */
export function progressBar(io: Io, total: number, label = '', rate?: string): ((done: number) => void) | null {
  if (!io.tty || io.status === undefined) return null;
  const status = io.status.bind(io);
  let shown = -1, drawnAt = 0;
  const t0 = performance.now();
  return (done) => {
    const cols = total > 0 ? Math.round((30 * done) / total) : 30;
    const now = rate === undefined ? 0 : performance.now();
    if (cols !== shown || done === total || now - drawnAt >= 500) {
      shown = cols;
      drawnAt = now;
      status(`${label}[${'#'.repeat(cols)}${' '.repeat(30 - cols)}] ${done}/${total}${rate === undefined ? '' : pace(done, total, (now - t0) / 1000, rate)}`);
    }
    if (done === total) status(''); // leave the terminal clean for the summary
  };
}

/** ", 1200 rows/s, 0:42 left": the pace so far and the time the rest takes at it ("" before there is one). */
export function pace(done: number, total: number, seconds: number, unit: string): string {
  if (done === 0 || !(seconds > 0)) return '';
  const perSecond = done / seconds;
  const left = Math.round((total - done) / perSecond);
  const clock = left >= 3600 ? `${Math.floor(left / 3600)}:${String(Math.floor(left / 60) % 60).padStart(2, '0')}:${String(left % 60).padStart(2, '0')}` : `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
  // Two significant digits below 100; from 99.5 on, toPrecision(2) would write "1.0e+2".
  return `, ${perSecond >= 99.5 ? Math.round(perSecond) : perSecond.toPrecision(2)} ${unit}/s, ${clock} left`;
}
