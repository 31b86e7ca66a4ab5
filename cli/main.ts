import { readFileSync } from 'node:fs';
import { InputError } from '#bestfirst';
import { show } from '#bestfirst/internal';
import { COMMANDS } from './commands.js';
import type { Io } from './io.js';
import { didYouMean, renderHelp, runCommand, type AnyCommandSpec } from './options.js';

/** The file-system failures that are the user's to fix (a path that is wrong), not our bug. */
const USER_FS_CODES = new Set(['ENOENT', 'EISDIR', 'ENOTDIR', 'EACCES', 'EPERM', 'ELOOP', 'ENAMETOOLONG']);

/** True for the user's mistakes: an InputError, or a system error about a path. */
function isUsersMistake(e: unknown): e is Error {
  if (e instanceof InputError) return true;
  const sys = e as { code?: unknown; syscall?: unknown };
  return e instanceof Error && typeof sys.syscall === 'string' && typeof sys.code === 'string' && USER_FS_CODES.has(sys.code);
}

/** One line, whatever the message holds: control characters (a newline in a file name) are escaped. */
function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this escapes
  return text.replace(/[\x00-\x1f\x7f]/g, (c) => JSON.stringify(c).slice(1, -1));
}

/** The package's version, read at run time from the package.json above this module (source or dist/). */
export function version(): string {
  for (const rel of ['../package.json', '../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'bestfirst' && typeof pkg.version === 'string') return pkg.version;
    } catch { /* not this one */ }
  }
  throw new Error('cannot find the package.json of bestfirst above the cli module'); // a broken install: a defect
}

function usage(commands: Readonly<Record<string, AnyCommandSpec>>): string[] {
  const names = Object.keys(commands);
  const w = Math.max(...names.map((n) => n.length));
  return [
    'usage: bestfirst <command> [options]',
    '',
    'commands:',
    ...names.map((n) => `  ${n.padEnd(w)}  ${commands[n].summary}`),
    '',
    'bestfirst help <command>, or bestfirst <command> --help, for its options;',
    'bestfirst --version for the version.',
  ];
}

function lookup(commands: Readonly<Record<string, AnyCommandSpec>>, name: string): AnyCommandSpec | undefined {
  return Object.prototype.hasOwnProperty.call(commands, name) ? commands[name] : undefined;
}

function unknownCommand(commands: Readonly<Record<string, AnyCommandSpec>>, name: string): string {
  const names = Object.keys(commands);
  return name.startsWith('-')
    ? `bestfirst: unknown option ${show(name)}; options come after the command (bestfirst <command> [options]; bestfirst help lists the commands)`
    : `bestfirst: unknown command ${show(name)}${didYouMean(name, names)} (known: ${names.join(', ')})`;
}

/**
 * Runs `bestfirst ARGS`; returns the exit code: 0 done, 1 a negative answer
 * (no path, a failed check) or a defect of ours (printed with its stack), 2
 * the user's mistake (one line on stderr, no stack). `commands` is the
 * command table (tests pass their own).
 */
export async function main(argv: readonly string[], io: Io, commands: Readonly<Record<string, AnyCommandSpec>> = COMMANDS): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    // A bare `bestfirst` is a mistake: usage on stderr.
    for (const line of usage(commands)) io.err(line);
    return 2;
  }
  if (name === '--help' || name === '-h' || (name === 'help' && rest.length === 0)) {
    for (const line of usage(commands)) io.out(line);
    return 0;
  }
  if (name === '--version' || name === '-v') {
    if (rest.length > 0) { io.err(oneLine(`bestfirst: ${name} takes nothing after it, got ${show(rest[0])}`)); return 2; }
    io.out(`bestfirst ${version()}`);
    return 0;
  }
  if (name === 'help') {
    const command = lookup(commands, rest[0]);
    if (!command) { io.err(oneLine(unknownCommand(commands, rest[0]))); return 2; }
    if (rest.length > 1) { io.err(oneLine(`bestfirst: help takes one command, got ${show(rest[1])} too`)); return 2; }
    for (const line of renderHelp(command)) io.out(line);
    return 0;
  }
  const command = lookup(commands, name);
  if (!command) { io.err(oneLine(unknownCommand(commands, name))); return 2; }
  try {
    return await runCommand(command, rest, io);
  } catch (e) {
    if (isUsersMistake(e)) {
      // The user's to fix: one clear line. Commands name themselves in their messages; don't say it twice.
      const message = e.message;
      io.err(oneLine(`bestfirst ${message.startsWith(`${name}:`) ? message : `${name}: ${message}`}`));
      return 2;
    }
    // Anything else is our bug (even a RangeError): keep the stack, so it can be reported and found.
    io.err(`bestfirst ${name}: internal error (a bug in bestfirst, not in your input; please report it with the command line):`);
    io.err(e instanceof Error ? (e.stack ?? `${e.name}: ${e.message}`) : `thrown: ${show(e)}`);
    return 1;
  }
}

/** The process's own streams. Progress (status) only when stderr is a terminal. */
export const processIo: Io = {
  out: (line) => { process.stdout.write(line + '\n'); },
  err: (line) => { process.stderr.write(line + '\n'); },
  tty: Boolean(process.stderr.isTTY),
  status: process.stderr.isTTY
    ? (text) => { process.stderr.write(`\r\x1b[2K${text}`); }
    : undefined,
};
