/**
 * `bestfirst/cspace`: floor plans in metres (walls, doors, rooms) and their
 * configuration-space raster for a disc robot, a `Grid` the searches of
 * `bestfirst` run on; for a robot with a convex footprint (a rectangle),
 * the same raster cut into heading slices (`FootprintSlices`). `cellAt` and
 * `cellCentre` convert between metres (y north) and cells (y down).
 *
 * @module bestfirst/cspace
 */
export {
  FloorPlan, CSpace, MAX_RASTER_CELLS, cellAt, cellCentre, distanceToBox,
  type Point, type WallSpec, type DoorSpec, type RoomSpec, type FloorPlanSpec, type Door, type Box, type RasterFrame, type RasterOptions,
} from './cspace.js';
export {
  Footprint, FootprintSlices, footprintHits, MAX_FOOTPRINT_VERTICES, MAX_HEADINGS,
  type Pose, type SliceOptions,
} from './footprint.js';
