// An independent reference for the shortest Dubins and Reeds-Shepp lengths:
// no closed form, only the words of the tables and numbers. Every word has
// three free lengths; the heading equation (linear in the lengths) gives the
// last one, and the two position equations are solved by a dense grid over
// the other two, then Newton's method from every local minimum of the
// miss. The end of a word is found by rotating about circle centres with
// complex numbers, not by the library's `drive`.

/** One segment of a word: its steering, direction, and which free length it runs (or 'q', a quarter turn). */
export interface RefSegment { steer: 'L' | 'R' | 'S'; dir: 1 | -1; p: 0 | 1 | 2 | 'q' }
/** A word of a table: its segments and the family it is listed under. */
export interface RefWord { name: string; family: string; segments: RefSegment[] }

const seg = (steer: 'L' | 'R' | 'S', dir: 1 | -1, p: 0 | 1 | 2 | 'q'): RefSegment => ({ steer, dir, p });
const nameOf = (s: RefSegment[], signed: boolean) => s.map((x) => x.steer + (signed ? (x.dir > 0 ? '+' : '-') : '')).join('');

/** The six Dubins words, as the 1957 paper lists them. */
export const DUBINS_REF: RefWord[] = ['LSL', 'RSR', 'LSR', 'RSL', 'RLR', 'LRL'].map((w) => {
  const segments = [...w].map((c, i) => seg(c as 'L' | 'R' | 'S', 1, i as 0 | 1 | 2));
  return { name: w, family: w.includes('S') ? 'CSC' : 'CCC', segments };
});

/**
 * The 48 Reeds-Shepp words: the paper's table read as nine base words (one
 * of each family, the L+ first form) closed under its three
 * transformations, each written here from its definition: time-flip changes
 * every direction, reflect swaps L and R, backwards reverses the order.
 */
function rsWords(): RefWord[] {
  const L = 'L', R = 'R', S = 'S';
  const bases: [string, string, RefSegment[]][] = [
    ['C|C|C', 'C|C|C', [seg(L, 1, 0), seg(R, -1, 1), seg(L, 1, 2)]],
    ['C|CC', 'CC|C', [seg(L, 1, 0), seg(R, -1, 1), seg(L, -1, 2)]],
    ['CSC', 'CSC', [seg(L, 1, 0), seg(S, 1, 1), seg(L, 1, 2)]],
    ['CSC', 'CSC', [seg(L, 1, 0), seg(S, 1, 1), seg(R, 1, 2)]],
    ['CCu|CuC', 'CCu|CuC', [seg(L, 1, 0), seg(R, 1, 1), seg(L, -1, 1), seg(R, -1, 2)]],
    ['C|CuCu|C', 'C|CuCu|C', [seg(L, 1, 0), seg(R, -1, 1), seg(L, -1, 1), seg(R, 1, 2)]],
    ['C|C(pi/2)SC', 'CSC(pi/2)|C', [seg(L, 1, 0), seg(R, -1, 'q'), seg(S, -1, 1), seg(L, -1, 2)]],
    ['C|C(pi/2)SC', 'CSC(pi/2)|C', [seg(L, 1, 0), seg(R, -1, 'q'), seg(S, -1, 1), seg(R, -1, 2)]],
    ['C|C(pi/2)SC(pi/2)|C', 'C|C(pi/2)SC(pi/2)|C', [seg(L, 1, 0), seg(R, -1, 'q'), seg(S, -1, 1), seg(L, -1, 'q'), seg(R, 1, 2)]],
  ];
  const out = new Map<string, RefWord>();
  for (const [family, reversed, s0] of bases) {
    for (const back of [false, true]) {
      for (const flip of [false, true]) {
        for (const mirror of [false, true]) {
          let s = s0.map((x) => seg(mirror && x.steer !== S ? (x.steer === L ? R : L) : x.steer, (flip ? -x.dir : x.dir) as 1 | -1, x.p));
          if (back) {
            // Reversed, the free lengths keep their numbers but the last segment must run the one the heading fixes: renumber.
            s = s.reverse();
            const order = new Map<number, number>();
            s = s.map((x) => (x.p === 'q' ? x : seg(x.steer, x.dir, (order.get(x.p) ?? (order.set(x.p, order.size), order.size - 1)) as 0 | 1 | 2)));
          }
          const name = nameOf(s, true);
          if (!out.has(name)) out.set(name, { name, family: back ? reversed : family, segments: s });
        }
      }
    }
  }
  return [...out.values()];
}
export const REEDS_SHEPP_REF = rsWords();

const TAU = 2 * Math.PI;
const wrap = (a: number) => ((a % TAU) + TAU) % TAU;
const kappa = (s: 'L' | 'R' | 'S') => (s === 'L' ? 1 : s === 'R' ? -1 : 0);

/** The end of `w` with the lengths `len` (magnitudes), from the origin facing +x, radius 1: complex rotation about each centre. */
function endOf(w: RefWord, len: number[]): [number, number, number] {
  let px = 0, py = 0, th = 0;
  for (const s of w.segments) {
    const l = s.dir * (s.p === 'q' ? Math.PI / 2 : len[s.p]);
    if (s.steer === 'S') { px += l * Math.cos(th); py += l * Math.sin(th); continue; }
    const k = kappa(s.steer);
    // The centre is one radius to the turning side; the car rotates about it by k * l.
    const cx = px - k * Math.sin(th), cy = py + k * Math.cos(th);
    const a = k * l, ca = Math.cos(a), sa = Math.sin(a), rx = px - cx, ry = py - cy;
    px = cx + rx * ca - ry * sa; py = cy + rx * sa + ry * ca; th += a;
  }
  return [px, py, th];
}

/** The lengths of `w` given its first two free lengths: the third from the heading equation, or null. */
function complete(w: RefWord, phi: number, a: number, b: number): number[] | null {
  const last = w.segments[w.segments.length - 1];
  let turned = 0;
  const len = [a, b, 0];
  for (const s of w.segments.slice(0, -1)) turned += kappa(s.steer) * s.dir * (s.p === 'q' ? Math.PI / 2 : len[s.p]);
  const k = kappa(last.steer) * last.dir;
  if (k === 0) return null;
  len[2] = wrap((phi - turned) / k);
  return len;
}

const isArc = (w: RefWord, p: number) => w.segments.some((s) => s.p === p && s.steer !== 'S');

/** Every solution of word `w` to the goal (x, y, phi) (unit radius) found by grid and Newton: the lengths' sums. */
export function solveWord(w: RefWord, x: number, y: number, phi: number, grid = 64): number[] {
  const maxS = Math.hypot(x, y) + 8;
  const hi = [isArc(w, 0) ? TAU : maxS, isArc(w, 1) ? TAU : maxS];
  const miss = (a: number, b: number) => {
    const len = complete(w, phi, a, b);
    if (len === null) return Infinity;
    const [ex, ey] = endOf(w, len);
    return Math.hypot(ex - x, ey - y);
  };
  const F = new Float64Array((grid + 1) * (grid + 1));
  const at = (i: number, j: number) => [(hi[0] * i) / grid, (hi[1] * j) / grid];
  for (let i = 0; i <= grid; i++) for (let j = 0; j <= grid; j++) { const [a, b] = at(i, j); F[i * (grid + 1) + j] = miss(a, b); }
  const found: number[] = [];
  for (let i = 0; i <= grid; i++) {
    for (let j = 0; j <= grid; j++) {
      const f = F[i * (grid + 1) + j];
      let minimum = true;
      for (let di = -1; di <= 1 && minimum; di++) {
        for (let dj = -1; dj <= 1; dj++) {
          const ii = i + di, jj = j + dj;
          if ((di === 0 && dj === 0) || ii < 0 || jj < 0 || ii > grid || jj > grid) continue;
          if (F[ii * (grid + 1) + jj] < f) { minimum = false; break; }
        }
      }
      if (!minimum) continue;
      const sol = newton(w, x, y, phi, ...(at(i, j) as [number, number]));
      if (sol !== null) found.push(sol);
    }
  }
  return found;
}

/** Newton's method on the two position equations from (a, b), numeric Jacobian; the total length on convergence within bounds. */
function newton(w: RefWord, x: number, y: number, phi: number, a: number, b: number): number | null {
  const res = (p: number, q: number): [number, number] | null => {
    const len = complete(w, phi, p, q);
    if (len === null) return null;
    const [ex, ey] = endOf(w, len);
    return [ex - x, ey - y];
  };
  for (let it = 0; it < 60; it++) {
    const r = res(a, b);
    if (r === null) return null;
    if (Math.hypot(r[0], r[1]) < 1e-13) break;
    const h = 1e-7;
    const ra = res(a + h, b), rb = res(a, b + h);
    if (ra === null || rb === null) return null;
    const j11 = (ra[0] - r[0]) / h, j21 = (ra[1] - r[1]) / h, j12 = (rb[0] - r[0]) / h, j22 = (rb[1] - r[1]) / h;
    const det = j11 * j22 - j12 * j21;
    if (Math.abs(det) < 1e-14) return null;
    let da = (j22 * r[0] - j12 * r[1]) / det, db = (-j21 * r[0] + j11 * r[1]) / det;
    const step = Math.hypot(da, db);
    if (step > 0.5) { da *= 0.5 / step; db *= 0.5 / step; } // damped: stay in the basin the grid found
    a -= da; b -= db;
  }
  // Lengths are magnitudes: a negative one is another word's solution. A root at -0 within rounding is a zero.
  if (a < -1e-9 || b < -1e-9) return null;
  a = Math.max(0, a); b = Math.max(0, b);
  const len = complete(w, phi, a, b);
  if (len === null) return null;
  const [ex, ey, eth] = endOf(w, len);
  const heading = Math.abs(wrap(eth - phi + Math.PI) - Math.PI);
  if (Math.hypot(ex - x, ey - y) > 1e-11 || heading > 1e-11) return null;
  let total = 0;
  for (const s of w.segments) total += s.p === 'q' ? Math.PI / 2 : len[s.p];
  return total;
}

/** The shortest length over `words` from the origin (facing +x, radius 1) to (x, y, phi), and the word that gives it. */
export function shortestByNumbers(words: RefWord[], x: number, y: number, phi: number, grid?: number): { length: number; word: string } {
  let best = { length: Infinity, word: '' };
  for (const w of words) for (const l of solveWord(w, x, y, phi, grid)) if (l < best.length) best = { length: l, word: w.name };
  return best;
}
