/** Where a command writes. Tests pass a collector; the binary passes the process streams. */
export interface Io {
  out(line: string): void;
  err(line: string): void;
  /** True when stdout is a terminal (progress bars only then). */
  readonly tty: boolean;
  /** Redraws one status line in place (a terminal's carriage return); '' clears it. Optional. */
  status?(text: string): void;
}

/** A mistake the user made: printed as one message, no stack trace, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** A command: takes its arguments (after the command name), returns the exit code. */
export type Command = (args: string[], io: Io) => number | Promise<number>;

/**
 * Splits `--name value`, `--name=value` and bare `--flag` arguments. `flags`
 * names the options that take no value. Positionals are returned in order.
 * Unknown options are refused with the list of known ones.
 */
export function parseArgs(
  args: string[],
  known: { values: readonly string[]; flags: readonly string[] },
  command: string,
): { options: Map<string, string>; flags: Set<string>; positionals: string[] } {
  const options = new Map<string, string>();
  const flags = new Set<string>();
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (!a.startsWith('--')) { positionals.push(a); continue; }
    const eq = a.indexOf('=');
    const name = eq >= 0 ? a.slice(2, eq) : a.slice(2);
    if (known.flags.includes(name)) {
      if (eq >= 0) throw new UsageError(`${command}: --${name} takes no value`);
      flags.add(name);
    } else if (known.values.includes(name)) {
      const value = eq >= 0 ? a.slice(eq + 1) : args[++i];
      if (value === undefined) throw new UsageError(`${command}: --${name} needs a value`);
      options.set(name, value);
    } else {
      const all = [...known.values, ...known.flags].map((n) => `--${n}`).join(', ');
      throw new UsageError(`${command}: unknown option ${a}${all ? ` (known: ${all})` : ''}`);
    }
  }
  return { options, flags, positionals };
}

/** Parses "X,Y" into two integers, or throws a UsageError naming the option. */
export function parsePoint(text: string, what: string): [number, number] {
  const m = /^\s*(-?\d+)\s*,\s*(-?\d+)\s*$/.exec(text);
  if (!m) throw new UsageError(`${what}: expected X,Y with two integers, got ${JSON.stringify(text)}`);
  return [Number(m[1]), Number(m[2])];
}

/** Fixed-point with `digits` decimals, treating -0.0 as 0.0. */
export function fixed(v: number, digits = 1): string {
  const s = v.toFixed(digits);
  return /^-0\.?0*$/.test(s) ? s.slice(1) : s;
}
