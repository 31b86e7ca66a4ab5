import { describe, expect, it } from 'vitest';
import { Searcher } from '#bestfirst';
import { lessonWorld, arrivalLine, narrationLine } from '#bestfirst/worlds';
import { checkPick, isDecision } from '../../../web/src/step-player/quiz.js';
import { sceneAt } from '../../../web/src/common/scene.js';

function lesson() {
  const w = lessonWorld();
  const s = new Searcher(w.grid);
  s.search(w.start, w.goal, { heuristic: w.h, tieBreak: 'fifo', trace: true });
  return { ...w, s, trace: s.trace! };
}

describe('step player narration (lesson grid)', () => {
  it('narrates the first expansion with the trace\'s numbers: (0,0) at g 0, f 9; (1,0) and (0,1) join at g 1, f 9; 2 wait', () => {
    const { trace, grid, goal } = lesson();
    expect(narrationLine(trace, grid, goal, 0)).toBe('Step 1: (0,0) leaves the frontier (g 0, f 9) and is closed. (1,0) and (0,1) join with g 1, f 9. 2 cells wait on the frontier.');
  });
  it('a dead end says nothing joins', () => {
    const { trace, grid, goal } = lesson();
    const k = trace.pops.findIndex((p) => p.node === grid.id(0, 5));
    expect(narrationLine(trace, grid, goal, k)).toBe(`Step ${k + 1}: (0,5) leaves the frontier (g 5, f 9) and is closed. `
      + 'None of its neighbours is new or cheaper to reach from here, so no cell is added. 3 cells wait on the frontier.');
  });
  it('the 21st step announces the goal at distance 9, 9 steps, 21 of 23 cells', () => {
    const { trace, grid, goal } = lesson();
    expect(trace.pops.length).toBe(21);
    const line = narrationLine(trace, grid, goal, 20);
    expect(line).toContain('the goal (4,5) now has the lowest f, so it leaves the frontier with g 9.');
    expect(line).toContain('the path takes 9 moves and costs 9, and 21 of the 23 free cells were expanded');
  });
  it('an unreachable goal says so', () => {
    const { grid, goal } = lesson();
    const g2 = grid.with({});
    g2.setBlocked(grid.id(4, 4), true); g2.setBlocked(grid.id(3, 5), true);
    const s = new Searcher(g2);
    s.search(grid.id(0, 0), goal, { trace: true, tieBreak: 'fifo' });
    expect(arrivalLine(s.trace!, g2, goal)).toMatch(/cannot be reached/);
  });
});

describe('quiz checking', () => {
  const name = (n: number) => lessonWorld().grid.formatXY(n);
  it('before pop 0 there is no decision, before pop 1 there is', () => {
    const { trace } = lesson();
    expect(isDecision(trace, 0)).toBe(false);
    expect(isDecision(trace, 1)).toBe(true);
  });
  it('accepts (1,0) at the first decision and gives the tie rule', () => {
    const { trace, grid } = lesson();
    const v = checkPick(trace, 1, grid.id(1, 0), name);
    expect(v.correct).toBe(true);
    expect(v.reason).toBe('Right. (1,0) has f 9. 2 cells share the lowest f, and the tie goes to the one that has waited longest: (1,0) joined the frontier before the others.');
  });
  it('rejects (0,1) at the first decision, naming the answer', () => {
    const { trace, grid } = lesson();
    const v = checkPick(trace, 1, grid.id(0, 1), name);
    expect(v.correct).toBe(false);
    expect(v.answer).toBe(grid.id(1, 0));
    expect(v.reason).toContain('joined the frontier after (1,0)');
  });
  it('rejects a larger f with the numbers (decision before (4,4): (4,1) has f 11)', () => {
    const { trace, grid } = lesson();
    const k = trace.pops.findIndex((p) => p.node === grid.id(4, 4));
    const v = checkPick(trace, k, grid.id(4, 1), name);
    expect(v.correct).toBe(false);
    expect(v.reason).toContain('(4,1) has f 11, more than 9.');
  });
  it('all 20 decisions of the lesson are answered by the popped cell', () => {
    const { trace } = lesson();
    let decisions = 0;
    for (let k = 0; k < trace.pops.length; k++) {
      if (!isDecision(trace, k)) continue;
      decisions++;
      expect(checkPick(trace, k, trace.pops[k].node, name).correct).toBe(true);
    }
    expect(decisions).toBe(20);
  });
});

describe('sceneAt replays the trace', () => {
  it('step 0 shows only the start open; the end shows the path', () => {
    const { trace, grid, s, start } = lesson();
    const a = sceneAt(trace, grid.size, 0, s.path());
    expect(a.closed).toEqual([]);
    expect(a.open).toEqual([start]);
    expect(a.path).toBeNull();
    const b = sceneAt(trace, grid.size, 21, s.path());
    expect(b.closed.length).toBe(21);
    expect(b.path!.length).toBe(10);
    expect(b.g[grid.id(4, 5)]).toBe(9);
  });
  it('rejects a step outside the trace', () => {
    const { trace, grid } = lesson();
    expect(() => sceneAt(trace, grid.size, 22, null)).toThrow(/0\.\.21/);
  });
});
