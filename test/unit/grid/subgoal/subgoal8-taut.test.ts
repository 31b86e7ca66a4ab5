import { expect, test } from 'vitest';
import { flood, Grid } from '#bestfirst';
import { SubgoalSearcher8 } from '#bestfirst/grid';
import { CLASS_MOVES, classOf, moveSet, mulberry32, tautTable } from '#bestfirst/internal';
import { checkPath } from '#bestfirst/grid';
import { loadMap, loadScen } from '../../../support/movingai-runs.js';
import { sameCost } from '../../../support/reference.js';

/** grid.ts's neighbour order: E, S, W, N, SE, SW, NW, NE. */
const DX = [1, 0, -1, 0, 1, -1, -1, 1], DY = [0, 1, 0, -1, 1, 1, -1, -1];
/** Bit of direction (dx, dy) in grid.ts's order. */
const bit = (dx: number, dy: number) => 1 << [0, 1, 2, 3, 4, 5, 6, 7].find((k) => DX[k] === dx && DY[k] === dy)!;

test('subgoal8 taut: the unit moves and the class of an offset', () => {
  expect(moveSet(0, 0)).toBe(0);
  expect(moveSet(5, 0)).toBe(bit(1, 0));
  expect(moveSet(-3, -3)).toBe(bit(-1, -1));
  expect(moveSet(3, 1)).toBe(bit(1, 0) | bit(1, 1));
  expect(moveSet(-1, 4)).toBe(bit(0, 1) | bit(-1, 1));
  // Every offset of a class has the class's moves, and the classes go round in turning order.
  for (let dx = -6; dx <= 6; dx++) {
    for (let dy = -6; dy <= 6; dy++) {
      if (dx === 0 && dy === 0) continue;
      expect(CLASS_MOVES[classOf(dx, dy)], `${dx},${dy}`).toBe(moveSet(dx, dy));
    }
  }
  const round = [[1, 0], [3, 1], [1, 1], [1, 3], [0, 1], [-1, 3], [-1, 1], [-3, 1], [-1, 0], [-3, -1], [-1, -1], [-1, -3], [0, -1], [1, -3], [1, -1], [3, -1]];
  expect(round.map(([x, y]) => classOf(x, y))).toEqual([...Array(16).keys()]);
});

test('subgoal8 taut: the table prunes a pair of steps exactly when a strictly shorter free replacement exists (Dijkstra on the 3 x 3 neighbourhood), or the pair cannot happen', () => {
  // Both ways: a table that pruned nothing would be safe, every answer still right,
  // and the one-way check (pruned implies shorter) passed it.
  for (const rule of ['no-corner-cutting', 'always'] as const) {
    const table = tautTable(rule);
    for (let nb = 0; nb < 256; nb++) {
      // The subgoal in the middle, free; its neighbours as nb says.
      const cells = new Uint8Array(9);
      for (let k = 0; k < 8; k++) cells[(1 + DY[k]) * 3 + 1 + DX[k]] = (nb >> k) & 1 ? 0 : 1;
      const grid = new Grid(3, 3, cells, { diagonalRule: rule });
      for (let a = 0; a < 8; a++) {
        const from = (1 - DY[a]) * 3 + 1 - DX[a];
        const d = cells[from] === 0 ? flood(grid, from).g : null;
        for (let b = 0; b < 8; b++) {
          const to = (1 + DY[b]) * 3 + 1 + DX[b];
          const prunes = ((table[nb * 8 + a] >> b) & 1) === 1;
          // Cannot happen: the step a comes from a blocked cell, or b enters one. The table prunes it.
          if (d === null || cells[to] !== 0) { expect(prunes, `${rule} nb ${nb} a ${a} b ${b}: cannot happen`).toBe(true); continue; }
          const two = (a < 4 ? 1 : Math.SQRT2) + (b < 4 ? 1 : Math.SQRT2);
          expect(prunes, `${rule} nb ${nb} a ${a} b ${b}: replacement ${d[to]}, the two steps ${two}`).toBe(d[to] < two - 1e-9);
        }
      }
    }
  }
});

test('subgoal8 taut: on street maps under both corner rules (pruning on: edges sorted by class), some 9,000 cells from 3 starts have Dijkstra\'s cost and a legal path, and the pruning skips pushes', () => {
  // With corner cutting Berlin_0_256's graph is too sparse for the class table since the cut-turn
  // rule (10.6 stored edges a subgoal): Berlin_0_512 still keeps it, every 29th cell (as many queries).
  for (const rule of ['no-corner-cutting', 'always'] as const) {
    const grid = loadMap(rule === 'always' ? 'street/Berlin_0_512.map' : 'street/Berlin_0_256.map').with({ diagonalRule: rule });
    const stride = rule === 'always' ? 29 : 7;
    const s = new SubgoalSearcher8(grid), graph = (s as unknown as { graph: { classAt: Uint16Array } }).graph;
    const classAt = graph.classAt;
    expect(classAt.length, rule).toBeGreaterThan(0);
    // The table in use, not only built: the scenario file's 20 longest rows push fewer subgoals than with the
    // class table set aside (white box: an empty one reads every edge, unpruned), at the same costs.
    // 8,824 against 9,349 (Berlin_0_256), 9,058 against 9,946 (Berlin_0_512 with corner cutting).
    let pruned = 0, unpruned = 0;
    for (const r of loadScen(rule === 'always' ? 'street/Berlin_0_512.map.scen' : 'street/Berlin_0_256.map.scen').slice(-20)) {
      const a = grid.id(r.startX, r.startY), b = grid.id(r.goalX, r.goalY);
      graph.classAt = classAt;
      expect(s.search(a, b)).toBe('found');
      const cost = s.cost;
      pruned += s.pushes;
      graph.classAt = new Uint16Array(0);
      expect(s.search(a, b)).toBe('found');
      expect(s.cost).toBe(cost);
      unpruned += s.pushes;
    }
    graph.classAt = classAt;
    expect(pruned, rule).toBeLessThan(unpruned * 0.97);
    const buf = new Int32Array(grid.size), next = mulberry32(rule === 'always' ? 71 : 72);
    const bad: string[] = [];
    for (let i = 0; i < 3; i++) {
      let from = Math.floor(next() * grid.size);
      while (grid.cells[from] !== 0) from = (from + 1) % grid.size;
      const d = flood(grid, from).g;
      for (let to = i; to < grid.size; to += stride) {
        if (grid.cells[to] !== 0) continue;
        const status = s.search(from, to);
        if (d[to] === Infinity) { if (status !== 'unreachable') bad.push(`${grid.formatXY(from)} -> ${grid.formatXY(to)}: ${status}`); continue; }
        const c = checkPath(grid, buf, from, to, s.pathInto(buf));
        if (status !== 'found' || !sameCost(s.cost, d[to]) || !c.ok || !sameCost(c.length, d[to])) bad.push(`${rule} ${grid.formatXY(from)} -> ${grid.formatXY(to)}: cost ${s.cost}, Dijkstra ${d[to]}${c.ok ? '' : `, ${c.reason}`}`);
      }
    }
    expect(bad).toEqual([]);
  }
}, 300_000);
