import type { Grid } from '#bestfirst';
import { parseMap } from '#bestfirst/io';

/** The Moving AI warehouse, 4-connected as the MAPF benchmark moves (no diagonal steps). */
export function fleetGrid(mapText: string): Grid {
  return parseMap(mapText, 'warehouse-10-20-10-2-1.map').with({ connectivity: 4 });
}
