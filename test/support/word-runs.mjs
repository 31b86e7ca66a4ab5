// Runs of consecutive words shared between the page and the seed documents.
//
// One normaliser for both sides, so that a sentence pasted from a seed is
// found whatever its quotes, dashes, capitals or punctuation:
//   1. Unicode NFKC (ligatures, full-width forms, non-breaking spaces);
//   2. lower case;
//   3. every apostrophe or quote-like mark is dropped ("don't" = "dont",
//      "‘frontier’" = "frontier"), so curly and straight quotes agree;
//   4. every other character that is not a letter or a digit (dashes of any
//      kind, punctuation, symbols) becomes a space, so "cost-to-go",
//      "cost – to – go" and "cost to go" agree;
//   5. split on white space.
//
// A window is WINDOW consecutive words. It is *data*, not prose, when more
// than half of its words contain a digit: a trace line, a coordinate list or
// a table row ("(1,0) f 9, (0,1) f 9") may legitimately repeat a seed's
// numbers. Only prose windows are hashed and only prose windows are checked.
//
// A window's hash is the first 8 bytes of SHA-1 over its words joined by one
// space, written as 16 hex digits; the seed side is kept as the sorted list
// of those hashes, packed (8 bytes each, big-endian) into one base64 string.

import { createHash } from 'node:crypto';

export const WINDOW = 12;
export const HASH = 'sha1-64';

const QUOTES = /['‘’‚‛′‵ʹʻʼʽˈ`´"“”„‟″‶«»‹›]/gu;
const NOT_WORD = /[^\p{L}\p{N}]+/gu;

/** The normalised words of a text. */
export function words(text) {
  return text.normalize('NFKC').toLowerCase().replace(QUOTES, '').replace(NOT_WORD, ' ').split(/\s+/u).filter((w) => w.length > 0);
}

/** True when more than half the words of the window contain a digit: data, not prose. */
export function isData(window) {
  let digits = 0;
  for (const w of window) if (/\p{N}/u.test(w)) digits++;
  return digits * 2 > window.length;
}

/** 16 hex digits: the first 8 bytes of SHA-1 over the words joined by single spaces. */
export function windowHash(window) {
  return createHash('sha1').update(window.join(' '), 'utf8').digest('hex').slice(0, 16);
}

/** Every prose window of a text, in order: its words and its hash. */
export function proseWindows(text, size = WINDOW) {
  const ws = words(text);
  const out = [];
  for (let i = 0; i + size <= ws.length; i++) {
    const win = ws.slice(i, i + size);
    if (!isData(win)) out.push({ words: win, hash: windowHash(win) });
  }
  return out;
}

/** Counts every window of a text, prose and data alike. */
export function windowCount(text, size = WINDOW) {
  return Math.max(0, words(text).length - size + 1);
}

/** Sorted, de-duplicated hex hashes -> base64 of their 8-byte values. */
export function packHashes(hexes) {
  const sorted = [...new Set(hexes)].sort();
  return Buffer.from(sorted.join(''), 'hex').toString('base64');
}

/** base64 of 8-byte values -> Set of 16-hex-digit hashes. */
export function unpackHashes(packed) {
  const hex = Buffer.from(packed, 'base64').toString('hex');
  if (hex.length % 16 !== 0) throw new Error(`unpackHashes: ${hex.length / 2} bytes is not a whole number of 8-byte hashes`);
  const out = new Set();
  for (let i = 0; i < hex.length; i += 16) out.add(hex.slice(i, i + 16));
  return out;
}

/**
 * Checks texts against a set of seed hashes. Returns how many windows the
 * texts have (all, and prose only) and every prose window found in the set,
 * with the text it came from, so a failure names what to rewrite.
 */
export function checkTexts(texts, seedHashes, size = WINDOW) {
  let windows = 0, prose = 0;
  const matches = [];
  for (const text of texts) {
    windows += windowCount(text, size);
    for (const w of proseWindows(text, size)) {
      prose++;
      if (seedHashes.has(w.hash)) matches.push({ run: w.words.join(' '), text });
    }
  }
  return { windows, prose, matches };
}
