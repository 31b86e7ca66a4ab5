import { southRoomsWorld } from '#bestfirst/worlds';
import { PRESETS, presetCells } from './presets.js';
import type { TheaterWorld } from './theater-model.js';

/**
 * The Search Theater's world: the Apartment's south rooms and corridor
 * (src/worlds/apartment.ts), 0.5 m cells for the 0.25 m disc, Choset's
 * 1/1.4 metric, so every cost reads in metres. The opening query is the
 * first preset (presets.ts): start in room A, goal in room B.
 */
export function theaterWorld(): { world: TheaterWorld; caption: string; rooms: { name: string; cell: number }[] } {
  const w = southRoomsWorld();
  const g = w.grid;
  const { start, goal } = presetCells(g, PRESETS[0]);
  return {
    world: { grid: g, start, goal },
    caption: `The south side of the Apartment, its rooms and the corridor: ${g.width} × ${g.height} cells of ${g.cellSize} m. `
      + `A straight move costs ${g.cellSize} m and a diagonal one ${g.cellSize * g.diagonalCost} m. Rusty starts on the green disc and the goal is the orange diamond; the query menu moves both.`,
    rooms: w.rooms.map((r) => ({ name: r.name, cell: r.labelCell })),
  };
}
