import type { Command } from './io.js';
import { traceCommand } from './trace.js';

/** Every `bestfirst` subcommand, with the one-line help `bestfirst help` prints. */
export const COMMANDS: Record<string, { run: Command; help: string }> = {
  trace: { run: traceCommand, help: 'trace [--world hand|lesson]   the chapter\'s hand trace, or the lesson\'s narration' },
};
