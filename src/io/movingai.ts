import { InputError, show } from '../core/errors.js';
import { Grid } from '../grid/grid.js';
import type { AreaFilter, AreaRule } from '../grid/areas.js';

/**
 * Moving AI benchmark files (movingai.com/benchmarks/formats.html): `.map`
 * rasters and `.scen` problem lists. Strings in, strings out: reading files
 * is the caller's business, so this runs in a browser too.
 *
 * Every refusal of a file's contents is an `InputError` of the form
 * `FILE:LINE:COL: what was found, what was expected`, with LINE and COL
 * 1-based; a parameter of the wrong type is an `InputError` naming it.
 */

/** The largest side a map may have. Moving AI's biggest maps are under 4,100 cells wide. */
export const MAX_MAP_SIDE = 1 << 16;
/**
 * The most cells a map may have: 2^24 (4096 x 4096). A searcher keeps about
 * 20 bytes per cell, so this is a ~320 MB search; larger is a mistake, not a map.
 */
export const MAX_MAP_CELLS = 1 << 24;
/**
 * The longest `.map` text (in characters, which are bytes in a valid map):
 * the most cells, a CR LF after each of at most MAX_MAP_SIDE rows, and 64 KiB
 * for the header and trailing blank lines. A file reader can refuse anything
 * longer before reading it all (`/dev/zero` is endless).
 */
export const MAX_MAP_BYTES = MAX_MAP_CELLS + 2 * MAX_MAP_SIDE + (1 << 16);
/**
 * The longest `.scen` text: 64 MiB. The largest published scenario file
 * (maze512-1-0, about 13,000 problems) is 0.7 MB, so this leaves room for
 * files 90 times larger while refusing a wrong file before it fills memory.
 */
export const MAX_SCEN_BYTES = 1 << 26;

/** The grid the published optimal lengths assume: 8-connected, diagonal sqrt 2, no corner cutting. */
export const MOVINGAI_GRID = Object.freeze({
  /** 8 neighbours. */
  connectivity: 8 as const,
  /** A diagonal step needs both side cells free. */
  diagonalRule: 'no-corner-cutting' as const,
  /** A diagonal step costs sqrt 2, an axial one 1. */
  diagonalCost: Math.SQRT2,
});

// Terrain codes: 0 passable, 1 blocked, 2 not a terrain character.
// `S` (swamp) and `G` are ground one can stand on. `W` (water) can only be
// crossed from water, which a two-state raster cannot say; treating it as
// blocked never lets a path through a shore the benchmark forbids.
const TERRAIN = new Uint8Array(128).fill(2);
for (const c of '.GS') TERRAIN[c.charCodeAt(0)] = 0;
for (const c of '@OTW') TERRAIN[c.charCodeAt(0)] = 1;
const TERRAIN_HELP = `'.', 'G' or 'S' (passable) or '@', 'O', 'T' or 'W' (blocked)`;

/** Throws the reader's one error shape: `file:line:col: message`, line and column 1-based. */
export function fail(file: string, line: number, col: number, message: string): never {
  throw new InputError(`${file}:${line}:${col}: ${message}`);
}

/** Refuses a text that is not a string or longer than `max`, and a file label that is not a string. */
export function checkText(fn: string, text: unknown, file: unknown, max: number, what: string): asserts text is string {
  if (typeof file !== 'string') throw new InputError(`${fn}: file must be a string (a name for messages), got ${show(file)}`);
  if (typeof text !== 'string') throw new InputError(`${fn}: text must be a string (the ${what} file's contents), got ${show(text)}`);
  if (text.length > max) throw new InputError(`${file}: ${text.length} characters, more than the ${max} a ${what} file may have`);
}

/** Shows a found piece of text briefly and unambiguously. */
export function shown(text: string): string {
  return text.length > 40 ? `${JSON.stringify(text.slice(0, 40))}...` : JSON.stringify(text);
}

/** Splits on LF or CRLF. A final newline does not make an extra line; an empty text has none. */
export function lines(text: string): string[] {
  // text.split(/\r?\n/), written out: a plain split is several times faster on a large file.
  const ls = text.split('\n');
  if (text.includes('\r')) {
    // A CR is the line's end only before a LF: the last piece, which no LF follows, keeps its own.
    for (let i = 0; i < ls.length - 1; i++) if (ls[i].endsWith('\r')) ls[i] = ls[i].slice(0, -1);
  }
  if (ls[ls.length - 1] === '') ls.pop();
  return ls;
}

// --- .map ------------------------------------------------------------------

/**
 * Parses a Moving AI `.map`: `type octile`, `height H`, `width W` (these two
 * in either order), `map`, then H rows of W characters, row 0 at the top.
 * Returns an 8-connected grid with diagonal cost sqrt 2 and no corner cutting
 * (`MOVINGAI_GRID`): `.`, `G` and `S` are free, `@`, `O`, `T` and `W` blocked,
 * and every cell's terrain letter kept as its area id (its character code),
 * so that `filterAreas` with a `terrainFilter` can weigh swamp or water.
 * `file` names the text in error messages: anything malformed is an
 * `InputError` of the form `file:line:col: found ..., expected ...`.
 *
 * @example
 * ```ts
 * const grid = parseMap(readFileSync('arena.map', 'utf8'), 'arena.map');
 * for (const s of parseScen(readFileSync('arena.map.scen', 'utf8'), 'arena.map.scen')) {
 *   const r = findPath(grid, [s.startX, s.startY], [s.goalX, s.goalY]);
 *   if (!sameLength(r.cost, s.optimal)) console.log('line', s.line, r.cost, s.optimal);
 * }
 * ```
 */
export function parseMap(text: string, file = '<map>'): Grid {
  checkText('parseMap', text, file, MAX_MAP_BYTES, '.map');
  const ls = lines(text);
  const at = (i: number) => (i < ls.length ? ls[i] : undefined);

  const first = at(0);
  if (first === undefined || first.trim() === '') fail(file, 1, 1, `found ${first === undefined ? 'an empty file' : 'an empty line'}, expected the header line 'type octile'`);
  const typeWords = first.trim().split(/\s+/);
  if (typeWords[0] !== 'type' || typeWords.length !== 2) fail(file, 1, 1, `found ${shown(first)}, expected the header line 'type octile'`);
  if (typeWords[1] !== 'octile') fail(file, 1, first.indexOf(typeWords[1]) + 1, `found map type ${shown(typeWords[1])}, expected 'octile'`);

  let width = -1, height = -1;
  let i = 1;
  for (; i < 3; i++) {
    const l = at(i);
    if (l === undefined) fail(file, i + 1, 1, `the file ends in its header, expected '${height < 0 ? 'height H' : 'width W'}'`);
    const m = /^(\s*)(\S+)(\s+)(\S*)\s*$/.exec(l);
    const key = m ? m[2] : l.trim();
    if (key !== 'height' && key !== 'width') {
      fail(file, i + 1, 1, `found ${shown(l)}, expected '${height < 0 ? 'height H' : 'width W'}' (the header is type, height, width, map)`);
    }
    if ((key === 'height' && height >= 0) || (key === 'width' && width >= 0)) fail(file, i + 1, 1, `'${key}' given twice, expected '${key === 'height' ? 'width' : 'height'}'`);
    const valueCol = m ? m[1].length + m[2].length + m[3].length + 1 : l.length + 1;
    const raw = m ? m[4] : '';
    if (!/^\d+$/.test(raw)) fail(file, i + 1, valueCol, `${key} is ${raw === '' ? 'missing' : shown(raw)}, expected a whole number from 1 to ${MAX_MAP_SIDE}`);
    const v = Number(raw);
    if (v < 1 || v > MAX_MAP_SIDE) fail(file, i + 1, valueCol, `${key} is ${raw}, expected a whole number from 1 to ${MAX_MAP_SIDE}`);
    if (key === 'height') height = v; else width = v;
  }
  const mapLine = at(3);
  if (mapLine === undefined || mapLine.trim() !== 'map') {
    fail(file, 4, 1, `found ${mapLine === undefined ? 'the end of the file' : shown(mapLine)}, expected the line 'map' that ends the header`);
  }
  if (width * height > MAX_MAP_CELLS) {
    fail(file, 2, 1, `the map is ${width} x ${height} = ${width * height} cells, more than the ${MAX_MAP_CELLS} (4096 x 4096) this reader accepts`);
  }

  const first_row = 4;
  // Trailing blank lines are slack after the last row, not rows.
  let end = ls.length;
  while (end > first_row + height && ls[end - 1].trim() === '') end--;
  if (end - first_row < height) {
    const last = end - first_row;
    fail(file, end + 1, 1, `the map ends after ${last} row${last === 1 ? '' : 's'}, expected ${height} (the height)`);
  }
  if (end - first_row > height) fail(file, first_row + height + 1, 1, `found a row ${shown(ls[first_row + height])} after the ${height} rows the height gives, expected the end of the file`);

  const cells = new Uint8Array(width * height);
  const areas = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = ls[first_row + y];
    const lineNo = first_row + y + 1;
    const n = Math.min(row.length, width);
    for (let x = 0; x < n; x++) {
      const c = row.charCodeAt(x);
      const t = c < 128 ? TERRAIN[c] : 2;
      if (t === 2) fail(file, lineNo, x + 1, `unknown terrain ${JSON.stringify(row[x])}, expected ${TERRAIN_HELP}`);
      cells[y * width + x] = t;
      areas[y * width + x] = c;
    }
    if (row.length !== width) {
      fail(file, lineNo, Math.min(row.length, width) + 1, `row ${y} has ${row.length} characters, expected ${width} (the width)`);
    }
  }
  return new Grid(width, height, cells, { ...MOVINGAI_GRID, areas });
}

/** The terrain letters of a Moving AI map, each the area id of its cells (its character code). */
export const TERRAIN_LETTERS: readonly string[] = Object.freeze(['.', 'G', 'S', 'W', 'T', '@', 'O']);

/**
 * An `AreaFilter` for a Moving AI map from terrain letters: each letter
 * named gets a weight (a finite number > 0), which makes its cells free at
 * that weight, blocked letters too (`W: 5` opens water: the letter is the
 * only thing that blocks it), or `'excluded'`; the rest keep the
 * benchmark's meaning (`parseMap`'s: `.`, `G`, `S` free at weight 1; `@`,
 * `O`, `T`, `W` blocked). Use it with `filterAreas` on a grid
 * `parseMap` read, whose areas are the letters' character codes.
 *
 * @example
 * ```ts
 * const grid = filterAreas(parseMap(text), terrainFilter({ S: 2, W: 5, T: 'excluded' }));
 * ```
 */
export function terrainFilter(spec: Readonly<Record<string, number | 'excluded'>>): AreaFilter {
  if (spec === null || typeof spec !== 'object' || Array.isArray(spec)) throw new InputError(`terrainFilter: spec must be an object { letter: weight or 'excluded' }, got ${show(spec)}`);
  const out: Record<number, AreaRule> = {};
  for (const letter of Object.keys(spec)) {
    if (!TERRAIN_LETTERS.includes(letter)) throw new InputError(`terrainFilter: ${JSON.stringify(letter)} is not a terrain letter; the letters are ${TERRAIN_LETTERS.join(' ')}`);
    const w: unknown = spec[letter];
    if (w !== 'excluded' && !(typeof w === 'number' && Number.isFinite(w) && w > 0)) {
      throw new InputError(`terrainFilter: ${letter} is ${show(w)}, expected a weight (a finite number > 0) or 'excluded'`);
    }
    // A letter given a weight is ground this agent crosses: the benchmark blocks water and trees by
    // their letter, so the filter opens them, in so many words.
    out[letter.charCodeAt(0)] = w === 'excluded' ? 'excluded' : { weight: w as number, opensBlocked: true };
  }
  return out;
}

/** Writes a grid as a `.map`: `.` for a free cell, `@` for a blocked one, LF line ends. */
export function formatMap(grid: Grid): string {
  if (!(grid instanceof Grid)) throw new InputError(`formatMap: grid must be a Grid, got ${show(grid)}`);
  const { width, height, cells } = grid;
  const out: string[] = ['type octile', `height ${height}`, `width ${width}`, 'map'];
  for (let y = 0; y < height; y++) {
    let row = '';
    for (let x = 0; x < width; x++) row += cells[y * width + x] ? '@' : '.';
    out.push(row);
  }
  return out.join('\n') + '\n';
}

// --- .scen -----------------------------------------------------------------

/** One problem of a `.scen` file. Coordinates are (x = column, y = row from the top). */
export interface Scenario {
  /** The problem's bucket: problems of similar optimal length share one (in the published files, the length / 4 rounded down, give or take rounding). */
  bucket: number;
  /** The map column as written (`maps/dao/arena.map` or `arena.map`). */
  map: string;
  /** Its last path component: what to match a map file on. */
  mapName: string;
  /** Map width the problem was made for. */
  width: number;
  /** Map height the problem was made for. */
  height: number;
  /** Start column, 0-based from the left. */
  startX: number;
  /** Start row, 0-based from the top. */
  startY: number;
  /** Goal column, 0-based from the left. */
  goalX: number;
  /** Goal row, 0-based from the top. */
  goalY: number;
  /** The published optimal length (8-connected, sqrt 2 diagonals, no corner cutting). */
  optimal: number;
  /** 1-based line of the row in its file; 0 for a scenario made in code. */
  line: number;
}

/** The last component of a path written with `/` or `\`. */
export function basename(path: string): string {
  const k = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return path.slice(k + 1);
}

const FIELDS = ['bucket', 'map', 'map width', 'map height', 'start x', 'start y', 'goal x', 'goal y', 'optimal length'] as const;

/**
 * Parses a `.scen`: the line `version 1`, then one problem per line, nine
 * tab-separated fields (bucket, map, width, height, start x, start y,
 * goal x, goal y, optimal length). Blank lines are skipped.
 */
export function parseScen(text: string, file = '<scen>'): Scenario[] {
  checkText('parseScen', text, file, MAX_SCEN_BYTES, '.scen');
  const ls = lines(text);
  const head = ls.length > 0 ? ls[0].trim() : undefined;
  if (head === undefined || !/^version\s+1(\.0)?$/.test(head)) {
    fail(file, 1, 1, `found ${head === undefined || head === '' ? 'no version line' : shown(ls[0])}, expected 'version 1'`);
  }
  const out: Scenario[] = [];
  for (let i = 1; i < ls.length; i++) {
    const l = ls[i];
    if (l.trim() === '') continue;
    const lineNo = i + 1;
    const f = l.split('\t');
    if (f.length !== FIELDS.length) {
      fail(file, lineNo, 1, `found ${f.length} tab-separated field${f.length === 1 ? '' : 's'}, expected ${FIELDS.length} (${FIELDS.join(', ')})`);
    }
    const col = (k: number) => {
      let c = 1;
      for (let j = 0; j < k; j++) c += f[j].length + 1;
      return c;
    };
    const int = (k: number) => {
      const s = f[k].trim();
      // Past 2^53 the digits no longer name one number (and would be written back as 1e+23).
      if (!/^\d+$/.test(s)) fail(file, lineNo, col(k), `${FIELDS[k]} is ${shown(f[k])}, expected a whole number >= 0`);
      if (!Number.isSafeInteger(Number(s))) fail(file, lineNo, col(k), `${FIELDS[k]} is ${shown(f[k])}, expected a whole number >= 0 below 2^53`);
      return Number(s);
    };
    const bucket = int(0);
    const map = f[1];
    if (map.trim() === '') fail(file, lineNo, col(1), `the map field is empty, expected a map file name`);
    const width = int(2), height = int(3);
    if (width < 1 || height < 1) fail(file, lineNo, col(width < 1 ? 2 : 3), `map size ${width} x ${height}, expected both sides >= 1`);
    const startX = int(4), startY = int(5), goalX = int(6), goalY = int(7);
    // A point must lie on the map the row itself states (x in 0..width-1, y in 0..height-1).
    for (const [k, v, side, name] of [[4, startX, width, 'width'], [5, startY, height, 'height'], [6, goalX, width, 'width'], [7, goalY, height, 'height']] as const) {
      if (v >= side) fail(file, lineNo, col(k), `${FIELDS[k]} is ${v}, outside the map this row states (${name} ${side}: ${FIELDS[k].slice(-1)} in 0..${side - 1})`);
    }
    const ls8 = f[8].trim();
    const optimal = /^[+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(ls8) ? Number(ls8) : NaN;
    if (!Number.isFinite(optimal)) fail(file, lineNo, col(8), `optimal length is ${shown(f[8])}, expected a number >= 0`);
    out.push({ bucket, map, mapName: basename(map), width, height, startX, startY, goalX, goalY, optimal, line: lineNo });
  }
  return out;
}

/**
 * Writes scenarios as a `.scen` (LF line ends). Lengths are written with
 * `digits` decimals when given (the current site uses 8), otherwise exactly
 * (the shortest text that reads back to the same number).
 */
export function formatScen(scenarios: readonly Scenario[], digits?: number): string {
  if (!Array.isArray(scenarios)) throw new InputError(`formatScen: scenarios must be an array of Scenario, got ${show(scenarios)}`);
  if (digits !== undefined && !(Number.isInteger(digits) && digits >= 0 && digits <= 20)) {
    throw new InputError(`formatScen: digits must be a whole number from 0 to 20, got ${show(digits)}`);
  }
  // Every row checked before any is written: a file parseScen would refuse is never made.
  scenarios.forEach((s, i) => { checkFields(s, `formatScen: scenarios[${i}]`); checkPointsInside(s, `formatScen: scenarios[${i}]`); });
  let out = 'version 1\n';
  for (const s of scenarios) {
    const len = digits === undefined ? String(s.optimal) : s.optimal.toFixed(digits);
    out += `${s.bucket}\t${s.map}\t${s.width}\t${s.height}\t${s.startX}\t${s.startY}\t${s.goalX}\t${s.goalY}\t${len}\n`;
  }
  return out;
}

/**
 * Throws unless scenario `s` fits `grid`: the sizes agree, and start and goal
 * are inside and on passable cells. `file` and `line` place the message
 * (columns are those of the row as `formatScen` writes it, which is how every
 * published file writes it).
 */
export function checkScenario(s: Scenario, grid: Grid, file = '<scen>', line = s?.line): void {
  checkFields(s, 'checkScenario: s');
  if (!(grid instanceof Grid)) throw new InputError(`checkScenario: grid must be a Grid, got ${show(grid)}`);
  if (typeof file !== 'string') throw new InputError(`checkScenario: file must be a string (a name for messages), got ${show(file)}`);
  if (!Number.isInteger(line) || line < 0) throw new InputError(`checkScenario: line must be a whole number >= 0 (the row's line, 0 for none), got ${show(line)}`);
  const fields = [String(s.bucket), s.map, String(s.width), String(s.height), String(s.startX), String(s.startY), String(s.goalX), String(s.goalY)];
  const col = (k: number) => {
    let c = 1;
    for (let j = 0; j < k; j++) c += fields[j].length + 1;
    return c;
  };
  if (s.width !== grid.width || s.height !== grid.height) {
    fail(file, line, col(s.width !== grid.width ? 2 : 3), `the scenario is for a ${s.width} x ${s.height} map, but ${s.mapName} is ${grid.width} x ${grid.height}`);
  }
  const ends: [string, number, number, number][] = [['start', s.startX, s.startY, 4], ['goal', s.goalX, s.goalY, 6]];
  for (const [what, x, y, k] of ends) {
    if (!grid.inside(x, y)) {
      fail(file, line, col(x >= grid.width || !Number.isInteger(x) || x < 0 ? k : k + 1),
        `${what} (${x},${y}) is outside the ${grid.width} x ${grid.height} map ${s.mapName}, expected x in 0..${grid.width - 1} and y in 0..${grid.height - 1}`);
    }
    if (grid.cells[y * grid.width + x] !== 0) {
      fail(file, line, col(k), `${what} (${x},${y}) is a blocked cell of ${s.mapName}, expected a passable one`);
    }
  }
}

const WHOLE_FIELDS = ['bucket', 'width', 'height', 'startX', 'startY', 'goalX', 'goalY'] as const;

/** Throws unless `s` holds what a `.scen` row can say: whole numbers (sizes >= 1), a map name, a finite optimum >= 0. */
function checkFields(s: unknown, where: string): asserts s is Scenario {
  if (s === null || typeof s !== 'object') {
    throw new InputError(`${where} must be a Scenario, got ${show(s)}`);
  }
  const r = s as Record<string, unknown>;
  for (const k of WHOLE_FIELDS) {
    const min = k === 'width' || k === 'height' ? 1 : 0;
    if (!Number.isSafeInteger(r[k]) || (r[k] as number) < min) throw new InputError(`${where}.${k} must be a whole number >= ${min}, got ${show(r[k])}`);
  }
  if (typeof r.map !== 'string' || r.map.trim() === '' || /[\t\r\n]/.test(r.map)) {
    throw new InputError(`${where}.map must be a map file name (not blank, no tab or line break), got ${show(r.map)}`);
  }
  if (typeof r.optimal !== 'number' || !Number.isFinite(r.optimal) || r.optimal < 0) {
    throw new InputError(`${where}.optimal must be a finite number >= 0, got ${show(r.optimal)}`);
  }
}

/** parseScen's rule for a row, for the writer: its points lie on the map it states (checkScenario says it against a grid). */
function checkPointsInside(s: Scenario, where: string): void {
  for (const [k, side] of [['startX', 'width'], ['startY', 'height'], ['goalX', 'width'], ['goalY', 'height']] as const) {
    if (s[k] >= s[side]) throw new InputError(`${where}.${k} is ${s[k]}, outside the map it states (${side} ${s[side]})`);
  }
}
