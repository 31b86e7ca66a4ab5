// GridSearcher's unweighted loop as WebAssembly, in AssemblyScript (issue 36):
// the steps of runUnweighted (scripts/grid-loops.ts.in) in the same order, so
// the answers, expansions, pushes and reopenings are the JS loop's bit for bit,
// with every knob of that loop (wg, wh, tieByH, reopen, the improvement factor,
// greedy's sink), slices (stopAt), and one thing more: before an expansion
// that could overflow the open list it stops and asks for room (GROW), so
// the caller grows memory between expansions, never inside one.
// `npm run generate` compiles it (scripts/grid-kernel.mjs) into
// src/grid/fast/grid-kernel-wasm.ts; src/grid/fast/grid-kernel.ts runs it.
// Through GridSearcher it takes 0.74 of the JS loop's CPU time for A* on the
// grid track (src/grid/fast/grid-kernel.ts says how that was measured).
//
// Memory (imported: env.memory): the caller places every array and hands
// their byte offsets to `layout`.
//   G f64[N] g; S i32[N] heap state; V u8[N] arrival move; M u8[N] move masks;
//   T: off i32[8] @0, dx i32[8] @32, dy i32[8] @64, step f64[8] @96;
//   C control block: len i32 @0, peak i32 @4, expansions i32 @8, pushes i32 @12, reopenings i32 @16,
//     capacity i32 @20, counter f64 @24;
//   H heap records of 32 bytes: f, tie, s as f64, cell id as i32 @24. H is last: growing memory extends it.
let G: usize = 0, S: usize = 0, V: usize = 0, M: usize = 0, T: usize = 0, C: usize = 0, H: usize = 0;
export function layout(g: usize, s: usize, v: usize, m: usize, t: usize, c: usize, h: usize): void { G = g; S = s; V = v; M = m; T = t; C = c; H = h; }

// What run returns.
const FOUND: i32 = 1, UNREACHABLE: i32 = 0, PAUSED: i32 = -1, GROW: i32 = -2;

// @ts-ignore: decorator
@inline function before(pb: usize, f: f64, tie: f64, s: f64): bool {
  const pf = load<f64>(pb);
  return pf < f || (pf == f && (load<f64>(pb, 8) < tie || (load<f64>(pb, 8) == tie && load<f64>(pb, 16) < s)));
}

// @ts-ignore: decorator
@inline function moveEntry(from: usize, to: i32, base: i32): void {
  const tb = H + (<usize>to << 5);
  store<f64>(tb, load<f64>(from)); store<f64>(tb, load<f64>(from, 8), 8); store<f64>(tb, load<f64>(from, 16), 16);
  const id = load<i32>(from, 24);
  store<i32>(tb, id, 24);
  store<i32>(S + (<usize>id << 2), base + to);
}

// @ts-ignore: decorator
@inline function putEntry(i: i32, f: f64, tie: f64, s: f64, id: i32, base: i32): void {
  const ib = H + (<usize>i << 5);
  store<f64>(ib, f); store<f64>(ib, tie, 8); store<f64>(ib, s, 16); store<i32>(ib, id, 24);
  store<i32>(S + (<usize>id << 2), base + i);
}

// @ts-ignore: decorator
@inline function moveUp(i0: i32, f: f64, tie: f64, s: f64, id: i32, base: i32): i32 {
  let i = i0;
  while (i > 0) {
    const p = (i - 1) >> 1, pb = H + (<usize>p << 5);
    if (before(pb, f, tie, s)) break;
    moveEntry(pb, i, base);
    i = p;
  }
  putEntry(i, f, tie, s, id, base);
  return i;
}

/** IndexedGridHeap.down: entry i0 sinks to where its key fits among `n` entries. */
function moveDown(i0: i32, n: i32, base: i32): void {
  const ib0 = H + (<usize>i0 << 5);
  const f = load<f64>(ib0), tie = load<f64>(ib0, 8), s = load<f64>(ib0, 16), id = load<i32>(ib0, 24);
  let i = i0;
  const half = n >> 1;
  while (i < half) {
    let c = 2 * i + 1, cb = H + (<usize>c << 5);
    if (c + 1 < n) {
      const db = cb + 32;
      if (before(db, load<f64>(cb), load<f64>(cb, 8), load<f64>(cb, 16))) { c++; cb = db; }
    }
    if (!before(cb, f, tie, s)) break;
    moveEntry(cb, i, base);
    i = c;
  }
  putEntry(i, f, tie, s, id, base);
}

/**
 * Expands until the goal closes (FOUND), the open list empties (UNREACHABLE), `stopAt` expansions in all
 * (PAUSED), or the open list could overflow in the next expansion (GROW: nothing of that expansion done).
 */
export function run(stopAt: i32, goal: i32, w: i32, base: i32, wg: f64, wh: f64, tieByH: f64, hs: f64, hd: f64, hp: f64, reopen: bool, improve: f64): i32 {
  const invW: f64 = 1.0 / <f64>w;
  const closed = base - 1;
  const gx = goal % w, gy = (goal - gx) / w;
  let len = load<i32>(C), peak = load<i32>(C, 4), expansions = load<i32>(C, 8), pushes = load<i32>(C, 12), reopenings = load<i32>(C, 16);
  const cap = load<i32>(C, 20);
  let counter = load<f64>(C, 24);
  let status = UNREACHABLE;
  while (len > 0) {
    if (expansions >= stopAt) { status = PAUSED; break; }
    if (len + 8 > cap) { status = GROW; break; }
    const n = load<i32>(H, 24);
    store<i32>(S + (<usize>n << 2), closed);
    const last = --len;
    if (last > 0) {
      let i: i32 = 0;
      for (;;) {
        let c = 2 * i + 1;
        if (c >= last) break;
        let cb = H + (<usize>c << 5);
        if (c + 1 < last) {
          const db = cb + 32;
          if (before(db, load<f64>(cb), load<f64>(cb, 8), load<f64>(cb, 16))) { c++; cb = db; }
        }
        moveEntry(cb, i, base);
        i = c;
      }
      const lb = H + (<usize>last << 5);
      moveUp(i, load<f64>(lb), load<f64>(lb, 8), load<f64>(lb, 16), load<i32>(lb, 24), base);
    }
    const gn = load<f64>(G + (<usize>n << 3));
    expansions++;
    if (n == goal) { status = FOUND; break; }
    let m: i32 = load<u8>(M + <usize>n);
    if (m == 0) continue;
    // n's row by the reciprocal of w (a multiply, where i32.div_s takes tens of cycles), corrected to the exact
    // quotient: the product is within one of it for any cell id of a grid that fits in 4 GiB. 5% less time.
    let y = <i32>(<f64>n * invW);
    if ((y + 1) * w <= n) y++; else if (y * w > n) y--;
    const rx = n - y * w - gx, ry = y - gy;
    for (; m != 0; m &= m - 1) {
      const k = ctz(m);
      const c = n + load<i32>(T + (<usize>k << 2));
      const gc = gn + load<f64>(T + 96 + (<usize>k << 3));
      const sc = load<i32>(S + (<usize>c << 2));
      const open = sc >= base;
      if (open || sc == closed) {
        if (!(gc < load<f64>(G + (<usize>c << 3)) * improve)) continue;
        if (!open) {
          if (!reopen) continue;
          reopenings++;
        }
      }
      store<f64>(G + (<usize>c << 3), gc);
      store<u8>(V + <usize>c, <u8>k);
      const ax = rx + load<i32>(T + 32 + (<usize>k << 2)), ay = ry + load<i32>(T + 64 + (<usize>k << 2));
      const dx = ax < 0 ? -ax : ax, dy = ay < 0 ? -ay : ay;
      const dd = dx + dy;
      const hc = hs * (<f64>dd + hd * <f64>(dx < dy ? dx : dy)) + hp * <f64>(dd & 1);
      const f = wg * gc + wh * hc, tie = tieByH * hc, s = counter;
      counter += 1;
      let at: i32;
      if (open) at = sc - base;
      else {
        at = len++;
        if (len > peak) peak = len;
      }
      const i = moveUp(at, f, tie, s, c, base);
      // With f unchanged (greedy: wg 0) an updated entry that did not rise may have to sink, its number being newer.
      if (open && i == at) moveDown(i, len, base);
      pushes++;
    }
  }
  store<i32>(C, len); store<i32>(C, peak, 4); store<i32>(C, expansions, 8); store<i32>(C, pushes, 12); store<i32>(C, reopenings, 16);
  store<f64>(C, counter, 24);
  return status;
}
