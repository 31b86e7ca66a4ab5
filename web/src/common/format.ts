// Numbers as the narration prints them, defined once with the narration in the library.
export { narrationNumber as num } from '#bestfirst/internal';

/** Metres with two decimals, for the Apartment's costs. */
export function metres(v: number): string {
  return Number.isFinite(v) ? `${v.toFixed(2)} m` : '∞';
}

export function plural(n: number, one: string, many = one + 's'): string {
  return `${n} ${n === 1 ? one : many}`;
}
