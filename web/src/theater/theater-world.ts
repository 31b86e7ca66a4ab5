import { southRoomsWorld } from '../../../src/worlds/apartment.js';
import type { TheaterWorld } from './theater-model.js';

/**
 * The Search Theater's world: the Apartment's south rooms and corridor
 * (src/worlds/apartment.ts), 0.5 m cells for the 0.25 m disc, Choset's
 * 1/1.4 metric, so every cost reads in metres. Start in room A, goal in
 * room B, the query the naive controller fails.
 */
export function theaterWorld(): { world: TheaterWorld; caption: string; rooms: { name: string; cell: number }[] } {
  const w = southRoomsWorld();
  const g = w.grid;
  // Room A's north-west corner to the middle of room B: on this query the epsilon
  // slider shows both sides of the story (the badge lights at 2.8, where A* first
  // pays more than Dijkstra). From the naive controller's start it never would.
  return {
    world: { grid: g, start: g.id(1, 4), goal: g.id(13, 6) },
    caption: `The Apartment’s south rooms and corridor: ${g.width} × ${g.height} cells of ${g.cellSize} m, `
      + `steps of ${g.cellSize} m and ${g.cellSize * g.diagonalCost} m on the diagonal. Rusty starts in room A (green); the goal is in room B (red).`,
    rooms: w.rooms.map((r) => ({ name: r.name, cell: r.labelCell })),
  };
}
