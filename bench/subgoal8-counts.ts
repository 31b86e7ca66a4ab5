/**
 * The subgoal graph's sizes and search effort per family, in counts rather
 * than times (so a loaded machine does not move them): on the grid track's
 * seeded scenarios (bench-grid.ts's sampleFamily, the JPS+ track's seed),
 * under both corner rules, per family the subgoals, the share the
 * contraction left in the core, the shortcuts it added, the structure's bytes per grid cell, the slowest build in CPU
 * milliseconds, and the nodes each search expands per query: SG8's
 * subgoals, online JPS's and JPS+'s jump points; then the maps
 * `PreprocessedSearcher8` (Pre8) gives JPS+, and its expansions (the kept
 * searcher's).
 *
 *   npm run build && node dist/bench/subgoal8-counts.js [per-family]
 */
import { JumpPointSearcher, type Grid } from '#bestfirst';
import { JpsPlusSearcher, PreprocessedSearcher8, SubgoalSearcher8 } from '#bestfirst/grid';
import { FAMILIES, sampleFamily } from './bench-grid.js';
import { f, table } from './bench-measure.js';

const PER_FAMILY = Number(process.argv[2] ?? 60);
const SEED = 20261201;
const rows: string[][] = [];
for (const rule of ['no-corner-cutting', 'always'] as const) {
  for (const fam of FAMILIES) {
    const maps = sampleFamily(fam, PER_FAMILY, SEED + FAMILIES.indexOf(fam));
    let subgoals = 0, globals = 0, shortcuts = 0, bytes = 0, cells = 0, cpuMax = 0, n = 0;
    const expansions = [0, 0, 0, 0];
    let toJpsPlus = 0;
    for (const m of maps) {
      const grid: Grid = rule === 'always' ? m.grid.with({ diagonalRule: 'always' }) : m.grid;
      const c0 = process.cpuUsage();
      const sg = new SubgoalSearcher8(grid);
      const c = process.cpuUsage(c0);
      cpuMax = Math.max(cpuMax, (c.user + c.system) / 1000);
      subgoals += sg.subgoals;
      globals += sg.globalSubgoals;
      shortcuts += sg.shortcuts;
      bytes += sg.bytes;
      cells += grid.size;
      const pre = new PreprocessedSearcher8(grid);
      if (pre.choice === 'jps-plus') toJpsPlus++;
      const list = [sg, new JumpPointSearcher(grid), new JpsPlusSearcher(grid), pre];
      for (const q of m.queries) {
        list.forEach((s, i) => { s.search(q.sy * grid.width + q.sx, q.gy * grid.width + q.gx); expansions[i] += s.expansions; });
        n++;
      }
    }
    rows.push([fam, rule, String(maps.length), String(subgoals), `${f((100 * globals) / subgoals, 0)}%`, String(shortcuts), f(bytes / cells, 2), f(cpuMax, 0), ...expansions.slice(0, 3).map((e) => f(e / n, 1)), `${toJpsPlus}/${maps.length}`, f(expansions[3] / n, 1)]);
  }
}
console.log(`The subgoal graph in counts: ${PER_FAMILY} seeded scenarios per family (the grid track's), both corner rules.`);
console.log(table(['family', 'rule', 'maps', 'subgoals', 'core', 'shortcuts', 'B/cell', 'build CPU ms (max)', 'SG8 exp/query', 'JPS exp/query', 'JPS+ exp/query', 'Pre8 to JPS+', 'Pre8 exp/query'], rows));
