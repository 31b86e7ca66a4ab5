import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Grid, octile, weightedAstar, dijkstra, Searcher } from '#bestfirst';
import { lessonWorld } from '#bestfirst/worlds';
import { applyEdit, keyEdit, modeAt } from '../../../web/src/common/editor.js';
import { firstEpsilonAboveDijkstra, sliderValues } from '../../../web/src/theater/first-epsilon.js';
import { cellAt, cellCentre, cellSizeFor, moveCursor } from '../../../web/src/common/layout.js';
import { COLORS, exploredShade, hexToRgb, mix, nearestColor, rampShade } from '../../../web/src/common/palette.js';
import { Player, type Scheduler } from '../../../web/src/common/player.js';
import { FrameTurns } from '../../../web/src/common/frame-turns.js';
import { OnePerFrame } from '../../../web/src/common/one-per-frame.js';
import { estimates, goalTouch, pushesIfMarkedOnPop } from '../../../web/src/asides/aside-logic.js';
import { typesetHtml } from '../../../web/build/tex.js';

describe('palette', () => {
  it('mixes per channel and maps the ends of the explored ramp', () => {
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(exploredShade(9, 10)).toBe(COLORS.explored);
    expect(nearestColor(hexToRgb(exploredShade(0, 10)))).not.toBe('explored'); // early cells are pale
    expect(rampShade(COLORS.start, 0, 10)).not.toBe(rampShade(COLORS.start, 10, 10));
    expect(() => hexToRgb('blue')).toThrow(/#rrggbb/);
  });
  it('the four roles have four distinct nearest colours', () => {
    const roles = ['start', 'goal', 'explored', 'path'] as const;
    expect(roles.map((r) => nearestColor(hexToRgb(COLORS[r])))).toEqual([...roles]);
  });
});

describe('layout', () => {
  const L = { width: 5, height: 6, cell: 20 };
  it('maps pointer positions to cells at any shown size', () => {
    expect(cellAt(L, 0, 0, 100, 120)).toBe(0);
    expect(cellAt(L, 99, 119, 100, 120)).toBe(29);
    expect(cellAt(L, 50, 10, 200, 240)).toBe(1); // shown at twice the size
    expect(cellAt(L, -1, 5, 100, 120)).toBe(-1);
    expect(cellAt(L, 100, 5, 100, 120)).toBe(-1);
  });
  it('centres, sizes and a clamped keyboard cursor', () => {
    expect(cellCentre(L, 7)).toEqual([50, 30]);
    expect(cellSizeFor(360, 30)).toBe(12);
    expect(cellSizeFor(5000, 5)).toBe(40);
    expect(moveCursor(L, 0, 'ArrowLeft')).toBe(0);
    expect(moveCursor(L, 0, 'ArrowDown')).toBe(5);
    expect(moveCursor(L, 29, 'ArrowRight')).toBe(29);
    expect(moveCursor(L, 3, 'x')).toBe(3);
  });
});

describe('editor', () => {
  const world = () => ({ cells: new Uint8Array(9), start: 0, goal: 8 });
  it('chooses the gesture at pointer-down', () => {
    const w = world(); w.cells[4] = 1;
    expect(modeAt(w, 0)).toBe('start');
    expect(modeAt(w, 8)).toBe('goal');
    expect(modeAt(w, 4)).toBe('erase');
    expect(modeAt(w, 3)).toBe('paint');
  });
  it('never walls over or lands an endpoint on a wall or the other endpoint', () => {
    const w = world(); w.cells[4] = 1;
    expect(applyEdit(w, 'paint', 0)).toBe(false);
    expect(applyEdit(w, 'start', 4)).toBe(false);
    expect(applyEdit(w, 'goal', 0)).toBe(false);
    expect(applyEdit(w, 'goal', 5)).toBe(true);
    expect(w.goal).toBe(5);
    expect(applyEdit(w, 'erase', 4)).toBe(true);
    expect(w.cells[4]).toBe(0);
    expect(applyEdit(w, 'paint', 3)).toBe(true);
    expect(applyEdit(w, 'paint', 3)).toBe(false); // no change, no rerun
  });
  it('keys: Space toggles, S and G move the endpoints', () => {
    const w = world();
    expect(keyEdit(w, ' ', 2)).toBe(true);
    expect(w.cells[2]).toBe(1);
    expect(keyEdit(w, 'Enter', 2)).toBe(true);
    expect(w.cells[2]).toBe(0);
    expect(keyEdit(w, 's', 2)).toBe(true);
    expect(w.start).toBe(2);
    expect(keyEdit(w, 'q', 3)).toBe(false);
  });
});

describe('player', () => {
  function fakeClock() {
    let cb: ((t: number) => void) | null = null;
    const s: Scheduler = { request: (f) => { cb = f; return 1; }, cancel: () => { cb = null; } };
    return { s, frame: (t: number) => { const f = cb; cb = null; f?.(t); } };
  }
  it('plays at its rate, stops at the end, restarts from 0 when played at the end', () => {
    const c = fakeClock();
    let changes = 0;
    const p = new Player(() => changes++, c.s);
    p.rate = 10;
    p.load(5);
    expect(p.k).toBe(5);
    p.play();
    expect(p.k).toBe(0);
    c.frame(0); c.frame(250);
    expect(p.k).toBe(2);
    c.frame(1000);
    expect(p.k).toBe(5);
    expect(p.playing).toBe(false);
    expect(changes).toBeGreaterThan(3);
  });
  it('step and seek clamp and pause', () => {
    const c = fakeClock();
    const p = new Player(() => {}, c.s);
    p.load(3, 0);
    p.play();
    p.step();
    expect(p.playing).toBe(false);
    expect(p.k).toBe(1);
    p.seek(99);
    expect(p.k).toBe(3);
    p.step(-10);
    expect(p.k).toBe(0);
  });
});

describe('first epsilon above Dijkstra', () => {
  it('slider values are exact tenths', () => {
    const v = sliderValues(0, 5, 0.1);
    expect(v.length).toBe(51);
    expect(v[3]).toBe(0.3);
    expect(v[50]).toBe(5);
  });
  it('matches a direct scan with the library wrappers, and is null when nothing exceeds', () => {
    const g = Grid.fromAscii([
      '..........',
      '.########.',
      '.#......#.',
      '.#.####.#.',
      '...#..#...',
      '.#.#..###.',
      '.#........',
    ], { diagonalCost: 1.4, cellSize: 0.5 });
    const h = octile(g);
    const eps = sliderValues(0, 5, 0.1);
    for (const [s, t] of [[g.id(0, 0), g.id(4, 4)], [g.id(9, 6), g.id(2, 2)], [g.id(0, 6), g.id(9, 0)]]) {
      const best = dijkstra(g, s, t).cost;
      const direct = eps.find((e) => weightedAstar(g, s, t, h, e).cost > best * (1 + 1e-9)) ?? null;
      expect(firstEpsilonAboveDijkstra(g, s, t, h, eps)).toBe(direct);
    }
    const open = new Grid(6, 1, undefined, { diagonalCost: 1.4 });
    expect(firstEpsilonAboveDijkstra(open, 0, 5, octile(open), eps)).toBeNull();
  });
});

describe('aside logic', () => {
  it('the (4,4) example: Manhattan 8, Chebyshev 4, octile 5.6', () => {
    expect(estimates(4, 4, 1.4)).toEqual({ manhattan: 8, chebyshev: 4, octile: 4 * 1.4 });
  });
  it('marking on pop would push more than marking on push on the lesson grid', () => {
    const w = lessonWorld();
    const s = new Searcher(w.grid);
    s.search(w.start, w.goal, { heuristic: w.h, tieBreak: 'fifo', trace: true });
    expect(s.trace!.pushes.length).toBe(22);
    expect(pushesIfMarkedOnPop(s.trace!, w.grid)).toBeGreaterThan(22);
    const t = goalTouch(s.trace!, w.goal)!;
    expect(t.popStep).toBe(21);
    expect(t.finalG).toBe(9);
    expect(t.firstG).toBe(9);
  });
});

describe('build-time TeX', () => {
  it('typesets inline and display elements and decodes entities', () => {
    const out = typesetHtml('<p><span class="tex">a &lt; b</span></p><div class="tex">\\qstart</div>');
    expect(out).toContain('class="tex tex-done"><span class="katex">');
    expect(out).toContain('katex-display');
    expect(out).toContain('<mo>&lt;</mo>');
    expect(out).toContain('start');
  });
  it('fails the build on bad TeX, naming it', () => {
    expect(() => typesetHtml('<span class="tex">\\frac{</span>')).toThrow(/cannot typeset "\\\\frac\{"/);
  });
});

describe('OnePerFrame', () => {
  // The browser's clocks, driven by hand: a frame runs the animation callbacks, then the tasks they set (afterPaint).
  let frames: (() => void)[] = [], tasks: (() => void)[] = [];
  const drain = (q: (() => void)[]) => { const run = q.splice(0); for (const f of run) f(); };
  const frame = () => { drain(frames); drain(tasks); };
  beforeEach(() => {
    frames = []; tasks = [];
    vi.stubGlobal('requestAnimationFrame', (f: () => void) => frames.push(f));
    vi.stubGlobal('setTimeout', (f: () => void) => tasks.push(f));
  });
  afterEach(() => { vi.unstubAllGlobals(); });

  it('makes one change a painted frame, in the order queued; a key queued again is replaced in its place', () => {
    const q = new OnePerFrame(), made: string[] = [];
    q.add('menu', () => made.push('menu'));
    q.add('claim', () => made.push('claim 1'));
    q.add('words', () => made.push('words'));
    q.add('claim', () => made.push('claim 2'));
    expect(made).toEqual([]); // nothing before the next paint
    frame();
    expect(made).toEqual(['menu']);
    frame();
    expect(made).toEqual(['menu', 'claim 2']);
    frame();
    frame();
    expect(made).toEqual(['menu', 'claim 2', 'words']);
    expect(q.size).toBe(0);
  });
  it('holds everything while paused (a drag) and goes on where it was when let go; a change may queue another', () => {
    const q = new OnePerFrame(), made: string[] = [];
    q.add('badge', () => { made.push('badge'); q.add('ara', () => made.push('ara')); });
    q.pause(true);
    frame(); frame();
    expect(made).toEqual([]);
    q.add('menu', () => made.push('menu'));
    q.pause(false);
    frame();
    expect(made).toEqual(['badge']);
    q.pause(true);
    frame();
    expect(made).toEqual(['badge']);
    q.pause(false);
    frame(); frame();
    expect(made).toEqual(['badge', 'menu', 'ara']);
  });
});

describe('FrameTurns', () => {
  it('gives each frame one kind of work: the first claim of a frame wins, the other kind waits for the next frame', () => {
    const turns = new FrameTurns();
    expect(turns.claim('pictures', 16)).toBe(true);
    expect(turns.claim('pictures', 16)).toBe(true); // more pictures in the same frame: fine
    expect(turns.claim('words', 16)).toBe(false);
    expect(turns.claim('words', 33)).toBe(true);
    expect(turns.claim('words', 33)).toBe(true); // every lane's words in one frame
    expect(turns.claim('pictures', 33)).toBe(false);
    expect(turns.claim('pictures', 50)).toBe(true);
    // A frame with no claim yet takes either kind.
    expect(turns.claim('words', 66)).toBe(true);
    expect(turns.claim('pictures', 83)).toBe(true);
  });
  it('caps the writers of one frame of words when asked: the rest wait for a later frame', () => {
    const turns = new FrameTurns(2);
    expect(turns.claim('words', 16)).toBe(true);
    expect(turns.claim('words', 16)).toBe(true);
    expect(turns.claim('words', 16)).toBe(false);
    expect(turns.claim('pictures', 16)).toBe(false);
    expect(turns.claim('words', 33)).toBe(true); // a new frame, a new count
    expect(turns.claim('words', 33)).toBe(true);
    expect(turns.claim('words', 33)).toBe(false);
  });
});
