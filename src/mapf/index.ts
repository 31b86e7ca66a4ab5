/**
 * `bestfirst/mapf`: many agents on one grid (the MAPF benchmark's rules:
 * 4-connected moves or waits, no vertex or swap conflicts, agents stay on
 * their goals): prioritized planning, conflict-based search, PIBT, LaCAM*,
 * the check of a joint plan, and lifelong operation (robots given a new
 * goal on each arrival, measured by throughput).
 *
 * @module bestfirst/mapf
 */
export { prioritizedPlan } from './prioritized.js';
export { cbs, CBS_DEFAULT_MAX_NODES, type CbsOptions } from './cbs.js';
export { pibt, PIBT_DEFAULT_MAX_STEPS, type PibtOptions } from './pibt.js';
export { lacam, LACAM_DEFAULT_MAX_NODES, type LacamOptions, type LacamResult } from './lacam.js';
export type { MapfResult, MapfStatus, MapfOptions } from './model.js';
export { checkMapfPlan, type AgentTask, type MapfPlanCheck, type MapfPlanOk, type MapfPlanBroken } from './check.js';
export { lifelong, type LifelongOptions, type LifelongResult, type LifelongWindows, type StepTimes } from './lifelong.js';
export { warehouseStations, type WarehouseStations } from './stations.js';
