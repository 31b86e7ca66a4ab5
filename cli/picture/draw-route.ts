import type { Graph } from '#bestfirst';
import { InputError } from '#bestfirst';
import type { DimacsCoordinates } from '#bestfirst/io';
import { GOAL, hex, PATH, START } from './colours.js';
import { element, num, points, svgDocument } from './svg.js';

/**
 * `route`'s pictures: the road graph and the path as SVG, and the path as a
 * GeoJSON Feature in longitude and latitude.
 */

/** The longer side of a route's SVG, pixels, and the margin round it (marks at the edge stay whole). */
const SIDE = 1024;
const MARGIN = 16;

/** How a `.co` point becomes a picture point: x as it is, y flipped (north up), one scale for both. */
export interface Projection {
  readonly width: number;
  readonly height: number;
  project(x: number, y: number): [number, number];
}

/**
 * The projection of all of `coords` into a SIDE-pixel picture. The file's
 * X and Y are drawn as plain plane coordinates, the same scale on both axes
 * and Y up: right for projected coordinates; for longitude and latitude it
 * stretches east-west by 1 / cos(latitude) (no map projection is guessed).
 */
export function projection(coords: DimacsCoordinates): Projection {
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  for (let i = 0; i < coords.x.length; i++) {
    minX = Math.min(minX, coords.x[i]); maxX = Math.max(maxX, coords.x[i]);
    minY = Math.min(minY, coords.y[i]); maxY = Math.max(maxY, coords.y[i]);
  }
  const spanX = maxX - minX, spanY = maxY - minY;
  // A graph of one point (or all on one line) still gets a picture: the span counts as at least 1.
  const s = (SIDE - 2 * MARGIN) / Math.max(spanX, spanY, 1);
  return {
    width: Math.ceil(spanX * s) + 2 * MARGIN,
    height: Math.ceil(spanY * s) + 2 * MARGIN,
    project: (x, y) => [MARGIN + (x - minX) * s, MARGIN + (maxY - y) * s],
  };
}

/**
 * The road graph's arcs faint (each pair of nodes once, whichever way its
 * arcs run), the path bold, the start a disc and the goal a square. The arcs
 * are one `<path>` element: a city of half a million roads stays one
 * element, not half a million.
 */
export function routeSvg(graph: Graph, coords: DimacsCoordinates, path: readonly number[] | null, start: number, goal: number, title: string): string {
  const p = projection(coords);
  const nodes = new Int32Array(Math.max(1, graph.maxDegree)), costs = new Float64Array(Math.max(1, graph.maxDegree));
  const seen = new Set<number>();
  const d: string[] = [];
  for (let u = 0; u < graph.size; u++) {
    const deg = graph.successors(u, nodes, costs);
    for (let k = 0; k < deg; k++) {
      const v = nodes[k];
      if (v === u) continue;
      const a = Math.min(u, v), b = Math.max(u, v);
      const key = a * graph.size + b; // below 2^53 for any graph the reader takes
      if (seen.has(key)) continue;
      seen.add(key);
      const [x0, y0] = p.project(coords.x[a], coords.y[a]), [x1, y1] = p.project(coords.x[b], coords.y[b]);
      d.push(`M${num(x0)} ${num(y0)}L${num(x1)} ${num(y1)}`);
    }
  }
  const at = (n: number) => p.project(coords.x[n], coords.y[n]);
  const r = 6;
  const [sx, sy] = at(start), [gx, gy] = at(goal);
  return svgDocument(p.width, p.height, title, [
    element('rect', { x: 0, y: 0, width: p.width, height: p.height, fill: 'white' }),
    element('path', { class: 'arcs', d: d.join(''), fill: 'none', stroke: '#b4b4b4', 'stroke-width': 1 }),
    ...(path === null ? [] : [element('polyline', {
      class: 'path', 'data-label': 'path', points: points(path.map(at)), fill: 'none', stroke: hex(PATH), 'stroke-width': 4, 'stroke-linejoin': 'round', 'stroke-linecap': 'round',
    })]),
    element('circle', { class: 'mark', 'data-label': 'start', cx: sx, cy: sy, r, fill: hex(START), stroke: 'white', 'stroke-width': 1.5 }),
    element('rect', { class: 'mark', 'data-label': 'goal', x: gx - r, y: gy - r, width: 2 * r, height: 2 * r, fill: hex(GOAL), stroke: 'white', 'stroke-width': 1.5 }),
  ]);
}

/** What `--co-scale` is by default: the DIMACS challenge's road files write degrees x 10^6. */
export const DIMACS_CO_SCALE = 1_000_000;

/** What the GeoJSON says besides the line. */
export interface RouteFacts {
  readonly gr: string;
  readonly co: string;
  readonly algo: string;
  /** Node ids as the files count them, from 1. */
  readonly from: number;
  readonly to: number;
  readonly status: string;
  readonly cost: number | null;
}

/**
 * The path as a GeoJSON Feature (RFC 7946): a LineString of [longitude,
 * latitude] positions, each the node's `.co` X and Y divided by `scale`;
 * a path of one node is a Point (a LineString needs two positions), no path
 * a Feature whose geometry is null. A position outside longitude -180..180
 * or latitude -90..90 is refused: the scale, or the file, is not degrees.
 */
export function routeGeoJson(coords: DimacsCoordinates, path: readonly number[] | null, scale: number, facts: RouteFacts, coLabel: string): string {
  const positions = (path ?? []).map((n): [number, number] => {
    const lon = coords.x[n] / scale, lat = coords.y[n] / scale;
    if (!(Math.abs(lon) <= 180 && Math.abs(lat) <= 90)) {
      throw new InputError(`route: ${coLabel} node ${n + 1} is at ${coords.x[n]} ${coords.y[n]}, which --co-scale ${scale} makes longitude ${lon}, latitude ${lat}: not degrees (longitude -180 to 180, latitude -90 to 90); give the scale the file was written with`);
    }
    return [lon === 0 ? 0 : lon, lat === 0 ? 0 : lat];
  });
  const geometry = positions.length === 0 ? null
    : positions.length === 1 ? { type: 'Point', coordinates: positions[0] }
    : { type: 'LineString', coordinates: positions };
  return `${JSON.stringify({
    type: 'Feature',
    geometry,
    properties: { ...facts, coScale: scale, nodes: path === null ? [] : path.map((n) => n + 1) },
  })}\n`;
}
