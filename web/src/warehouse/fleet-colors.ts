/**
 * The robots' colours: the Okabe–Ito hues that read on white (its yellow
 * does not), which stay apart under the common colour-vision deficiencies.
 * With dozens of robots they repeat, so colour alone never pairs a robot
 * with its goal: its thin path does, running from the robot to its goal.
 */
export const ROBOT_COLORS = ['#0072b2', '#e69f00', '#009e73', '#cc79a7', '#56b4e9', '#6b4c9a'];
