import { InputError, show } from './errors.js';
import { checkEndpoints, checkNode, type SearchSpace } from './space.js';

/**
 * The checks the repair and reuse searches (D*, D* Lite, ARA*, universal
 * plans) run on what a caller hands them. Node ids keep the one rule of
 * `checkNode` (and the space's own `checkEndpoint`); what they throw is the
 * caller's mistake, so it reaches the caller as an `InputError` whatever
 * class the space threw it as.
 */

/** Throws an InputError unless `n` is an integer node of `space` (and, with `endpoint`, a legal start or goal). */
export function checkNodeId(space: SearchSpace, n: number, what: string, endpoint = false): void {
  try {
    checkNode(space, n, what);
    if (endpoint) space.checkEndpoint?.(n, what);
  } catch (e) {
    throw e instanceof RangeError && !(e instanceof InputError) ? new InputError(e.message) : e;
  }
}

/**
 * Throws unless `options` is undefined or an object whose keys are all in
 * `allowed`. Our users write JavaScript as well as TypeScript, and a typo such
 * as `maxExpansion` would otherwise be ignored in silence: refusing unknown
 * keys turns it into a message. `where` names the function, class or object;
 * `noun` what a key is called in the message (`option`, `field`).
 */
export function checkKeys(options: unknown, allowed: readonly string[], where: string, noun = 'option'): void {
  if (options === undefined) return;
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new InputError(`${where}: options must be an object, got ${show(options)}`);
  }
  for (const k in options) {
    if (!allowed.includes(k)) throw new InputError(`${where}: unknown ${noun} ${JSON.stringify(k)} (allowed: ${allowed.join(', ')})`);
  }
}

/**
 * The one rule for a budget (expansions, pops, milliseconds) and for other
 * limits of a search: a number >= 0, where Infinity, and `undefined` (the
 * default), mean none. Returns the limit. Running out of a budget ends a
 * search with a status, never a throw; only a bad value throws, as an
 * `InputError` naming `what` (with its function, if the message should say
 * it); `note` is added to the rule in the message.
 */
export function checkBudget(v: unknown, what: string, note = ''): number {
  if (v === undefined) return Infinity;
  if (typeof v !== 'number' || !(v >= 0)) throw new InputError(`${what} must be a number >= 0${note}, got ${show(v)}`);
  return v;
}

/** Throws unless `v` is undefined or a boolean. */
export function checkBoolean(v: unknown, name: string): void {
  if (v !== undefined && typeof v !== 'boolean') throw new InputError(`${name} must be true or false, got ${show(v)}`);
}

/**
 * The heuristic contract: a number >= 0, Infinity when `b` cannot be reached
 * from `a`. Anything else (NaN, undefined, a negative number, a string) is the
 * caller's mistake, named with the node and the value.
 */
export function badHeuristic(where: string, a: number, b: number, v: unknown): InputError {
  if (v === Infinity && a === b) {
    return new InputError(`${where}: heuristic(${a}, ${b}) returned Infinity for the goal itself, which is always reached from itself (an admissible h is 0 there)`);
  }
  return new InputError(`${where}: heuristic(${a}, ${b}) returned ${show(v)}: h must be a number >= 0, or Infinity when ${b} cannot be reached from ${a}`);
}

/** An arc cost a space listed that no search can use: NaN, negative or not a number. */
export function badArcCost(where: string, from: number, to: number, c: unknown, allowed: string): InputError {
  return new InputError(`${where}: the space lists the arc ${from} -> ${to} with cost ${show(c)}; costs must be ${allowed}`);
}

/** The direction of a multi-source search, checked: 'backward' needs the space's predecessors. */
export function checkDirection(space: SearchSpace, given: unknown, where: string): 'forward' | 'backward' {
  const direction = given === undefined ? 'forward' : given;
  if (direction !== 'forward' && direction !== 'backward') {
    throw new InputError(`${where}: direction must be 'forward' or 'backward', got ${show(given)}`);
  }
  if (direction === 'backward' && typeof space.predecessors !== 'function') {
    throw new InputError(`${where}: a backward search needs the space's predecessors(), and this space has none (Graph and Grid have them)`);
  }
  return direction;
}

/** The sources of a multi-source search (one id, an array or an Int32Array of them), each checked as an endpoint. */
export function checkSources(space: SearchSpace, sources: unknown, where: string): ArrayLike<number> {
  const list = typeof sources === 'number' ? [sources] : sources;
  if (!(Array.isArray(list) || list instanceof Int32Array || list instanceof Uint32Array) || list.length === 0) {
    throw new InputError(`${where}: sources must be a node id in 0..${space.size - 1} or a non-empty array (or Int32Array) of them, got ${show(sources)}`);
  }
  for (let i = 0; i < list.length; i++) checkNodeId(space, list[i] as number, `${where}: sources[${i}]`, true);
  return list as ArrayLike<number>;
}

/**
 * The one check of an arc's far end: a space's `successors` (or
 * `predecessors`) must name nodes in 0..size-1. A custom space that names
 * anything else is the caller's mistake, and reading it as "no arc" would
 * answer a different question in silence; so every search that reads a
 * space's arcs throws this, naming the node, the arc and the range.
 * `dir` is 'successor' or 'predecessor', as the space listed it.
 */
export function badArcEnd(where: string, from: number, to: unknown, size: number, dir: 'successor' | 'predecessor' = 'successor'): InputError {
  return new InputError(`${where}: node ${from} lists a ${dir} ${show(to)} outside 0..${size - 1}, the space's node ids`);
}

/** True when `x` is a node id of a space of `size` nodes (an integer in 0..size-1). */
export function isNodeOf(x: number, size: number): boolean {
  return Number.isInteger(x) && x >= 0 && x < size;
}

/**
 * The one rule for costs that overflow: a path's cost is a finite number.
 * When a search adds an arc's finite cost to a finite g and gets Infinity,
 * the space's costs are too large to add up, and no answer (neither
 * "found at Infinity" nor "unreachable") would be true; it throws this,
 * naming the arc. Spaces whose costs are known up front (Graph, Grid)
 * refuse such costs when they are built, so their searches never get here.
 */
export function costOverflow(where: string, from: number, to: number, g: number, c: number): InputError {
  return new InputError(`${where}: the cost of a path overflows at the arc ${from} -> ${to} (g ${show(g)} + cost ${show(c)} is Infinity); costs must be small enough that every path's total is a finite number`);
}

/**
 * The first checks of a query on a space, before any state changes: the
 * option keys (`who` names the search in the message), then the endpoints.
 */
export function checkSpaceQuery(space: SearchSpace, start: number, goal: number, options: unknown, keys: readonly string[], who: string): void {
  checkKeys(options, keys, who);
  checkEndpoints(space, start, goal);
}
