import { APARTMENT } from './apartment.js';
import { ARA } from './ara.js';
import { COSTMAP } from './costmap.js';
import { FIELD } from './field.js';
import { FLEET } from './fleet.js';
import { FLOOD } from './flood.js';
import { MERGE } from './merge.js';
import type { AnyCommandSpec } from './options.js';
import { PLAN } from './plan.js';
import { PREPROCESS } from './preprocess.js';
import { REPLAN } from './replan.js';
import { ROUTE } from './route.js';
import { SCEN } from './scen.js';
import { TRACE } from './trace.js';

/** Every `bestfirst` subcommand, in the order `bestfirst help` lists them. */
export const COMMANDS: Readonly<Record<string, AnyCommandSpec>> = Object.freeze({
  trace: TRACE,
  plan: PLAN,
  scen: SCEN,
  merge: MERGE,
  flood: FLOOD,
  replan: REPLAN,
  field: FIELD,
  ara: ARA,
  apartment: APARTMENT,
  route: ROUTE,
  preprocess: PREPROCESS,
  costmap: COSTMAP,
  fleet: FLEET,
});
