/**
 * `bestfirst/kinematic`: robots that are not round and cannot turn on the
 * spot. Dubins curves (forwards only) and Reeds-Shepp curves (forwards and
 * backwards), the shortest ways between two poses at a minimum turning
 * radius, every word of their tables; poses sampled along them; a robot's
 * footprint on a costmap (after Nav2's checker); Hybrid-A* with Nav2's
 * parameters and goal tolerance; a smoother that shortens a path by exact
 * curves; and the checker any path can be held to.
 *
 * @module bestfirst/kinematic
 */
export { sampleCurve, MAX_CURVE_SAMPLES, type Curve, type CurveSegment, type Steer } from './curve.js';
export { dubinsCurve, dubinsCurves, DUBINS_WORDS, type DubinsWord } from './dubins.js';
export { reedsSheppCurve, reedsSheppCurves, REEDS_SHEPP_FAMILIES, type ReedsSheppFamily } from './reeds-shepp.js';
export type { Pose } from '../cspace/footprint.js';
export { FootprintChecker, parseFootprint, type FootprintCheckerOptions } from './footprint-checker.js';
export { hybridAStar, type HybridAStarOptions, type HybridAStarResult } from './hybrid-astar.js';
export { smoothKinematicPath, type SmoothedPath, type SmoothOptions } from './smooth.js';
export { checkKinematicPath, type KinematicCheckOptions, type KinematicVerdict, type KinematicViolation } from './check-path.js';
