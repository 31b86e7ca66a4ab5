import { COLORS } from '../common/palette.js';

/**
 * Nav2's costmap as RViz paints it (lethal, inscribed, a graded band, free;
 * unknown grey), and the two paths over it. The A* line was the goal's
 * vermillion, which a reader without red-green vision could hardly tell from
 * the red band it runs along (CIE76 delta E 17 under a simulated
 * deuteranopia, 27 under protanopia); blue against that red is 66 and 92,
 * and the A* line gets a white casing so the cyan band and the purple walls
 * it passes never touch it either. Theta*'s black dashes differ from every
 * fill by lightness alone.
 */
export const COSTMAP_COLORS = {
  lethal: '#5b1a72', inscribed: '#1fa3c4', high: '#e0413a', low: '#fbe3e1', free: '#ffffff', unknown: '#cfcfcf',
  astar: COLORS.explored, theta: '#1d1d1f', box: '#000000',
} as const;
