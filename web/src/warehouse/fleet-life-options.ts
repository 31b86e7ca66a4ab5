/**
 * The warehouse widget's lifelong mode: robots that, on reaching a goal, are
 * handed the next (pick station, shelf spot, drop station, from one seeded
 * stream), run for a number of steps by the library's `lifelong`, then
 * played back. PIBT plans a step at a time; LaCAM* replans every
 * LIFELONG_LACAM.window steps within the widget's time budget.
 */
export type LifelongMethod = 'lifelong-pibt' | 'lifelong-lacam';

/** Whether a planner-menu entry is one of the lifelong ones. */
export function isLifelong(method: string): method is LifelongMethod {
  return method === 'lifelong-pibt' || method === 'lifelong-lacam';
}

/** The errand stream's seed (and the robots' starts, and PIBT's tie-breaks): fixed, so a run can be told again. */
export const LIFELONG_SEED = 1;
/** The run lengths the widget offers, in steps. An errand crosses the 161-cell floor twice, so it takes some 300 steps. */
export const LIFELONG_STEPS: readonly number[] = [500, 1000, 2000];
/** The run length it starts with. */
export const DEFAULT_LIFELONG_STEPS = 500;
/**
 * Rolling-horizon LaCAM* in the widget: a plan every 10 steps, each allowed
 * 250 ms before PIBT moves the robots for that window instead. Each plan
 * takes every robot all the way to its goal, so this mode costs some ten
 * times PIBT's time for the same run; the widget's time budget ends it.
 */
export const LIFELONG_LACAM = { window: 10, windowMillis: 250 } as const;
/** The robot counts of the widget's sweep, each one run of PIBT. */
export const SWEEP_ROBOTS: readonly number[] = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000];
