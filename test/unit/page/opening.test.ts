import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { frontierBefore } from '#bestfirst/internal';
import { num } from '../../../web/src/common/format.js';
import { drawAxes } from '../../../web/src/common/shapes.js';
import { counterexampleFacts } from '../../../web/src/opening/counterexample-model.js';
import { handTraceLine, handTraceRun } from '../../../web/src/opening/hand-trace-model.js';
import {
  ALL_REGIONS, eventLine, keyText, listingRegions, litRegion, LOOP_KINDS, loopRun, queueAt, type LoopKind,
} from '../../../web/src/opening/loop-model.js';
import { listing, LOOP_SOURCE_FILE, missingRegions, regionsOf } from '../../../web/src/opening/source-listing.js';
import { wedgeLine, wedgeStory } from '../../../web/src/opening/wedge-model.js';

/** The file the page bundles with `?raw` (web/src/opening/loop-source.ts), read the way the page reads it. */
const SOURCE = readFileSync(new URL(`../../../${LOOP_SOURCE_FILE}`, import.meta.url), 'utf8');
const LINES = SOURCE.split('\n');
const regionText = (name: string) => regionsOf(SOURCE).get(name)!.map((l) => LINES[l - 1]).join('\n');

describe('the opening shows the library\'s own loop', () => {
  it('the file the listing names is the file the page bundles', () => {
    const imports = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')).imports;
    expect(imports['#bestfirst/engine-source']).toEqual({ 'bestfirst-source': `./${LOOP_SOURCE_FILE}` });
  });

  it('every region the page asks for is marked in src/search/best-first.ts and holds code', () => {
    expect(ALL_REGIONS.length).toBe(12);
    expect(missingRegions(SOURCE, ALL_REGIONS)).toEqual([]);
    for (const k of LOOP_KINDS) expect(() => listing(SOURCE, listingRegions(k))).not.toThrow();
  });

  it('each region holds the lines its name promises, so a marker left behind by a refactor fails here', () => {
    const want: Record<string, string[]> = {
      start: ['g[start] = 0', 'heap.push(start'],
      pop: ['heap.pop()', 'stamp[n] = closedMark'],
      goal: ['n === goal', "return 'found'"],
      expand: ['space.successors(n', 'const x = nbr[i]'],
      skip: ['sx === closedMark', 'continue'],
      relax: ['g[x] = gx', 'parent[x] = n', 'wg * gx + wh * hx', 'heap.push(x'],
      'bfs-start': ['g[start] = 0', 'queue[tail] = start'],
      'bfs-pop': ['queue[head]', 'head++', 'stamp[n] = closedMark'],
      'bfs-goal': ["n === goal) return 'found'"],
      'bfs-expand': ['space.successors(n', 'const x = nbr[i]'],
      'bfs-skip': ['sx === gen || sx === closedMark', 'continue'],
      'bfs-relax': ['parent[x] = n', 'queue[tail] = x'],
    };
    expect(Object.keys(want).sort()).toEqual([...ALL_REGIONS].sort());
    for (const [name, parts] of Object.entries(want)) for (const p of parts) expect(regionText(name), `${name} holds ${p}`).toContain(p);
  });

  it('a region that is missing or never closed is an error, never a silent hole in the listing', () => {
    expect(() => listing(SOURCE, ['pop', 'no-such-region'])).toThrow(/no region no-such-region/);
    expect(missingRegions(SOURCE.replace('// #region goal', '// #region gaol'), ['goal'])).toEqual(['goal']);
    expect(() => regionsOf('a\n// #region x\nb\n')).toThrow(/never closed/);
    expect(() => regionsOf('a\n// #endregion\n')).toThrow(/never opened/);
  });

  it('a listing is the file\'s own lines with their numbers, comments left out, a gap where code is skipped', () => {
    const rows = listing(SOURCE, listingRegions('astar'));
    const code = rows.filter((r) => r.kind === 'code');
    for (const r of code) {
      expect(LINES[r.line - 1].trim()).toBe(r.text.trim());
      expect(r.text.trim().startsWith('//')).toBe(false);
    }
    // Between the pop and the goal test the loop counts and traces: that is a gap, not shown.
    const popEnd = rows.findIndex((r) => r.kind === 'code' && r.text.includes('stamp[n] = closedMark'));
    expect(rows[popEnd + 1].kind).toBe('gap');
    expect(code.map((r) => r.line)).toEqual([...code.map((r) => r.line)].sort((a, b) => a - b));
  });
});

describe('the four small figures replay the library\'s traces', () => {
  const runs = Object.fromEntries(LOOP_KINDS.map((k) => [k, loopRun(k)])) as Record<LoopKind, ReturnType<typeof loopRun>>;

  it('the room shows every contrast the prose draws, with the prose\'s numbers', () => {
    const { bfs, dijkstra, greedy, astar } = runs;
    const moves = (k: LoopKind) => runs[k].path!.length - 1;
    const free = runs.bfs.world.grid.cells.filter((c) => c === 0).length;
    expect(bfs.cost).toBeGreaterThan(dijkstra.cost + 0.5);
    expect(moves('bfs')).toBe(moves('dijkstra'));
    expect(greedy.cost).toBeGreaterThan(astar.cost + 0.5);
    expect(astar.cost).toBeCloseTo(dijkstra.cost, 9);
    expect(astar.expansions * 2).toBeLessThan(dijkstra.expansions);
    expect(greedy.expansions).toBeLessThan(astar.expansions);
    const html = readFileSync(new URL('../../../web/index.html', import.meta.url), 'utf8');
    const prose = html.slice(html.indexOf('<section id="one-loop"'), html.indexOf('<section id="theater-section"')).replace(/\s+/g, ' ');
    for (const claim of [
      `Its route takes ${moves('bfs')} moves and costs ${num(bfs.cost)}`,
      `closed ${bfs.expansions} of the room’s ${free} free squares`,
      `Dijkstra also needs ${moves('dijkstra')} moves`,
      `pays ${num(dijkstra.cost)}. It still closed ${dijkstra.expansions} squares`,
      `Greedy closes only ${greedy.expansions} squares`,
      `paying ${num(greedy.cost)}, just like breadth-first`,
      `A* closes ${astar.expansions} squares and pays ${num(astar.cost)}, the same as Dijkstra`,
    ]) expect(prose).toContain(claim);
  });

  it('between any two steps the list is the library\'s frontierBefore on the trace so far; after a pop\'s last push, on the whole trace', () => {
    for (const k of LOOP_KINDS) {
      const { trace, events } = runs[k];
      const ids = (es: { node: number }[]) => es.map((e) => e.node);
      events.forEach((e, i) => {
        const last = i === events.length - 1 || events[i + 1].pops !== e.pops;
        if (e.kind === 'pop') expect(ids(queueAt(trace, e)), `${k} event ${i}`).toEqual(ids(frontierBefore(trace, e.pops - 1)).slice(1));
        if (last && e.kind !== 'goal') expect(ids(queueAt(trace, e)), `${k} event ${i}`).toEqual(ids(frontierBefore(trace, e.pops)));
      });
      expect(events.filter((e) => e.kind === 'pop').length).toBe(trace.pops.length);
      expect(events.filter((e) => e.kind === 'push').length).toBe(trace.pushes.length - 1);
      expect(events[events.length - 1].kind).toBe('goal');
    }
  });

  it('a pop lights the pop lines, a push the relax lines, a pop that pushes nothing the skip test, the goal the goal test', () => {
    const want = { start: 'start', pop: 'pop', push: 'relax', none: 'skip', goal: 'goal' } as const;
    for (const k of LOOP_KINDS) {
      const names = listingRegions(k);
      for (const e of runs[k].events) {
        const lit = litRegion(k, e.kind);
        expect(lit).toBe((k === 'bfs' ? 'bfs-' : '') + want[e.kind]);
        expect(names).toContain(lit);
      }
      expect(new Set(runs[k].events.map((e) => e.kind))).toEqual(new Set(['start', 'pop', 'push', 'none', 'goal']));
    }
  });

  it('each step\'s sentence carries the trace\'s numbers', () => {
    const r = runs.astar;
    const pops = r.events.filter((e) => e.kind === 'pop');
    pops.forEach((e) => expect(eventLine(r, e)).toContain(keyText('astar', r.trace.pops[e.pops - 1])));
    const goal = eventLine(r, r.events[r.events.length - 1]);
    expect(goal).toContain(`costing ${num(r.cost)}, after closing ${r.expansions} cells`);
    expect(eventLine(runs.bfs, runs.bfs.events[2])).toMatch(/joins the back of the queue/);
  });
});

describe('the opening\'s other figures read the chapter\'s worlds', () => {
  it('the wedged robot: 2.2 m from the goal, the A east doorway 2.0 m away and a little behind it', () => {
    const s = wedgeStory();
    expect(s.naive.reached).toBe(false);
    expect(s.door!.name).toBe('A east');
    const end = wedgeLine(s, s.naive.path.length - 1);
    expect(end).toContain('only 2.2 m away');
    expect(end).toMatch(/\(A east\) is 2\.0 m away, \d+° to its left, a little behind it/);
    expect(end).toContain('between room A and room B');
    expect(wedgeLine(s, 0)).toContain(`${s.toGoal[0].toFixed(1)} m away`);
  });

  it('the hand trace pops (1,1) (1,2) (2,3) (3,2) (4,1) and ends at 5.2', () => {
    const r = handTraceRun();
    expect(r.trace.pops.map((p) => r.world.grid.formatColRow(p.node))).toEqual(['(1,1)', '(1,2)', '(2,3)', '(3,2)', '(4,1)']);
    expect(handTraceLine(r, 5)).toContain('costs 5.2');
    expect(handTraceLine(r, 3)).toBe('Pop 3 of 5: (2,3) with g 2.4 + h 2.8 = f 5.2.');
  });

  it('the counterexample: A at f 8, B at f 10, A* returns 8 and never expands B; the cheapest costs 5', () => {
    const f = counterexampleFacts();
    const { A, B } = f.world;
    expect(f.edges.map((e) => e.join(' ')).sort()).toEqual(['0 1 2', '0 2 1', '1 3 6', '2 3 4']);
    expect(f.h).toEqual([5, 6, 9, 0]);
    expect(f.hStar).toEqual([5, 6, 4, 0]);
    expect([f.f[A], f.f[B]]).toEqual([8, 10]);
    expect(f.astar.cost).toBe(8);
    expect(f.best.cost).toBe(5);
    expect(f.expanded).not.toContain(B);
  });
});

describe('coordinates in the gutter', () => {
  /** The numbers drawAxes writes, top gutter left to right, then left gutter top to bottom. */
  function axes(colRow: boolean): string[] {
    const out: string[] = [];
    const ctx = { save() {}, restore() {}, fillText: (t: string) => { out.push(t); } } as unknown as CanvasRenderingContext2D;
    drawAxes(ctx, { width: 4, height: 3, cell: 40, left: 20, top: 20 }, colRow);
    return out;
  }
  it('count as formatXY does by default, and as formatColRow does for the hand trace (from 1, row 1 at the bottom)', () => {
    expect(axes(false)).toEqual(['0', '1', '2', '3', '0', '1', '2']);
    expect(axes(true)).toEqual(['1', '2', '3', '4', '3', '2', '1']);
  });
});
