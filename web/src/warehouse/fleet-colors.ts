/**
 * The robots' colours: the Okabe–Ito hues that read on white (its yellow
 * does not), which stay apart under the common colour-vision deficiencies.
 * With dozens of robots they repeat, so colour alone never pairs a robot
 * with its goal: its thin path does, running from the robot to its goal.
 */
export const ROBOT_COLORS = ['#0072b2', '#e69f00', '#009e73', '#cc79a7', '#56b4e9', '#6b4c9a'];
/**
 * In the lifelong mode a robot's colour says which leg of its errand it is
 * on: heading for a pick station, a shelf spot or a drop station (the first
 * three robot colours). The stations' columns are tinted with the colours of
 * the legs that lead there.
 */
export const LEG_COLORS = [ROBOT_COLORS[0], ROBOT_COLORS[1], ROBOT_COLORS[2]] as const;
/** The legs' goals in words, in errand order. */
export const LEG_NAMES = ['pick station', 'shelf spot', 'drop station'] as const;
