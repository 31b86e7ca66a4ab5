/**
 * `bestfirst/lite`: one call, the smallest bundle. `findGridPath(map, from,
 * to)` runs A* on a grid map given as rows of text or as cells, with the
 * loop and the answers of `GridSearcher`, for a page that wants a shortest
 * path and nothing else (about 3.5 kB gzipped, against about 12 kB for
 * `Grid` + `GridSearcher` and 17 kB for `findPath`: `npm run bench:bundle`).
 * Everything else (edits, weights, limits, slices, the other searches, the
 * other families) is in `bestfirst` and its subpaths.
 *
 * @module bestfirst/lite
 */
export { findGridPath, type LiteMap, type LiteOptions, type LitePath } from './find-grid-path.js';
export type { DiagonalRule, XY } from '../grid.js';
export { InputError } from '../../core/errors.js';
