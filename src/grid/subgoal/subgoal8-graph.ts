import type { DiagonalRule } from '../grid.js';
import { Contraction } from './subgoal8-contract.js';
import { landmarkDistances, MAX_LANDMARKS } from './subgoal8-landmarks.js';
import { HReach8 } from './subgoal8-reach.js';
import { classOf } from './subgoal8-taut.js';
import type { SavedContents } from '../../core/saved-file.js';
import { checkUnpacking, graph8Parts, type Graph8Parts } from './subgoal8-saved.js';

/**
 * The work one build may do, in units of an edge relaxation of a witness
 * search (a pair of neighbours looked at counts one too): past it the
 * subgoals not yet taken out stay in the core. A count, not a clock, so a
 * build does not depend on the machine's load. A unit is some 20 to 30 ns
 * on these machines; the scans' charge below leaves rooms, game maps and
 * mazes 25 million or more for the contraction, street maps some 19
 * million, random maps 1 to 23 million (the more subgoals, the less).
 */
const BUILD_WORK = 28_000_000;
/**
 * What building the subgoal graph is charged per edge end found, in the
 * same units, before the contraction starts: the budget follows the map. A
 * random map's scans find some 700,000 ends in a quarter of a second of CPU
 * (about 20 units an end); the charge is more than that, so a map whose
 * subgoal graph is dear to find (a subgoal in every other free cell, where
 * taking one out mostly adds shortcuts) contracts about as little as it did
 * at a budget of 20 million and 20 units an end (its build stays under a
 * second), while rooms, game maps and streets get 4 to 8 million more
 * (cores with corner cutting: rooms 16% to 11%, game maps 11% to 8%;
 * expansions a query 161 to 122 and 28.5 to 20.6).
 */
const SCAN_WORK = 36;
/** The most the landmarks may cost, in the same units (on random maps, a few landmarks: each costs as much as a tenth of a second of contraction). */
const LANDMARK_BUDGET = 10_000_000;
/** What one landmark's Dijkstra costs per stored edge and per subgoal, in the same units (both ways, and the heap). */
const LANDMARK_WORK = 6;
/**
 * The structure may take this many bytes per grid cell (issue 14's budget):
 * a subgoal whose contraction would bring it above stays in the core. Where
 * the simple graph alone is over it (random maps with corner cutting), only
 * contractions that save memory are made.
 */
const MAX_BYTES_PER_CELL = 16;
/**
 * Edge lists sorted by class for the taut-path pruning (subgoal8-taut.ts)
 * only where a subgoal keeps this many edges on average: there a pruned
 * expansion skips whole runs of them (street maps, some 40 a core subgoal);
 * on sparser graphs (random maps, mazes) the table's 32 bytes a subgoal and
 * the per-expansion work cost more than the few edges skipped.
 */
const TAUT_MIN_DEGREE = 12;
/** What `recordIn` returns when a subgoal's own list has no edge to the other (shortcut records are 0 or more, simple edges -1). */
const ABSENT = -2;
/** Landmarks kept before the shortcut halves where the memory budget has room for only one of the two (see the constructor). */
const HALVES_BEFORE = 2;

/**
 * The subgoal graph of an 8-connected grid with uniform costs (Uras,
 * Koenig and Hernandez 2013), contracted into a hierarchy over a core (Uras
 * and Koenig's "CH-SG", the subgoal graph under the contraction hierarchies
 * of Geisberger et al. 2008).
 *
 * The simple subgoal graph first: subgoals at the corners where shortest
 * paths turn (subgoal8-reach.ts), an edge between every two that are
 * directly h-reachable (a path of octile length between them, no other
 * subgoal on it). A shortest path between two cells is then a start, a
 * chain of subgoals and a goal, each hop of octile length.
 *
 * Then the hierarchy (subgoal8-contract.ts): subgoals are taken out least
 * important first, each two remaining neighbours of one joined by a
 * shortcut where no witness path is as short, until the build's work
 * budget is spent; the subgoals left are the core ("global"). A shortcut
 * need not be a free-space path, so it keeps its length and the subgoal it
 * passes through, and a path unpacks by halving shortcuts until every hop
 * is an edge of the simple graph. A contracted ("local") subgoal keeps its
 * upward edges only (to subgoals taken out after it, or the core's), each
 * edge so stored once at its lower end; a core subgoal keeps its edges to
 * the other core subgoals. A query climbs from the start's and the goal's
 * subgoals and searches the core in between (subgoal8.ts); where the whole
 * graph is contracted the core is empty and the query is the hierarchy's
 * two climbs.
 *
 * Flat arrays in the end: CSR adjacency packed in 16 bits (`at`, `adj`,
 * `far`): an edge of the simple graph to a subgoal near in rank is the
 * 2-byte difference of the ranks (its length the octile distance, computed
 * from the coordinates); the rest, two slots each at the list's end, are
 * edges to subgoals too far in rank (v >= 0) and shortcuts (~i, record i:
 * `scTo[i]`, its length and `scMid[i]`, 12 bytes more: the length as the
 * counts of diagonal and straight steps of the path it stands for,
 * `scSteps[i]`, or where a count passes 16 bits as a number, `scLen[i]`, 16
 * bytes). On street-like
 * graphs each list's near edges are sorted by direction class for the
 * taut-path pruning (`classAt`, 32 bytes a subgoal). The subgoals'
 * coordinates and the core flag beside, and up to `MAX_LANDMARKS`
 * landmarks' distances to every subgoal (8 bytes a subgoal each,
 * subgoal8-landmarks.ts), as many as the 16-bytes-a-cell budget leaves
 * room for.
 */
export class SubgoalGraph8 {
  readonly reach: HReach8;
  readonly width: number;
  /** Subgoals, in cell id order (rank of `reach.sub`). */
  readonly count: number;
  /** Subgoal coordinates: 2 bytes each on a grid whose sides are at most 65535 cells, else 4. */
  readonly xs: Uint16Array | Int32Array;
  readonly ys: Uint16Array | Int32Array;
  /**
   * The edge lists, packed: `adj[at[u] .. at[u + 1])` holds u's edges of the
   * simple graph to subgoals near in rank as 16-bit differences (the other
   * end is u + adj[j]: 2 bytes an edge), then its last `far[u]` entries, two
   * slots each (low half, high half of a 32-bit value, `wide`): an edge of
   * the simple graph to subgoal v >= 0 too far in rank for 16 bits, or ~i
   * for shortcut record i.
   */
  readonly at: Int32Array;
  readonly adj: Int16Array;
  readonly far: Uint16Array;
  /** Shortcut records (see the class comment). */
  readonly scTo: Int32Array;
  /**
   * Each record's length as step counts: `(diagonal steps << 16) | straight
   * steps` of the path it stands for (its halves' counts summed), so the
   * length is `diagonals * diag + straights * axial` (`shortcutLength`),
   * exact to rounding, in 4 bytes instead of a number's 8; empty where a
   * count passes 16 bits (long shortcuts of a large maze), and `scLen` holds
   * the lengths instead (else empty).
   */
  readonly scSteps: Uint32Array = new Uint32Array(0);
  readonly scLen: Float64Array = new Float64Array(0);
  readonly scMid: Int32Array;
  /** 1 for a core (global) subgoal, 0 for a contracted (local) one. */
  readonly global: Uint8Array;
  /**
   * Empty, or (taut-path pruning, subgoal8-taut.ts) each subgoal's edges of
   * the simple graph sorted by class, then its shortcuts: `classAt[u * 16 +
   * c]` is where class c + 1 starts, counted from `at[u]` (class 0 starts
   * there; `classAt[u * 16 + 15]` is where the shortcuts start).
   */
  readonly classAt: Uint16Array = new Uint16Array(0);
  /** Edges of the simple subgoal graph, before the contraction (each counted once). */
  readonly simpleEdges: number;
  /** Core subgoals. */
  readonly globals: number;
  /** Edge entries stored: upward edges of local subgoals, core edges at both ends. */
  readonly entries: number;
  /** Landmarks (see subgoal8-landmarks.ts): 0 without a core, or where the memory budget has no room. */
  readonly landmarks: number;
  /** lm[v * landmarks + i]: landmark i's distance to subgoal v. */
  readonly lm: Float64Array = new Float64Array(0);
  /**
   * Empty, or (where the memory budget has room after the landmarks) each
   * shortcut record's two halves, so a path unpacks without searching the
   * lists: `scHalf[2 * i]` is the edge from record i's owner to its middle,
   * `scHalf[2 * i + 1]` the one from its middle to `scTo[i]`, each a record
   * index, or -1 for an edge of the simple graph.
   */
  readonly scHalf: Int32Array = new Int32Array(0);

  /**
   * @param cells the grid's raster (0 free)
   * @param axial cost of a straight step; `diag` of a diagonal one
   * @param levels false: the simple subgoal graph only (every subgoal in the core)
   * @param saved the parts of a graph of this grid saved before (`savedParts`), taken instead of building them; `who` names the caller in refusals
   */
  constructor(width: number, height: number, cells: Uint8Array, rule: DiagonalRule, readonly axial: number, readonly diag: number, levels = true, saved?: { contents: SavedContents; who: string }) {
    const reach = new HReach8(width, height, cells, rule);
    this.reach = reach;
    this.width = width;
    const n = reach.sub.count;
    this.count = n;
    const small = width <= 0xffff && height <= 0xffff;
    const xs = small ? new Uint16Array(n) : new Int32Array(n), ys = small ? new Uint16Array(n) : new Int32Array(n);
    for (let c = 0, u = 0; u < n; c++) if (reach.sub.has(c)) { xs[u] = c % width; ys[u] = (c - xs[u]) / width; u++; }
    this.xs = xs;
    this.ys = ys;
    if (saved !== undefined) {
      const p = graph8Parts(saved.contents, n, saved.who);
      this.simpleEdges = p.simpleEdges;
      this.landmarks = p.landmarks;
      this.at = p.at; this.adj = p.adj; this.far = p.far;
      this.scTo = p.scTo; this.scSteps = p.scSteps; this.scLen = p.scLen; this.scMid = p.scMid;
      this.global = p.global; this.classAt = p.classAt; this.lm = p.lm; this.scHalf = p.scHalf;
      let globals = 0;
      for (let u = 0; u < n; u++) globals += p.global[u];
      this.globals = globals;
      let wides = 0;
      for (let u = 0; u < n; u++) wides += p.far[u];
      this.entries = p.adj.length - wides;
      this.checkLoaded(saved.who);
      return;
    }
    const rows = this.simpleGraph();
    let edges = 0;
    for (const l of rows) edges += l.length / 3;
    this.simpleEdges = edges / 2;
    // The memory budget: what the edges may take beside the per-cell tables and the per-subgoal arrays.
    // (The contraction charges an edge end 4 bytes where the packed lists mostly take 2: that margin
    // pays for the lists' wide-entry counts, 2 bytes a subgoal.)
    const fixed = reach.bytes + xs.byteLength + ys.byteLength + 4 * (n + 1) + n;
    const edgeBytes = Math.max(0, MAX_BYTES_PER_CELL * width * height - fixed);
    const work = BUILD_WORK - SCAN_WORK * 2 * this.simpleEdges;
    const contraction = levels ? new Contraction(rows, work, edgeBytes) : null;
    const global = contraction ? contraction.core : new Uint8Array(n).fill(1);
    let total = 0, shortcuts = 0, globals = 0;
    for (let u = 0; u < n; u++) {
      const l = rows[u];
      globals += global[u];
      for (let i = 0; i < l.length; i += 3) {
        total++;
        if (l[i + 2] >= 0) shortcuts++;
      }
    }
    const at32 = new Int32Array(n + 1), adj32 = new Int32Array(total);
    const scTo = new Int32Array(shortcuts), scLen = new Float64Array(shortcuts), scMid = new Int32Array(shortcuts);
    for (let u = 0, k = 0, s = 0; u < n; u++) {
      at32[u] = k;
      const l = rows[u];
      for (let i = 0; i < l.length; i += 3) {
        if (l[i + 2] < 0) { adj32[k++] = l[i]; continue; }
        scTo[s] = l[i]; scLen[s] = l[i + 1]; scMid[s] = l[i + 2];
        adj32[k++] = ~s++;
      }
      rows[u] = [];
    }
    at32[n] = total;
    // The class table where the lists are long, and where the memory budget has room for it.
    let wides = 0;
    for (let u = 0; u < n; u++) for (let j = at32[u]; j < at32[u + 1]; j++) if (!(adj32[j] >= 0 && isNear(u, adj32[j]))) wides++;
    const packedBytes = fixed + 2 * n + 2 * (total + wides) + 16 * shortcuts;
    if (levels && n > 0 && total >= TAUT_MIN_DEGREE * n && packedBytes + 32 * n <= MAX_BYTES_PER_CELL * width * height) this.classAt = sortByClass(n, at32, adj32, xs, ys);
    else nearFirst(n, at32, adj32);
    const packed = pack(n, at32, adj32);
    this.at = packed.at;
    this.adj = packed.adj;
    this.far = packed.far;
    this.scTo = scTo;
    this.scMid = scMid;
    // Each record's halves (its middle's two upward edges: see `upRecord`), then its step counts from them.
    const half = new Int32Array(2 * shortcuts), owner = new Int32Array(shortcuts);
    for (let u = 0; u < n; u++) {
      for (let j = this.at[u + 1] - 2 * this.far[u]; j < this.at[u + 1]; j += 2) {
        const e = wide(this.adj, j);
        if (e < 0) { owner[~e] = u; half[2 * ~e] = this.upRecord(scMid[~e], u); half[2 * ~e + 1] = this.upRecord(scMid[~e], scTo[~e]); }
      }
    }
    const steps = stepCounts(half, owner, scTo, scMid, xs, ys);
    if (steps) this.scSteps = steps; else this.scLen = scLen;
    this.global = global;
    this.globals = globals;
    this.entries = total;
    // Landmarks for the A*, as many as the memory budget leaves room for. They are worth more to a
    // query than the contraction's last subgoals, so they do not wait for what the contraction left of
    // the work budget; but they alone may not spend more than half of it (a guard for large graphs).
    let k = 0;
    const budget = MAX_BYTES_PER_CELL * width * height;
    if (contraction && n > 0) {
      const room = Math.floor((budget - this.bytes) / (8 * n));
      const paid = Math.floor(LANDMARK_BUDGET / (LANDMARK_WORK * (total + n)));
      k = Math.min(MAX_LANDMARKS, room, paid);
      // The shortcut halves before the landmarks past the second (the fewest worth their Dijkstra,
      // below): on 8room_000 with corner cutting the halves took a query to 0.86-0.89 of its time
      // beside 4 landmarks (bench/RESULTS.md, sg8g), where the budget now has room for the 4 and the
      // halves, not for a fifth landmark beside them; maze512-1-0 keeps 2 and the halves, as it did
      // before its shortcut lengths took 4 bytes instead of 8. With none (sg8g: rooms 1.05-1.08 of the
      // time with the halves and no landmark) the landmarks stay first.
      if (k > HALVES_BEFORE && this.bytes + 8 * n * k + 8 * shortcuts > budget) k = Math.max(HALVES_BEFORE, Math.floor((budget - this.bytes - 8 * shortcuts) / (8 * n)));
    }
    // One landmark alone is not worth its Dijkstra: on random maps, where the budget leaves room for
    // one at most, it cost a tenth of a second of build (the slowest 512 x 512 build near 1 s of CPU).
    this.landmarks = k >= 2 ? k : 0;
    if (this.landmarks > 0) {
      const ends = new Int32Array(total), lens = new Float64Array(total);
      for (let u = 0; u < n; u++) {
        for (let j = at32[u]; j < at32[u + 1]; j++) {
          const v = adj32[j];
          if (v >= 0) { ends[j] = v; lens[j] = this.octile(xs[u] - xs[v], ys[u] - ys[v]); } else { ends[j] = scTo[~v]; lens[j] = this.shortcutLength(~v); }
        }
      }
      this.lm = landmarkDistances(n, at32, ends, lens, this.landmarks);
    }
    if (shortcuts > 0 && this.bytes + 8 * shortcuts <= budget) this.scHalf = half;
  }

  /** The arrays `save` writes (see subgoal8-saved.ts); the reach tables are the grid's and are made again on load. */
  savedParts(): Graph8Parts {
    return {
      simpleEdges: this.simpleEdges, landmarks: this.landmarks, at: this.at, adj: this.adj, far: this.far, scTo: this.scTo, scSteps: this.scSteps,
      scLen: this.scLen, scMid: this.scMid, global: this.global, classAt: this.classAt, lm: this.lm, scHalf: this.scHalf,
    };
  }

  /** Refuses loaded parts whose shortcuts would not unpack (see `checkUnpacking`). */
  private checkLoaded(who: string): void {
    const records = this.scTo.length, owner = new Int32Array(records), xs = this.xs, ys = this.ys;
    for (let u = 0; u < this.count; u++) {
      for (let j = this.at[u + 1] - 2 * this.far[u]; j < this.at[u + 1]; j += 2) { const e = wide(this.adj, j); if (e < 0) owner[~e] = u; }
    }
    const end = (r: number, i: number) => (i === 0 ? owner[r] : this.scTo[r]);
    const half = this.scHalf.length > 0 ? (r: number, i: number) => this.scHalf[2 * r + i] : (r: number, i: number) => this.recordIn(this.scMid[r], end(r, i));
    const edge = (r: number, i: number) => { const a = end(r, i), m = this.scMid[r]; return this.octile(xs[a] - xs[m], ys[a] - ys[m]); };
    checkUnpacking(records, half, (r) => this.shortcutLength(r), edge, who);
  }

  /** The length of shortcut record r (see `scSteps`). */
  shortcutLength(r: number): number {
    if (this.scLen.length > 0) return this.scLen[r];
    const st = this.scSteps[r];
    return (st >>> 16) * this.diag + (st & 0xffff) * this.axial;
  }

  /** The octile distance of offset (dx, dy) in cost units. */
  octile(dx: number, dy: number): number {
    if (dx < 0) dx = -dx;
    if (dy < 0) dy = -dy;
    return dx < dy ? (dy - dx) * this.axial + dx * this.diag : (dx - dy) * this.axial + dy * this.diag;
  }

  /** Every subgoal's directly h-reachable subgoals, both ways, without repeats, as (other, length, -1) triples. */
  private simpleGraph(): number[][] {
    const n = this.count, reach = this.reach, w = this.width, xs = this.xs, ys = this.ys;
    const nbr: number[][] = [];
    for (let u = 0; u < n; u++) nbr.push([]);
    for (let u = 0; u < n; u++) {
      reach.scan(ys[u] * w + xs[u], -1);
      for (let i = 0; i < reach.found; i++) {
        const v = reach.foundIds[i];
        if (v === u) continue;
        nbr[u].push(v);
        nbr[v].push(u);
      }
    }
    // Most pairs were found from both ends: drop the repeats, marking each list's members (no sort).
    const seen = new Int32Array(n).fill(-1);
    const rows: number[][] = [];
    for (let u = 0; u < n; u++) {
      const l = nbr[u], row: number[] = [];
      for (let i = 0; i < l.length; i++) {
        const v = l[i];
        if (seen[v] === u) continue;
        seen[v] = u;
        row.push(v, this.octile(xs[u] - xs[v], ys[u] - ys[v]), -1);
      }
      rows.push(row);
      nbr[u] = [];
    }
    return rows;
  }

  /** The subgoal the stored edge between u and v passes through, -1 for an edge of the simple graph (it is stored at u, at v, or both). */
  midOf(u: number, v: number): number {
    const r = this.edgeRecord(u, v);
    return r < 0 ? -1 : this.scMid[r];
  }

  /** The shortcut record of the stored edge between u and v, -1 for an edge of the simple graph. */
  edgeRecord(u: number, v: number): number {
    // A core subgoal keeps no edge down to a contracted one (the contracted one keeps it, upward):
    // then only the contracted end's list, short, is read, not the core's, long on open maps.
    const first = this.global[u] && !this.global[v] ? v : u, second = first === u ? v : u;
    let r = this.recordIn(first, second);
    if (r === ABSENT) r = this.recordIn(second, first);
    if (r === ABSENT) throw new Error('SubgoalGraph8: no edge between two subgoals of a path (internal error)');
    return r;
  }

  /**
   * The shortcut record of the edge between contracted subgoal m and x, read
   * from m's list alone, -1 for an edge of the simple graph: where m is a
   * shortcut's middle and x one of its ends. Both halves of a shortcut are
   * in its middle's list: the middle was taken out while both ends were
   * still there, so its edges to them became its upward edges, and a
   * contracted subgoal's list is never changed again. `edgeRecord` would
   * read the end's list first where the end is contracted too (a list
   * without m, read to its end for nothing).
   */
  upRecord(m: number, x: number): number {
    const r = this.recordIn(m, x);
    if (r === ABSENT) throw new Error('SubgoalGraph8: a shortcut\'s middle has no edge to its end (internal error)');
    return r;
  }

  /** The edge to b in a's own list: its shortcut record, -1 for an edge of the simple graph, ABSENT (-2) when a's list has none. */
  private recordIn(a: number, b: number): number {
    const at = this.at, adj = this.adj, scTo = this.scTo, end = at[a + 1], near = end - 2 * this.far[a];
    for (let k = at[a]; k < near; k++) if (a + adj[k] === b) return -1;
    for (let k = near; k < end; k += 2) {
      const e = wide(adj, k);
      if (e === b) return -1;
      if (e < 0 && scTo[~e] === b) return ~e;
    }
    return ABSENT;
  }

  /** Bytes held: the reach tables per cell, and per subgoal its coordinates, flag and edges. */
  get bytes(): number {
    return this.reach.bytes + this.xs.byteLength + this.ys.byteLength + this.at.byteLength + this.adj.byteLength + this.far.byteLength + this.global.byteLength
      + this.scTo.byteLength + this.scSteps.byteLength + this.scLen.byteLength + this.scMid.byteLength + this.lm.byteLength + this.classAt.byteLength + this.scHalf.byteLength;
  }
}

/**
 * Each shortcut record's diagonal and straight steps, `(diagonals << 16) |
 * straights`, from its halves (`half`: 2 per record, a record or -1 for an
 * edge of the simple graph, whose counts its ends' offset gives), or null
 * where a count passes 16 bits. Iterative, halves first (a maze's records
 * nest hundreds deep); a record's halves were made before it, so there is
 * no cycle.
 */
export function stepCounts(half: Int32Array, owner: Int32Array, scTo: Int32Array, scMid: Int32Array, xs: Uint16Array | Int32Array, ys: Uint16Array | Int32Array): Uint32Array | null {
  const m = scTo.length, diagonals = new Int32Array(m).fill(-1), straights = new Int32Array(m);
  let stack = new Int32Array(64);
  // A half that is an edge of the simple graph is counted from its ends: the middle, and the record's
  // owner (first half) or scTo (second).
  const ends = new Int32Array(2);
  for (let r0 = 0; r0 < m; r0++) {
    if (diagonals[r0] >= 0) continue;
    let top = 0;
    stack[top++] = r0;
    while (top > 0) {
      const r = stack[top - 1];
      let ready = true;
      for (let i = 0; i < 2; i++) {
        const h = half[2 * r + i];
        if (h >= 0 && diagonals[h] < 0) {
          if (top === stack.length) { const grown = new Int32Array(2 * top); grown.set(stack); stack = grown; }
          stack[top++] = h;
          ready = false;
        }
      }
      if (!ready) continue;
      top--;
      if (diagonals[r] >= 0) continue;
      let d = 0, s = 0;
      const mid = scMid[r];
      ends[0] = owner[r]; ends[1] = scTo[r];
      for (let i = 0; i < 2; i++) {
        const h = half[2 * r + i];
        if (h >= 0) { d += diagonals[h]; s += straights[h]; continue; }
        const dx = Math.abs(xs[ends[i]] - xs[mid]), dy = Math.abs(ys[ends[i]] - ys[mid]);
        d += Math.min(dx, dy); s += Math.abs(dx - dy);
      }
      diagonals[r] = d; straights[r] = s;
    }
  }
  const out = new Uint32Array(m);
  for (let r = 0; r < m; r++) {
    if (diagonals[r] > 0xffff || straights[r] > 0xffff) return null;
    out[r] = ((diagonals[r] << 16) | straights[r]) >>> 0;
  }
  return out;
}

/**
 * Sorts each subgoal's edges of the simple graph by class (subgoal8-taut.ts's
 * `classOf` of the offset to the other end), the entries `pack` keeps wide
 * (shortcuts, far edges) last, in place, and
 * returns where each class ends (see `SubgoalGraph8.classAt`); empty if a
 * list is too long for 16-bit offsets.
 */
function sortByClass(n: number, at: Int32Array, adj: Int32Array, xs: Uint16Array | Int32Array, ys: Uint16Array | Int32Array): Uint16Array {
  // Checked before any list is touched: `pack` needs the near edges first in every list either way.
  for (let u = 0; u < n; u++) if (at[u + 1] - at[u] > 0xffff) { nearFirst(n, at, adj); return new Uint16Array(0); }
  const out = new Uint16Array(16 * n), row: number[] = [], count = new Int32Array(17);
  for (let u = 0; u < n; u++) {
    const a = at[u], b = at[u + 1];
    count.fill(0);
    row.length = 0;
    for (let j = a; j < b; j++) {
      const v = adj[j], c = v >= 0 && isNear(u, v) ? classOf(xs[v] - xs[u], ys[v] - ys[u]) : 16;
      row.push(v, c);
      count[c]++;
    }
    // Counting sort: count[c] becomes where class c starts, then each entry goes to its slot.
    for (let c = 0, sum = 0; c <= 16; c++) { const k = count[c]; count[c] = sum; sum += k; }
    for (let c = 0; c < 16; c++) out[u * 16 + c] = count[c + 1];
    for (let i = 0; i < row.length; i += 2) adj[a + count[row[i + 1]]++] = row[i];
  }
  return out;
}

/** Whether the edge u -> v of the simple graph packs into 16 bits (see `SubgoalGraph8.adj`). */
function isNear(u: number, v: number): boolean {
  return v - u >= -0x7fff && v - u <= 0x7fff;
}

/** The 32-bit entry packed at adj[k], adj[k + 1] (see `SubgoalGraph8.adj`). */
export function wide(adj: Int16Array, k: number): number {
  return (adj[k] & 0xffff) | (adj[k + 1] << 16);
}

/** Moves each list's near edges of the simple graph before its wide entries (shortcuts, far edges), keeping their order: what `pack` needs where `sortByClass` did not run. */
function nearFirst(n: number, at: Int32Array, adj: Int32Array): void {
  const rest: number[] = [];
  for (let u = 0; u < n; u++) {
    let k = at[u];
    rest.length = 0;
    for (let j = at[u]; j < at[u + 1]; j++) {
      const v = adj[j];
      if (v >= 0 && isNear(u, v)) adj[k++] = v; else rest.push(v);
    }
    for (const e of rest) adj[k++] = e;
  }
}

/** Packs 32-bit edge lists (near edges first) into `SubgoalGraph8`'s 16-bit form. */
function pack(n: number, at32: Int32Array, adj32: Int32Array): { at: Int32Array; adj: Int16Array; far: Uint16Array } {
  const at = new Int32Array(n + 1), far = new Uint16Array(n);
  let size = 0;
  for (let u = 0; u < n; u++) {
    let wides = 0;
    for (let j = at32[u]; j < at32[u + 1]; j++) { const v = adj32[j]; if (!(v >= 0 && isNear(u, v))) wides++; }
    // A list is a few hundred entries at most (the scans' reach, a contraction's shortcuts): 16 bits hold its count.
    if (wides > 0xffff) throw new Error('SubgoalGraph8: more than 65535 wide entries in one edge list (internal error)');
    far[u] = wides;
    size += at32[u + 1] - at32[u] + wides;
  }
  const adj = new Int16Array(size);
  for (let u = 0, k = 0; u < n; u++) {
    at[u] = k;
    for (let j = at32[u]; j < at32[u + 1]; j++) {
      const v = adj32[j];
      if (v >= 0 && isNear(u, v)) { adj[k++] = v - u; continue; }
      adj[k++] = v & 0xffff; adj[k++] = v >> 16;
    }
  }
  at[n] = size;
  return { at, adj, far };
}
