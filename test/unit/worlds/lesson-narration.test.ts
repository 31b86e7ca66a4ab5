// The narration the page's step player and `bestfirst trace --world lesson` share (src/worlds/lesson-narration.ts).
import { describe, expect, it } from 'vitest';
import { Searcher, InputError, Grid, octile, sum, type Trace } from '#bestfirst';
import { southRoomsWorld, arrivalLine, narrationLine, lessonWorld } from '#bestfirst/worlds';
import { narrationNumber } from '#bestfirst/internal';

function lesson(): { grid: Grid; goal: number; trace: Trace } {
  const w = lessonWorld(), s = new Searcher(w.grid);
  s.search(w.start, w.goal, { heuristic: w.h, tieBreak: 'fifo', trace: true });
  return { grid: w.grid, goal: w.goal, trace: s.trace! };
}

describe('narrationLine and arrivalLine', () => {
  it('tell the lesson step by step, the goal\'s step being the arrival', () => {
    const { grid, goal, trace } = lesson();
    expect(narrationLine(trace, grid, goal, 0)).toBe('Step 1: (0,0) leaves the frontier (g 0, f 9) and is closed. (1,0) and (0,1) join with g 1, f 9. 2 cells wait on the frontier.');
    expect(narrationLine(trace, grid, goal, 20)).toBe(arrivalLine(trace, grid, goal));
    expect(arrivalLine(trace, grid, goal)).toContain('the path takes 9 moves and costs 9, and 21 of the 23 free cells');
  });

  it('say when a closed cell is reopened and when an open one gets a cheaper route', () => {
    // Weighted A* with reopening on the theater's opening query reopens cells (the page's switch shows it).
    const w = southRoomsWorld(), s = new Searcher(w.grid);
    s.search(w.grid.id(1, 4), w.grid.id(13, 6), { priority: sum(1.5), heuristic: octile(w.grid), reopen: true, trace: true });
    const t = s.trace!;
    const kOf = (kind: string) => t.pushes.find((p) => p.kind === kind && p.during >= 0)!.during;
    expect(narrationLine(t, w.grid, w.grid.id(13, 6), kOf('reopen'))).toMatch(/(is|are) reopened with g [\d.]+, f [\d.]+/);
    expect(narrationLine(t, w.grid, w.grid.id(13, 6), kOf('improve'))).toMatch(/gets? a cheaper route with g/);
  });

  it('say when the frontier ran empty', () => {
    const { grid, goal } = lesson();
    const shut = grid.with({});
    shut.setBlocked(grid.id(4, 4), true);
    shut.setBlocked(grid.id(3, 5), true);
    const s = new Searcher(shut);
    s.search(grid.id(0, 0), goal, { heuristic: lessonWorld().h, tieBreak: 'fifo', trace: true });
    expect(arrivalLine(s.trace!, shut, goal)).toBe(`The frontier ran empty after ${s.trace!.pops.length} expansions: the goal cannot be reached.`);
  });

  it('round like the page: 1.4 + 2.8 reads 4.2', () => {
    expect(narrationNumber(1.4 + 2.8)).toBe('4.2');
    expect(narrationNumber(Infinity)).toBe('∞');
  });

  it('refuse what is not a trace, a grid, a goal of the grid or a step of the trace, with an InputError naming it', () => {
    const { grid, goal, trace } = lesson();
    const refuses = (f: () => unknown, word: RegExp) => {
      let e: unknown;
      try { f(); } catch (x) { e = x; }
      expect(e).toBeInstanceOf(InputError);
      expect((e as Error).message).toMatch(word);
      expect((e as Error).message).not.toContain('\n');
    };
    refuses(() => narrationLine(null as unknown as Trace, grid, goal, 0), /narrationLine: trace must be/);
    refuses(() => narrationLine(trace, { width: 5 } as unknown as Grid, goal, 0), /narrationLine: grid must be a Grid/);
    refuses(() => narrationLine(trace, grid, 30, 0), /goal must be a cell id in 0\.\.29, got 30/);
    refuses(() => narrationLine(trace, grid, goal, 21), /k must be an integer in 0\.\.20, got 21/);
    refuses(() => narrationLine(trace, grid, goal, 1.5), /k must be an integer/);
    refuses(() => narrationLine({ tieBreak: 'fifo', pops: [], pushes: [] }, grid, goal, 0), /the trace has no pops/);
    refuses(() => narrationLine({ ...trace, pops: [{ ...trace.pops[0], node: 99 }] }, grid, goal, 0), /trace\.pops\[0\]/);
    refuses(() => narrationLine({ ...trace, pushes: [...trace.pushes, null as never] }, grid, goal, 0), /trace\.pushes\[\d+\]/);
    refuses(() => narrationLine({ ...trace, pushes: trace.pushes.map((p) => (p.during === 0 ? { ...p, kind: 'odd' as never } : p)) }, grid, goal, 0), /kind/);
    refuses(() => arrivalLine(trace, grid, -1), /arrivalLine: goal must be a cell id/);
    refuses(() => arrivalLine({ ...trace, pops: [...trace.pops.slice(0, -1), { node: 'x' } as never] }, grid, goal), /arrivalLine: trace\.pops\[20\]/);
  });
});
