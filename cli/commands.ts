import { apartmentCommand, APARTMENT_HELP } from './apartment.js';
import { araCommand, ARA_HELP } from './ara.js';
import { fieldCommand, FIELD_HELP } from './field.js';
import type { Command } from './io.js';
import { planCommand, PLAN_HELP } from './plan.js';
import { replanCommand } from './replan.js';
import { scenCommand, SCEN_HELP } from './scen.js';
import { traceCommand } from './trace.js';

/** Every `bestfirst` subcommand, with the one-line help `bestfirst help` prints. */
export const COMMANDS: Record<string, { run: Command; help: string }> = {
  trace: { run: traceCommand, help: 'trace [--world hand|lesson]   the chapter\'s hand trace, or the lesson\'s narration' },
  plan: { run: planCommand, help: PLAN_HELP },
  scen: { run: scenCommand, help: SCEN_HELP },
  replan: {
    run: replanCommand,
    help: 'replan [--world gate] [--trace] | replan --map FILE.map --from X,Y --to X,Y [--flips N] [--seed S] [--json]   D* on the gate world; D* Lite under random flips',
  },
  field: { run: fieldCommand, help: FIELD_HELP },
  ara: { run: araCommand, help: ARA_HELP },
  apartment: { run: apartmentCommand, help: APARTMENT_HELP },
};
