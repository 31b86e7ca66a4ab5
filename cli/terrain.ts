import { InputError, type Grid } from '#bestfirst';
import { filterAreas } from '#bestfirst/grid';
import { show } from '#bestfirst/internal';
import { terrainFilter, TERRAIN_LETTERS } from '#bestfirst/io';
import type { Algo } from './algos.js';
import type { OptionSpec } from './options.js';

/** A parsed `--terrain`: letter to weight or `'excluded'`. */
export type TerrainSpec = Readonly<Record<string, number | 'excluded'>>;

/**
 * Parses `--terrain S=2,W=5,T=x`: comma-separated LETTER=WEIGHT pairs, a
 * weight a finite number > 0 or `x` for excluded. Letters are the Moving AI
 * terrain letters; each at most once.
 */
export function parseTerrain(text: string, option = '--terrain'): TerrainSpec {
  const out: Record<string, number | 'excluded'> = {};
  for (const part of text.split(',')) {
    const m = /^\s*(\S)\s*=\s*(\S+)\s*$/.exec(part);
    if (m === null) throw new InputError(`${option}: ${show(part)} is not LETTER=WEIGHT (S=2, W=x): comma-separated pairs, a weight > 0 or x for excluded`);
    const [, letter, value] = m;
    if (!TERRAIN_LETTERS.includes(letter)) throw new InputError(`${option}: ${show(letter)} is not a terrain letter; the letters are ${TERRAIN_LETTERS.join(' ')}`);
    if (letter in out) throw new InputError(`${option}: ${letter} is given twice`);
    const w = Number(value);
    if (value === 'x') out[letter] = 'excluded';
    else if (/^\d+(\.\d+)?$/.test(value) && w > 0) out[letter] = w;
    else throw new InputError(`${option}: ${letter}=${value}: the weight must be a number > 0 (like 2 or 0.5) or x for excluded`);
  }
  return out;
}

/** `--terrain S=2,W=5,T=x`, as plan and scen take it. */
export const TERRAIN_OPTION: OptionSpec = {
  name: 'terrain', kind: 'custom', arg: 'L=W,...',
  help: `weigh the map's terrain letters (${TERRAIN_LETTERS.join(' ')}): LETTER=WEIGHT pairs, x for excluded; a step costs its length times the weight of the cell it enters. Unnamed letters keep the benchmark's meaning (. G S free, @ O T W blocked)`,
  parse: (text, option) => parseTerrain(text, option),
};

/** `--partial`: a failed search returns the path to the reached cell nearest the goal. */
export const PARTIAL_OPTION: OptionSpec = {
  name: 'partial', kind: 'flag',
  help: 'when the goal cannot be reached (or the budget runs out), print the path to the reached cell nearest the goal, marked partial',
};

/** The runner's options asking for a partial path; an algorithm whose searcher keeps none is refused. */
export function partialOptions(algo: Algo, options: object): object {
  if (algo.name === 'jps' || algo.name === 'jps-plus' || algo.name === 'subgoal4' || algo.name === 'subgoal8' || algo.name === 'preprocessed8') throw new InputError(`--partial needs a search that keeps a path to every cell it reaches: astar, dijkstra, wastar:EPS, greedy or bfs, not ${algo.name}`);
  if (algo.promise === 'any-angle') throw new InputError('--partial does not combine with --any-angle: the any-angle search returns a whole path or none');
  return { ...options, partial: true };
}

/** A terrain spec as `--terrain` writes it. */
export function formatTerrain(spec: TerrainSpec): string {
  return Object.entries(spec).map(([letter, w]) => `${letter}=${w === 'excluded' ? 'x' : w}`).join(',');
}

/** The map as `--terrain` weighs it (the map itself without the option). */
export function withTerrain(grid: Grid, spec: TerrainSpec | undefined): Grid {
  return spec === undefined ? grid : filterAreas(grid, terrainFilter(spec));
}
