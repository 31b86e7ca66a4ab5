// The page's own maps, one per Moving AI family, fetched only when picked (?url: the build copies the files beside the page).
import orzMap from '../../../data/movingai/dao/orz900d.map?url';
import orzScen from '../../../data/movingai/dao/orz900d.map.scen?url';
import mazeMap from '../../../data/movingai/maze/maze512-8-0.map?url';
import mazeScen from '../../../data/movingai/maze/maze512-8-0.map.scen?url';
import randomMap from '../../../data/movingai/random/random512-25-0.map?url';
import randomScen from '../../../data/movingai/random/random512-25-0.map.scen?url';
import roomMap from '../../../data/movingai/room/64room_000.map?url';
import roomScen from '../../../data/movingai/room/64room_000.map.scen?url';
import streetMap from '../../../data/movingai/street/Berlin_0_256.map?url';
import streetScen from '../../../data/movingai/street/Berlin_0_256.map.scen?url';
import type { MapSource } from './protocol.js';

/** A map the menu offers: its id, its words, and its files. */
export interface MenuMap { id: string; label: string; files: MapSource[] }

const pair = (name: string, map: string, scen: string): MapSource[] => [{ name, url: map }, { name: `${name}.scen`, url: scen }];

/** One map of each family in data/movingai, the street map first (small, so the panel starts quickly). */
export const MENU_MAPS: readonly MenuMap[] = [
  { id: 'street', label: 'Street: Berlin, 256 × 256', files: pair('Berlin_0_256.map', streetMap, streetScen) },
  { id: 'room', label: 'Rooms: 64room_000, 512 × 512', files: pair('64room_000.map', roomMap, roomScen) },
  { id: 'maze', label: 'Maze: maze512-8-0, 512 × 512', files: pair('maze512-8-0.map', mazeMap, mazeScen) },
  { id: 'random', label: 'Random: random512-25-0, 512 × 512', files: pair('random512-25-0.map', randomMap, randomScen) },
  { id: 'dao', label: 'Dragon Age: orz900d, 1491 × 656', files: pair('orz900d.map', orzMap, orzScen) },
];
