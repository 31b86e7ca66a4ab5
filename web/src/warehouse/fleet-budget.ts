/**
 * The time budgets the warehouse widget offers (milliseconds). Every planner
 * stops at its budget and says so, so the widget never waits forever; LaCAM*
 * uses the whole of it to better its first plan. Apart from the plan model,
 * so that the page's own chunk does not pull in the planners (the worker has them).
 */
export const FLEET_BUDGETS: readonly number[] = [1000, 3000, 10_000, 30_000];
/** The budget the widget starts with. */
export const DEFAULT_BUDGET = 3000;
