// A Moving AI benchmark map and its scenario file: the first 20 problems,
// each path checked cell by cell (start, goal, legal moves, no corner cut)
// and its length compared with the optimum the benchmark publishes.
// Run: node examples/02-movingai-scenario.mjs
import { readFileSync } from 'node:fs';
import { findPath } from 'bestfirst';
import { checkPath, sameLength } from 'bestfirst/grid';
import { parseMap, parseScen } from 'bestfirst/io';

const mapFile = 'data/movingai/dao/den312d.map';
const read = (file) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
// The readers take text, not file names; the name only labels error messages.
const grid = parseMap(read(mapFile), mapFile);
const problems = parseScen(read(`${mapFile}.scen`), `${mapFile}.scen`);
console.log(`${mapFile}: ${grid.width} x ${grid.height}, ${grid.freeCount()} free cells, ${problems.length} problems`);

let checked = 0, optimal = 0, expansions = 0, longest = null;
for (const p of problems.slice(0, 20)) {
  const r = findPath(grid, [p.startX, p.startY], [p.goalX, p.goalY]);
  const check = checkPath(grid, r.path, grid.id(p.startX, p.startY), grid.id(p.goalX, p.goalY));
  if (!check.ok) throw new Error(`line ${p.line}: ${check.reason}`);
  checked++;
  if (sameLength(check.length, p.optimal)) optimal++;
  else console.log(`line ${p.line}: length ${check.length}, published ${p.optimal}`);
  expansions += r.expansions;
  if (longest === null || p.optimal > longest.p.optimal) longest = { p, r };
}
console.log(`first 20 problems: ${checked} paths checked, ${optimal} of the published optimal length, ${expansions} expansions in all`);
const { p, r } = longest;
console.log(`longest: line ${p.line}, (${p.startX},${p.startY}) to (${p.goalX},${p.goalY}), published ${p.optimal}, found ${r.cost.toFixed(5)} in ${r.points.length} cells`);
