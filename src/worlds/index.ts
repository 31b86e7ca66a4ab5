/**
 * `bestfirst/worlds`: the chapter's worlds, built fresh on each call so a
 * caller may change them. The hand-trace grid, the lesson's 5x6 grid and the
 * graph where an overestimating heuristic makes A* return a dearer path; the narration of a
 * traced grid search, which the page's step player and `bestfirst trace
 * --world lesson` share; Choset's gate world for D* with its scenario and
 * table snapshots; the Apartment (a floor plan rasterised for Rusty, radius
 * 0.25 m at 0.5 m cells) with its door-closing scenarios; and the Search
 * Theater's badge, the first epsilon at which weighted A* pays more than
 * Dijkstra.
 *
 * @module bestfirst/worlds
 */
export { handTraceWorld, type HandTraceWorld } from './hand-trace.js';
export { lessonWorld, LESSON_ROWS, type LessonWorld } from './lesson.js';
export { narrationLine, arrivalLine } from './lesson-narration.js';
export { counterexampleWorld, type CounterexampleWorld } from './counterexample.js';
export { gateWorld, gateScenario, counterClockwise, snapshot, GATE_ROWS, GATE_ENTER_COST, type GateWorld, type GateScenario, type DStarTable } from './gate.js';
export {
  apartmentWorld, southRoomsWorld, apartmentPlan, APARTMENT_SPEC, APARTMENT_WALLS, APARTMENT_DOORS, APARTMENT_ROOMS,
  START_A, GOAL_B, GOAL_BEDROOM, RESOLUTION, RADIUS, type ApartmentWorld, type RoomInfo, type DoorInfo,
} from './apartment.js';
export {
  naiveController, naiveOpening, halfwayDoorways, halfwayIndex, prefixCosts, doorsOnPath, doorClosesScenario, CLOSURES,
  type NaiveResult, type HalfwayStats, type DoorScenario, type DoorScenarioOptions, type ReplanStep, type ClosureKind,
} from './apartment-scenario.js';
export { firstEpsilonAboveDijkstra } from './epsilon.js';
