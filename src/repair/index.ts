/**
 * `bestfirst/repair`: the searches that repair or reuse a search when the
 * world changes or time runs short: D* (with its trace), D* Lite, ARA* and
 * the universal plan (cost-to-go for every start, with the Bellman check).
 *
 * @module bestfirst/repair
 */
export { DStar, TAG_NAMES, type DStarOptions, type DStarPop, type DStarTag } from './dstar.js';
export { setCellBlocked } from './dstar-grid.js';
export { DStarLite, type DStarLiteOptions, type RepairStats, type RepairStatus } from './dstar-lite.js';
export { ara, AraSearcher, ARA_SCHEDULE, type AraIteration, type AraOptions, type AraResult, type AraStatus } from './ara.js';
export { UniversalPlanner, universalPlan, follow, bellmanResidual, bellmanTerms, type UniversalPlan, type BellmanTerm, type BellmanView } from './universal-plan.js';
