// The one output collector of the command-line tests: an Io that keeps what a command writes.
import type { Io } from '../../cli/io.js';

export interface Collected {
  io: Io;
  /** stdout lines. */
  out: string[];
  /** stderr lines. */
  err: string[];
  /** What was drawn on the status line (only with `tty`). */
  status: string[];
}

/** A collector; `tty: true` plays a terminal on stderr, with a status line. */
export function collect(options: { tty?: boolean } = {}): Collected {
  const out: string[] = [], err: string[] = [], status: string[] = [];
  const io: Io = options.tty
    ? { out: (l) => { out.push(l); }, err: (l) => { err.push(l); }, tty: true, status: (t) => { status.push(t); } }
    : { out: (l) => { out.push(l); }, err: (l) => { err.push(l); }, tty: false };
  return { io, out, err, status };
}
