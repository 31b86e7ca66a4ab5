import { type Trace } from '#bestfirst';
import { frontierBefore, type FrontierEntry } from '#bestfirst/internal';
import { num } from '../common/format.js';

const SAME = 1e-9;

export interface QuizVerdict {
  correct: boolean;
  /** The cell the library expanded. */
  answer: number;
  /** Why that cell: smallest f, or the tie rule that picked it. */
  reason: string;
}

/** Is there a decision to make before pop k? Only when the frontier holds two cells or more. */
export function isDecision(trace: Trace, k: number): boolean {
  return k < trace.pops.length && frontierBefore(trace, k).length >= 2;
}

/**
 * Checks the reader's pick for pop `k` against the trace: the pick is right
 * exactly when it is the node the library popped. The reason is built from
 * the frontier as the engine ordered it (smallest f, then the tie rule).
 */
export function checkPick(trace: Trace, k: number, picked: number, name: (n: number) => string): QuizVerdict {
  const frontier = frontierBefore(trace, k);
  const answer = trace.pops[k].node;
  const top = frontier.find((e) => e.node === answer);
  if (!top) throw new Error(`checkPick: the popped node ${answer} is not on the frontier before pop ${k}`);
  const why = reasonFor(top, frontier, trace.tieBreak, name);
  if (picked === answer) return { correct: true, answer, reason: `Right. ${name(answer)} has f ${num(top.f)}. ${why}` };
  const mine = frontier.find((e) => e.node === picked);
  let against: string;
  if (!mine) against = `${name(picked)} is not waiting on the frontier.`;
  else if (mine.f > top.f + SAME) against = `${name(picked)} has f ${num(mine.f)}, more than ${num(top.f)}.`;
  else if (trace.tieBreak === 'h' && mine.h > top.h + SAME) against = `${name(picked)} ties on f ${num(mine.f)} but has the larger h (${num(mine.h)} against ${num(top.h)}).`;
  else against = `${name(picked)} ties on f ${num(mine.f)} but joined the frontier after ${name(answer)}.`;
  return { correct: false, answer, reason: `Not quite: ${against} The library takes ${name(answer)}. ${why}` };
}

function reasonFor(top: FrontierEntry, frontier: FrontierEntry[], rule: 'h' | 'fifo', name: (n: number) => string): string {
  const tiedF = frontier.filter((e) => Math.abs(e.f - top.f) <= SAME);
  if (tiedF.length === 1) return 'No other waiting cell has an f that low.';
  const oldest = `the tie goes to the one that has waited longest: ${name(top.node)} joined the frontier before the others.`;
  if (rule === 'h') {
    const tiedH = tiedF.filter((e) => Math.abs(e.h - top.h) <= SAME);
    if (tiedH.length === 1) return `${tiedF.length} cells share the lowest f, and the one with the smaller h, the one nearer the goal by the estimate, goes first.`;
    return `${tiedF.length} cells share the lowest f and ${tiedH.length} of them the smallest h; ${oldest}`;
  }
  return `${tiedF.length} cells share the lowest f, and ${oldest}`;
}

/** The answer for pop k and why, for a question the reader stepped past without answering. */
export function revealAnswer(trace: Trace, k: number, name: (n: number) => string): { answer: number; reason: string } {
  const frontier = frontierBefore(trace, k);
  const answer = trace.pops[k].node;
  const top = frontier.find((e) => e.node === answer);
  if (!top) throw new Error(`revealAnswer: the popped node ${answer} is not on the frontier before pop ${k}`);
  return { answer, reason: `Skipped: the library takes ${name(answer)} (f ${num(top.f)}). ${reasonFor(top, frontier, trace.tieBreak, name)}` };
}
