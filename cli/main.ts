import { COMMANDS } from './commands.js';
import { UsageError, type Io } from './io.js';

/** Runs `bestfirst ARGS`; returns the exit code. User errors print one line and return 2. */
export async function main(argv: string[], io: Io): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    io.out('usage: bestfirst <command> [options]');
    for (const c of Object.values(COMMANDS)) io.out(`  ${c.help}`);
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`bestfirst: unknown command ${JSON.stringify(name)} (known: ${Object.keys(COMMANDS).join(', ')})`);
    return 2;
  }
  try {
    return await command.run(rest, io);
  } catch (e) {
    // Bad input (a usage mistake, a malformed file, a bad value) is the user's
    // to fix: one clear line, no stack trace. Anything else is our bug.
    if (e instanceof UsageError || e instanceof RangeError || (e as { code?: string }).code === 'ENOENT') {
      const message = (e as Error).message;
      // Commands name themselves in their messages; don't say it twice.
      io.err(`bestfirst ${message.startsWith(`${name}:`) ? message : `${name}: ${message}`}`);
      return 2;
    }
    throw e;
  }
}

/** The process's own streams. */
export const processIo: Io = {
  out: (line) => { process.stdout.write(line + '\n'); },
  err: (line) => { process.stderr.write(line + '\n'); },
  tty: Boolean(process.stdout.isTTY),
  // A progress bar redraws itself on stderr's last line, and moves on when done.
  status: process.stderr.isTTY
    ? (text) => { process.stderr.write(`\r\x1b[2K${text}`); }
    : undefined,
};
