/**
 * The jumps of jump point search, on a padded raster: `free` holds 1 for a
 * free cell and 0 for a blocked one, with a border of blocked cells all
 * round, so a scan stops at the border without a single bounds check. A cell
 * is a padded index; a direction is an offset (`±1` across, `±pw` down/up).
 *
 * Each jump starts at a jump point `n`, walks in one direction and returns the
 * number of steps to the next jump point, or 0 when the walk dies against an
 * obstacle (a dead end: nothing there needs expanding). Returning the count
 * rather than the cell gives the caller the cost without a division.
 *
 * Two movement rules, two sets of pruning rules (Harabor & Grastien 2011 for
 * corner cutting; the no-corner-cutting variant of their 2014 paper, the
 * Moving AI rule). All of them assume axial <= diagonal < 2 * axial, so that
 * one diagonal step beats two axial steps and a detour is never cheaper than
 * the straight line it replaces.
 */

/**
 * No corner cutting, straight walk from `n` by `d`; `q` is the perpendicular
 * offset. A cell is a jump point when a side cell is free but the one behind
 * it is blocked: the parent could not reach that side cell diagonally (the
 * diagonal would cut the blocked corner), so the only optimal way there is
 * through this cell.
 */
export function straightNoCut(free: Uint8Array, n: number, d: number, q: number, goal: number): number {
  let c = n, s = 0;
  for (;;) {
    c += d;
    if (free[c] === 0) return 0;
    s++;
    if (c === goal) return s;
    // `>` on 0/1 values: side free and behind-side blocked, without branches per term.
    if (free[c + q] > free[c + q - d] || free[c - q] > free[c - q - d]) return s;
  }
}

/**
 * No corner cutting, diagonal walk from `n` by `dx + dy` (`dx` = ±1,
 * `dy` = ±pw). A diagonal step needs both side cells free, so a diagonal
 * cell has no forced neighbours of its own: it is a jump point only when one
 * of the two straight walks leaving it (along dx, along dy) finds one.
 */
export function diagonalNoCut(free: Uint8Array, n: number, dx: number, dy: number, pw: number, goal: number): number {
  const dd = dx + dy;
  let c = n, s = 0;
  for (;;) {
    if (free[c + dx] === 0 || free[c + dy] === 0 || free[c + dd] === 0) return 0;
    c += dd;
    s++;
    if (c === goal) return s;
    if (straightNoCut(free, c, dx, pw, goal) !== 0 || straightNoCut(free, c, dy, 1, goal) !== 0) return s;
  }
}

/**
 * Corner cutting allowed (any diagonal between free cells), straight walk.
 * A cell is a jump point when a side cell is blocked but the cell diagonally
 * ahead of it is free: the parent's detour round the blocked side cell is no
 * longer available, so the way there goes through this cell.
 */
export function straightCut(free: Uint8Array, n: number, d: number, q: number, goal: number): number {
  let c = n, s = 0;
  for (;;) {
    c += d;
    if (free[c] === 0) return 0;
    s++;
    if (c === goal) return s;
    if (free[c + q + d] > free[c + q] || free[c - q + d] > free[c - q]) return s;
  }
}

/**
 * Corner cutting allowed, diagonal walk. A diagonal cell is a jump point when
 * a cell behind it across (or up) is blocked with the cell beyond free (the
 * original JPS forced neighbours), or when a straight walk from it finds one.
 */
export function diagonalCut(free: Uint8Array, n: number, dx: number, dy: number, pw: number, goal: number): number {
  const dd = dx + dy;
  let c = n, s = 0;
  for (;;) {
    c += dd;
    if (free[c] === 0) return 0;
    s++;
    if (c === goal) return s;
    if (free[c - dx + dy] > free[c - dx] || free[c + dx - dy] > free[c - dy]) return s;
    if (straightCut(free, c, dx, pw, goal) !== 0 || straightCut(free, c, dy, 1, goal) !== 0) return s;
  }
}
