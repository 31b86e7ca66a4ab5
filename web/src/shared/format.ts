/** Numbers as the narration prints them: rounded to 1e-9 so 1.4 + 2.8 reads 4.2, not 4.199999999999999. */
export function num(v: number): string {
  if (!Number.isFinite(v)) return '∞';
  return String(Math.round(v * 1e9) / 1e9);
}

/** Metres with two decimals, for the Apartment's costs. */
export function metres(v: number): string {
  return Number.isFinite(v) ? `${v.toFixed(2)} m` : '∞';
}

export function plural(n: number, one: string, many = one + 's'): string {
  return `${n} ${n === 1 ? one : many}`;
}
