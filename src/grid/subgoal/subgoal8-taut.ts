import { diagonalOpen, DX, DY, type DiagonalRule } from '../grid.js';

/**
 * Taut-path pruning for the subgoal graph's A* (after Uras, Koenig and
 * Hernandez 2013: a shortest path bends at a subgoal only round the
 * obstacle there), in a form that is exact whatever the ties.
 *
 * A hop between two subgoals is a free-space path of octile length; every
 * step of it is one of the one or two unit moves of its octant (`moveSet`).
 * Say subgoal s was reached from p over such a hop, whose last step is some
 * move a of moveSet(s - p), and the next hop s -> t starts with some move b
 * of moveSet(t - s). If a and b are 90 degrees or more apart, the two steps
 * (s - a) -> s -> (s + b) have a strictly shorter replacement inside s's 3 x
 * 3 neighbourhood (one straight or diagonal step, two straight steps, or
 * none when b turns back); where that replacement is free for every such
 * pair (a, b), the walk p -> s -> t is strictly longer than p's distance to
 * t, so no shortest path runs p, s, t, and no shortest path from the
 * search's start runs through s to t either (the start reached p at its
 * distance, s at p's plus the hop, and t is nearer than that). The A* then
 * skips t from s. The argument does not depend on which parent the search
 * kept for s, so ties cannot lose a path: an edge of any shortest path is
 * never skipped.
 *
 * Pairs less than 90 degrees apart have no shorter replacement and are
 * never pruned; nor are hops whose moves are unknown (shortcuts).
 */

/** DIR[(dy + 1) * 3 + dx + 1]: the direction index of the unit step (dx, dy) (grid.ts's order), -1 for (0, 0). */
const DIR = new Int8Array(9).fill(-1);
for (let k = 0; k < 8; k++) DIR[(DY[k] + 1) * 3 + DX[k] + 1] = k;

/**
 * The unit moves (bits of grid.ts's direction indices) an octile-length
 * path along (dx, dy) takes: one when the offset is straight or diagonal,
 * else the diagonal and the straight move of its octant. 0 for (0, 0).
 */
export function moveSet(dx: number, dy: number): number {
  const sx = dx > 0 ? 1 : dx < 0 ? -1 : 0, sy = dy > 0 ? 1 : dy < 0 ? -1 : 0;
  const ax = dx * sx, ay = dy * sy;
  if (ax === ay) return ax === 0 ? 0 : 1 << DIR[(sy + 1) * 3 + sx + 1];
  const diagonal = ax === 0 || ay === 0 ? 0 : 1 << DIR[(sy + 1) * 3 + sx + 1];
  return diagonal | (ax > ay ? 1 << DIR[3 + sx + 1] : 1 << DIR[(sy + 1) * 3 + 1]);
}

/**
 * Which neighbours of cell (x, y) are free (bit k for direction k); a cell
 * outside the grid counts as blocked.
 */
export function neighbourhood(cells: Uint8Array, width: number, height: number, x: number, y: number): number {
  let nb = 0;
  for (let k = 0; k < 8; k++) {
    const nx = x + DX[k], ny = y + DY[k];
    if (nx >= 0 && ny >= 0 && nx < width && ny < height && cells[ny * width + nx] === 0) nb |= 1 << k;
  }
  return nb;
}

/**
 * The pruning table of one corner rule: `table[nb * 8 + a]` has bit b set
 * when a last step a into a subgoal, then a first step b out of it, has a
 * strictly shorter free replacement given the free neighbours `nb` (or
 * cannot happen: s - a or s + b blocked). See the file comment.
 */
export function tautTable(rule: DiagonalRule): Uint8Array {
  const table = new Uint8Array(256 * 8);
  // Whether the cell at offset (x, y) from the subgoal is free under neighbourhood nb (the subgoal itself is).
  const free = (nb: number, x: number, y: number): boolean => (x === 0 && y === 0) || ((nb >> DIR[(y + 1) * 3 + x + 1]) & 1) === 1;
  for (let nb = 0; nb < 256; nb++) {
    for (let a = 0; a < 8; a++) {
      let bits = 0;
      const ax = -DX[a], ay = -DY[a];
      for (let b = 0; b < 8; b++) {
        const bx = DX[b], by = DY[b];
        if (!free(nb, ax, ay) || !free(nb, bx, by)) { bits |= 1 << b; continue; }
        // Less than 90 degrees apart: the two steps are as short as any replacement.
        if (DX[a] * bx + DY[a] * by > 0) continue;
        const wx = bx - ax, wy = by - ay;
        let ok: boolean;
        if (wx === 0 && wy === 0) ok = true;
        else if (Math.abs(wx) === 2 || Math.abs(wy) === 2) ok = free(nb, ax + wx / 2, ay + wy / 2);
        else if (wx !== 0 && wy !== 0) ok = diagonalOpen(rule, !free(nb, ax + wx, ay), !free(nb, ax, ay + wy));
        else ok = true;
        if (ok) bits |= 1 << b;
      }
      table[nb * 8 + a] = bits;
    }
  }
  return table;
}

/**
 * The sixteen classes of an offset, in turning order: the eight directions
 * (even classes, E, SE, S, SW, W, NW, N, NE with y downward) and the eight
 * open octants between them (odd classes). Every offset of a class has the
 * same unit moves (`CLASS_MOVES`), so an edge list sorted by class gives
 * the pruning whole runs to skip without reading them.
 */
export function classOf(dx: number, dy: number): number {
  if (dx > 0 && dy >= 0) return dy === 0 ? 0 : dx > dy ? 1 : dx === dy ? 2 : 3;
  if (dx <= 0 && dy > 0) return dx === 0 ? 4 : dy > -dx ? 5 : dy === -dx ? 6 : 7;
  if (dx < 0 && dy <= 0) return dy === 0 ? 8 : -dx > -dy ? 9 : dx === dy ? 10 : 11;
  return dx === 0 ? 12 : -dy > dx ? 13 : -dy === dx ? 14 : 15;
}

/** CLASS_MOVES[c]: the unit moves of an offset of class c (see `moveSet`). */
export const CLASS_MOVES: Uint8Array = (() => {
  // One offset of each class, in classOf's order.
  const probe = [[1, 0], [2, 1], [1, 1], [1, 2], [0, 1], [-1, 2], [-1, 1], [-2, 1], [-1, 0], [-2, -1], [-1, -1], [-1, -2], [0, -1], [1, -2], [1, -1], [2, -1]];
  return Uint8Array.from(probe, ([x, y]) => moveSet(x, y));
})();

/** KEPT[skip]: the classes (bits) whose moves are not all in the move set `skip`: the ones a pruned expansion still reads. */
export const KEPT: Uint16Array = (() => {
  const kept = new Uint16Array(256);
  for (let skip = 0; skip < 256; skip++) for (let c = 0; c < 16; c++) if ((CLASS_MOVES[c] & ~skip) !== 0) kept[skip] |= 1 << c;
  return kept;
})();
