import { InputError } from '#bestfirst';
import { show } from '#bestfirst/internal';
import type { Io } from './io.js';

/**
 * One declarative table per command: the parser reads it, and `--help`
 * prints it, so the help can never promise what the parser refuses (or the
 * other way round). Every value is checked here, before a command reads a
 * file or changes anything.
 */

/** How an option's text becomes a value. */
export type OptionKind =
  | 'flag'     // no value: present or not
  | 'file'     // a path, not empty
  | 'integer'  // decimal digits, optional '-', inside [min, max]
  | 'number'   // decimal digits with an optional fraction, optional '-', inside [min, max]
  | 'point'    // X,Y: two decimal integers
  | 'choice'   // one of `choices`
  | 'custom';  // `parse` decides

export interface OptionSpec {
  /** Written `--name`. */
  readonly name: string;
  readonly kind: OptionKind;
  /** What the value looks like in the usage line: FILE.map, X,Y, N. */
  readonly arg?: string;
  /** One line: what the option does. */
  readonly help: string;
  readonly required?: boolean;
  /** The default as the user would write it; it goes through the same parser. */
  readonly default?: string;
  readonly min?: number;
  /** For 'number': the value must be greater than this (an open lower end, as a scaling factor's 0); instead of `min`. */
  readonly above?: number;
  readonly max?: number;
  readonly choices?: readonly string[];
  /** For 'custom': text to value, throwing an InputError naming `option`. */
  readonly parse?: (text: string, option: string) => unknown;
  /** For 'custom': the accepted values, one [value, meaning] pair per help line. */
  readonly accepts?: readonly (readonly [string, string])[];
  /** For 'point': decimal coordinates (metres) accepted, not only integers; the command says which it needs where. */
  readonly decimal?: boolean;
  /** For a decimal 'point': a third number, a heading in radians (X,Y,YAW), accepted too; the value is then [x, y, yaw]. */
  readonly yaw?: boolean;
}

export interface PositionalSpec {
  readonly name: string;
  readonly help: string;
  /** The last positional only: one or more of it (`FILE...`). */
  readonly variadic?: boolean;
  /** With `variadic`: none is fine too (`[FILE...]`), as for `fleet`, whose extra scenario files follow its --scen. */
  readonly optional?: boolean;
}

/** A command's table; `R` is what `run` returns: the exit status, or a promise of it for a command that waits on workers. */
export interface CommandSpec<R extends number | Promise<number> = number> {
  readonly name: string;
  /** A short line for the command list of `bestfirst help`. */
  readonly summary: string;
  /** What the command does, for `bestfirst help CMD` (the summary when absent). */
  readonly about?: string;
  /** The usage lines of a command with more than one form (replan), instead of the one made from the options. */
  readonly forms?: readonly string[];
  /** Each given exactly once, in order. */
  readonly positionals?: readonly PositionalSpec[];
  readonly options: readonly OptionSpec[];
  /** Paragraphs printed after the options: what the output is, exit status. */
  readonly notes?: readonly string[];
  run(args: Args, io: Io): R;
}

/** Any command's table, whatever its `run` returns. */
export type AnyCommandSpec = CommandSpec<number | Promise<number>>;

const HELP: OptionSpec = { name: 'help', kind: 'flag', help: 'print this help and exit' };

/** The parsed command line: values already converted and checked. */
export class Args {
  constructor(
    private readonly spec: AnyCommandSpec,
    private readonly values: ReadonlyMap<string, unknown>,
    private readonly given: ReadonlySet<string>,
    readonly positionals: readonly string[],
  ) {}

  /** True when the user wrote the option (a default does not count). */
  has(name: string): boolean { return this.option(name) !== undefined && this.given.has(name); }

  flag(name: string): boolean { this.option(name, 'flag'); return this.given.has(name); }

  /** The value (the user's or the default), or undefined when there is neither. */
  get<T>(name: string): T | undefined { this.option(name); return this.values.get(name) as T | undefined; }

  /** The value of a required option, or of one with a default. */
  need<T>(name: string): T {
    const v = this.get<T>(name);
    // A defect: the spec should have made it required or given it a default.
    if (v === undefined) throw new Error(`${this.spec.name}: --${name} has no value and no default`);
    return v;
  }

  private option(name: string, kind?: OptionKind): OptionSpec {
    const o = this.spec.options.find((x) => x.name === name);
    if (!o || (kind && o.kind !== kind)) throw new Error(`${this.spec.name}: the command asked for --${name}${kind ? ` as a ${kind}` : ''}, which its spec does not declare`);
    return o;
  }
}

// --- values ----------------------------------------------------------------

const INTEGER = /^-?\d+$/;
const DECIMAL = /^-?(\d+\.?\d*|\.\d+)$/;

export interface NumberRule {
  readonly integer: boolean;
  readonly min?: number;
  /** An open lower end: the value must be greater than this. */
  readonly above?: number;
  readonly max?: number;
}

/** "a decimal integer from 0 to 100000": what the parser accepts, for messages and help alike. */
export function describeNumber(r: NumberRule): string {
  const what = r.integer ? 'a decimal integer' : 'a decimal number';
  if (r.above !== undefined) return `${what} > ${r.above}${r.max === undefined ? '' : ` and <= ${r.max}`}`;
  if (r.min !== undefined && r.max !== undefined) return `${what} from ${r.min} to ${r.max}`;
  if (r.min !== undefined) return `${what} >= ${r.min}`;
  if (r.max !== undefined) return `${what} <= ${r.max}`;
  return what;
}

/**
 * The one number parser of the command line. Decimal only: no hex (`0x10`),
 * no exponent, no `Infinity`, nothing empty; surrounding spaces are ignored.
 * Integers must also be exact (safe) doubles.
 */
export function parseNumber(text: string, what: string, rule: NumberRule): number {
  const t = text.trim();
  const v = (rule.integer ? INTEGER : DECIMAL).test(t) ? Number(t) : NaN;
  const ok = Number.isFinite(v) && (!rule.integer || Number.isSafeInteger(v))
    && (rule.min === undefined || v >= rule.min) && (rule.above === undefined || v > rule.above) && (rule.max === undefined || v <= rule.max);
  if (!ok) throw new InputError(`${what} must be ${describeNumber(rule)}, got ${show(text)}`);
  return v === 0 ? 0 : v; // no -0
}

/** The largest seed: the generator (mulberry32) keeps 32 bits, so larger seeds would repeat smaller ones. */
export const MAX_SEED = 2 ** 32 - 1;

/** True when `text` is a decimal number as `parseNumber` reads it (any range). */
export function isDecimal(text: string): boolean { return DECIMAL.test(text.trim()); }

const POINT_HELP = 'X,Y: decimal integers, x the column, y the row from the top';
const DECIMAL_POINT_HELP = 'X,Y: two decimal numbers';
const POSE_HELP = 'X,Y or X,Y,YAW: decimal numbers, YAW in radians';

/**
 * "X,Y" as two integers (two decimals with `decimal`; with `yaw` also
 * "X,Y,YAW", three decimals); whether they are on the map is for the map to
 * say (see `endpoint`).
 */
export function parsePoint(text: string, what: string, decimal = false, yaw = false): [number, number] | [number, number, number] {
  const parts = text.split(',');
  const coordinate = { integer: !decimal, min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER };
  const counts = decimal && yaw ? [2, 3] : [2];
  if (counts.includes(parts.length) && parts.every((p) => (decimal ? DECIMAL : INTEGER).test(p.trim()))) {
    try {
      const v = parts.map((p) => parseNumber(p, what, coordinate));
      return v.length === 3 ? [v[0], v[1], v[2]] : [v[0], v[1]];
    } catch { /* too large: said below */ }
  }
  throw new InputError(`${what} must be ${decimal ? (yaw ? POSE_HELP : DECIMAL_POINT_HELP) : POINT_HELP}, got ${show(text)}`);
}

/** What an option accepts, in words: the help's description and the parser's refusals say the same. */
function accepted(o: OptionSpec): string {
  switch (o.kind) {
    case 'integer': case 'number': return describeNumber({ integer: o.kind === 'integer', min: o.min, above: o.above, max: o.max });
    case 'point': return o.decimal ? (o.yaw ? POSE_HELP : DECIMAL_POINT_HELP) : POINT_HELP;
    case 'choice': return `one of ${o.choices!.map((c) => (/[\s,]/.test(c) ? show(c) : c)).join(', ')}`;
    default: return '';
  }
}

function convert(spec: AnyCommandSpec, o: OptionSpec, text: string): unknown {
  const what = `--${o.name}`;
  switch (o.kind) {
    case 'file':
      if (text === '') throw new InputError(`${spec.name}: ${what} must be a file name, got ""`);
      return text;
    case 'integer': case 'number':
      return parseNumber(text, what, { integer: o.kind === 'integer', min: o.min, above: o.above, max: o.max });
    case 'point':
      return parsePoint(text, what, o.decimal, o.yaw);
    case 'choice':
      if (o.choices!.includes(text)) return text;
      throw new InputError(`${what} must be ${accepted(o)}, got ${show(text)}${didYouMean(text, o.choices!)}`);
    case 'custom':
      return o.parse!(text, what);
    case 'flag':
      throw new Error(`${spec.name}: --${o.name} is a flag and has no value`); // a defect: the parser never asks
  }
}

// --- the parser ---------------------------------------------------------------

/** True when the arguments ask for help (`-h` or `--help` before any `--`). */
export function wantsHelp(args: readonly string[]): boolean {
  for (const a of args) {
    if (a === '--') return false;
    if (a === '--help' || a === '-h') return true;
  }
  return false;
}

/**
 * Reads `--name value`, `--name=value` and `--flag` by the command's table;
 * `--` ends the options. Refuses unknown options (suggesting the nearest
 * known one), missing or empty values, an option given twice, missing
 * required options and a wrong number of positionals.
 */
export function parseCommandLine(spec: AnyCommandSpec, args: readonly string[]): Args {
  const values = new Map<string, unknown>();
  const given = new Set<string>();
  const positionals: string[] = [];
  const usage = ` (usage: ${usageLine(spec)}; bestfirst help ${spec.name} for more)`;
  let optionsEnded = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (optionsEnded || !a.startsWith('-') || a === '-') { positionals.push(a); continue; }
    if (a === '--') { optionsEnded = true; continue; }
    const eq = a.indexOf('=');
    const written = eq >= 0 ? a.slice(0, eq) : a;
    const name = written.startsWith('--') ? written.slice(2) : '';
    const o = spec.options.find((x) => x.name === name);
    if (!o || !written.startsWith('--')) {
      const known = spec.options.map((x) => `--${x.name}`);
      const hint = didYouMean(written, known);
      const shown = written.length > 40 ? `${written.slice(0, 37)}...` : written;
      throw new InputError(`${spec.name}: unknown option ${shown}${hint || ` (known: ${[...known, '--help'].join(', ')})`}`);
    }
    if (given.has(name)) throw new InputError(`${spec.name}: --${name} is given twice; give it once`);
    given.add(name);
    if (o.kind === 'flag') {
      if (eq >= 0) throw new InputError(`${spec.name}: --${name} takes no value, got ${show(a)}`);
      values.set(name, true);
      continue;
    }
    let text: string;
    if (eq >= 0) text = a.slice(eq + 1);
    else {
      const next = args[i + 1];
      // `--map --json` is a forgotten value, not a map named "--json" (write --map=--json for that).
      if (next === undefined || next.startsWith('--')) {
        throw new InputError(`${spec.name}: --${name} needs a value (${o.arg ?? 'VALUE'})${next === undefined ? '' : `, got the option ${show(next)}`}`);
      }
      text = next;
      i++;
    }
    values.set(name, convert(spec, o, text));
  }
  for (const o of spec.options) {
    if (values.has(o.name)) continue;
    if (o.required) throw new InputError(`${spec.name}: --${o.name} is required${usage}`);
    if (o.default !== undefined) values.set(o.name, o.kind === 'flag' ? false : convert(spec, o, o.default));
  }
  const want = spec.positionals ?? [];
  if (positionals.length > want.length && !want.at(-1)?.variadic) {
    throw new InputError(`${spec.name}: unexpected argument ${show(positionals[want.length])}${usage}`);
  }
  if (positionals.length < want.length && !(positionals.length === want.length - 1 && want.at(-1)!.optional === true)) {
    throw new InputError(`${spec.name}: ${want[positionals.length].name} is missing${usage}`);
  }
  positionals.forEach((p, k) => {
    if (p === '') throw new InputError(`${spec.name}: ${want[Math.min(k, want.length - 1)].name} must be a file name, got ""`);
  });
  return new Args(spec, values, given, positionals);
}

/** Prints the help for `--help`, or parses and runs. */
export function runCommand<R extends number | Promise<number>>(spec: CommandSpec<R>, args: readonly string[], io: Io): R | number {
  if (wantsHelp(args)) {
    for (const line of renderHelp(spec)) io.out(line);
    return 0;
  }
  return spec.run(parseCommandLine(spec, args), io);
}

// --- suggestions ----------------------------------------------------------------

/** Optimal string alignment distance: edits, with a swap of neighbours counting as one. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/**
 * The known word nearest to `word`, if it is near: at most 2 edits and at
 * most half the word's length (so `-x` suggests nothing). Ties go to the
 * first in `known`. A word written with one dash is compared as if with two.
 */
export function closest(word: string, known: readonly string[]): string | undefined {
  const w = /^-[^-]/.test(word) ? `-${word}` : word;
  let best: string | undefined, bestD = Infinity;
  for (const k of known) {
    const d = editDistance(w.toLowerCase(), k.toLowerCase());
    if (d < bestD) { best = k; bestD = d; }
  }
  return best !== undefined && bestD <= 2 && bestD <= Math.floor(w.replace(/^-+/, '').length / 2) ? best : undefined;
}

/** "; did you mean "plan"?" or "". */
export function didYouMean(word: string, known: readonly string[]): string {
  const c = closest(word, known);
  return c === undefined ? '' : `; did you mean ${c.startsWith('-') ? c : show(c)}?`;
}

// --- help -------------------------------------------------------------------------

/** `bestfirst plan --map FILE.map --from X,Y --to X,Y [options]` */
export function usageLine(spec: AnyCommandSpec): string {
  if (spec.forms) return spec.forms.join(' | ');
  const parts = [`bestfirst ${spec.name}`];
  for (const p of spec.positionals ?? []) parts.push(p.optional === true ? `[${p.name}...]` : p.variadic ? `${p.name}...` : p.name);
  for (const o of spec.options) if (o.required) parts.push(`--${o.name} ${o.arg ?? 'VALUE'}`);
  if (spec.options.some((o) => !o.required)) parts.push('[options]');
  return parts.join(' ');
}

const WIDTH = 80;

/** `prefix` then `text` wrapped to WIDTH columns, continuation lines indented to `indent`. */
function wrap(prefix: string, text: string, indent = prefix.length): string[] {
  const lines: string[] = [];
  let line = prefix;
  let fresh = true; // nothing of `text` on this line yet
  for (const word of text.split(/ +/).filter((w) => w !== '')) {
    if (!fresh && line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = ' '.repeat(indent) + word;
    } else line = fresh ? line + word : `${line} ${word}`;
    fresh = false;
  }
  lines.push(line);
  return lines;
}

/** The whole `bestfirst help CMD` text: usage, options with their accepted values and defaults, notes. */
export function renderHelp(spec: AnyCommandSpec): string[] {
  const out: string[] = [];
  const forms = spec.forms ?? [usageLine(spec)];
  forms.forEach((f, i) => out.push(`${i === 0 ? 'usage: ' : '       '}${f}`));
  out.push('');
  out.push(...wrap('', spec.about ?? spec.summary));
  if (spec.positionals?.length) {
    out.push('');
    out.push('arguments:');
    const w = Math.max(...spec.positionals.map((p) => p.name.length));
    for (const p of spec.positionals) out.push(...wrap(`  ${p.name.padEnd(w)}  `, p.help));
  }
  out.push('');
  out.push('options:');
  const all = [...spec.options, HELP];
  const head = (o: OptionSpec) => (o === HELP ? '-h, --help' : `--${o.name}${o.kind === 'flag' ? '' : ` ${o.arg ?? 'VALUE'}`}`);
  const w = Math.max(...all.map((o) => head(o).length));
  for (const o of all) {
    const words = [o.help];
    const acc = accepted(o);
    if (acc) words.push(`(${acc})`);
    if (o.required) words.push('[required]');
    else if (o.default !== undefined) words.push(`[default: ${o.default}]`);
    out.push(...wrap(`  ${head(o).padEnd(w)}  `, `${words.join(' ')}${o.accepts ? `; ${o.arg ?? 'VALUE'} is one of:` : ''}`));
    if (o.accepts) {
      const vw = Math.max(...o.accepts.map(([v]) => v.length));
      for (const [v, meaning] of o.accepts) out.push(...wrap(`${' '.repeat(w + 6)}${v.padEnd(vw)}  `, meaning));
    }
  }
  for (const n of spec.notes ?? []) {
    out.push('');
    out.push(...wrap('', n));
  }
  return out;
}
