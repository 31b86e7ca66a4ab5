import { InputError } from '#bestfirst';
import { show } from '#bestfirst/internal';
import type { OptionSpec } from './options.js';

/** `--shard K/N`: the K-th (from 1) of N slices of a batch. */
export interface Shard {
  readonly k: number;
  readonly n: number;
}

/** The most slices a batch is cut into: more than any scheduler's array, few enough to say in a message. */
export const MAX_SHARDS = 1_000_000;

/** Reads `K/N` (decimal integers, 1 <= K <= N <= MAX_SHARDS). */
export function parseShard(text: string, option = '--shard'): Shard {
  const m = /^\s*(\d{1,7})\s*\/\s*(\d{1,7})\s*$/.exec(text);
  const k = m === null ? NaN : Number(m[1]), n = m === null ? NaN : Number(m[2]);
  if (m === null || n < 1 || n > MAX_SHARDS) {
    throw new InputError(`${option} must be K/N, the K-th of N slices, with N a decimal integer from 1 to ${MAX_SHARDS} (1/4 ... 4/4), got ${show(text)}`);
  }
  if (k < 1 || k > n) throw new InputError(`${option} ${k}/${n}: K counts the slices from 1 to N = ${n}, got K = ${k}`);
  return { k, n };
}

/**
 * The rows of shard K/N of a batch of `total` rows, as [first, end): rows
 * floor((K-1) total / N) up to floor(K total / N), counted from 0 in the
 * order the run takes them. Slices differ by at most one row, cover the
 * batch once, and need nothing but K, N and the total: every machine of a
 * sweep cuts the same way.
 */
export function shardRows(total: number, { k, n }: Shard): [first: number, end: number] {
  // Exact in doubles: total < 2^31 and n <= 10^6, so the products stay below 2^53.
  return [Math.floor(((k - 1) * total) / n), Math.floor((k * total) / n)];
}

/** The `--shard` option of the batch commands. */
export const SHARD_OPTION: OptionSpec = {
  name: 'shard', kind: 'custom', arg: 'K/N',
  help: 'run only the K-th of N equal slices of the rows, for a sweep split across machines: with T rows (after --sample), rows floor((K-1)T/N) to floor(KT/N) - 1, counted from 0 in file order; `bestfirst merge` joins the slices\' --jsonl files into the whole run\'s report',
  parse: (text, option) => parseShard(text, option),
};
