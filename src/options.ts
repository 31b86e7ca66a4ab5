import { InputError, show } from './errors.js';

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

/** Throws unless `v` is undefined or a boolean. */
export function checkBoolean(v: unknown, name: string): void {
  if (v !== undefined && typeof v !== 'boolean') throw new InputError(`${name} must be true or false, got ${show(v)}`);
}
