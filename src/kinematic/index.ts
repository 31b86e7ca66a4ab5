/**
 * `bestfirst/kinematic`: robots that are not round and cannot turn on the
 * spot. Dubins curves (forwards only) and Reeds-Shepp curves (forwards and
 * backwards), the shortest ways between two poses at a minimum turning
 * radius, every word of their tables; poses sampled along them.
 *
 * @module bestfirst/kinematic
 */
export { sampleCurve, type Curve, type CurveSegment, type Steer } from './curve.js';
export { dubinsCurve, dubinsCurves, DUBINS_WORDS, type DubinsWord } from './dubins.js';
export { reedsSheppCurve, reedsSheppCurves, REEDS_SHEPP_FAMILIES, type ReedsSheppFamily } from './reeds-shepp.js';
export type { Pose } from '../cspace/footprint.js';
export { FootprintChecker, parseFootprint, type FootprintCheckerOptions } from './footprint-checker.js';
