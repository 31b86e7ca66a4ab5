import { withRowOrder, type Costmap } from '#bestfirst/costmap';
import type { Footprint } from '#bestfirst/cspace';
import { mapPoint, type RosMap } from '#bestfirst/io';
import type { Pose } from '#bestfirst/kinematic';
import { costmapPalette, GOAL, hex, PATH, START, type Rgb } from './colours.js';
import { cellsSvg } from './draw-grid.js';
import { element, points, svgDocument } from './svg.js';

/**
 * A kinematic plan (`plan --ros ... --motion`) as SVG: the part of the
 * costmap round the path, in Nav2's colours as `plan --ros --svg` draws the
 * whole map; the path in red, solid where the robot drives forwards and
 * dashed where it reverses; the robot's outline at the start (green), at
 * the goal (blue), at each cusp and every metre or so between (grey), each
 * with a tick from its reference point along its heading.
 */

/** Metres of map kept round the robot's sweep, so the walls it squeezes past are in the picture. */
const MARGIN_M = 1;
/** The longer side the picture aims at, pixels. */
const SIDE = 1024;
/** Outlines along the way, about this many metres apart. */
const OUTLINE_EVERY_M = 1;

export interface KinematicScene {
  readonly map: RosMap;
  readonly costmap: Costmap;
  /** The robot: its outline, or a disc's radius. */
  readonly robot: Footprint | number;
  readonly start: Pose;
  readonly goal: Pose;
  /** The poses from start to goal, or null without a path. */
  readonly path: readonly Pose[] | null;
  readonly title: string;
}

/** The robot's outline at `p`, as world points: the footprint's corners, or 24 points round the disc. */
function outline(robot: Footprint | number, p: Pose): [number, number][] {
  if (typeof robot === 'number') return Array.from({ length: 24 }, (_, i) => [p.x + robot * Math.cos((i * Math.PI) / 12), p.y + robot * Math.sin((i * Math.PI) / 12)]);
  return robot.at(p).map((q) => [q.x, q.y]);
}

/** The poses an outline is drawn at: each cusp, and about every OUTLINE_EVERY_M metres (not the two ends, drawn in colour). */
function outlined(path: readonly Pose[]): Pose[] {
  const out: Pose[] = [];
  let since = 0, lastDir = 0;
  for (let i = 1; i + 1 < path.length; i++) {
    const a = path[i - 1], b = path[i], c = path[i + 1];
    since += Math.hypot(b.x - a.x, b.y - a.y);
    // A cusp: the step in turns back on the step out.
    const dir = Math.sign((c.x - b.x) * (b.x - a.x) + (c.y - b.y) * (b.y - a.y));
    const cusp = dir < 0 && lastDir >= 0;
    if (dir !== 0) lastDir = dir < 0 ? -1 : 1;
    if (cusp || since >= OUTLINE_EVERY_M) { out.push(b); since = 0; }
  }
  return out;
}

/** Whether the step from a to b is driven backwards: the robot's heading points away from the way it moves. */
const reversing = (a: Pose, b: Pose) => (b.x - a.x) * Math.cos(a.theta) + (b.y - a.y) * Math.sin(a.theta) < 0;

/** The scene as an SVG document. */
export function kinematicSvg(scene: KinematicScene): string {
  const { map, robot, start, goal } = scene;
  const res = map.resolution;
  const path = scene.path ?? [];
  // The window: every outline the picture draws, and a margin round it, in map cells (rows from the bottom), cut to the map.
  let lo = [Infinity, Infinity], hi = [-Infinity, -Infinity];
  for (const p of [start, goal, ...path]) {
    for (const q of outline(robot, p)) {
      const [mx, my] = mapPoint(map, q);
      lo = [Math.min(lo[0], mx), Math.min(lo[1], my)];
      hi = [Math.max(hi[0], mx), Math.max(hi[1], my)];
    }
  }
  const c0 = Math.max(0, Math.floor((lo[0] - MARGIN_M) / res)), c1 = Math.min(map.width, Math.ceil((hi[0] + MARGIN_M) / res));
  const r0 = Math.max(0, Math.floor((lo[1] - MARGIN_M) / res)), r1 = Math.min(map.height, Math.ceil((hi[1] + MARGIN_M) / res));
  const w = Math.max(1, c1 - c0), h = Math.max(1, r1 - r0);
  const k = Math.max(1, Math.floor(SIDE / Math.max(w, h)));
  const bottomUp = withRowOrder(scene.costmap, 'bottom-up').cost;
  const cells = new Uint8Array(w * h);
  for (let t = 0; t < h; t++) {
    const row = r1 - 1 - t;
    if (row < 0 || row >= map.height) continue;
    for (let c = 0; c < w; c++) cells[t * w + c] = bottomUp[row * map.width + c0 + c];
  }
  const px = (x: number, y: number): [number, number] => {
    const [mx, my] = mapPoint(map, [x, y]);
    return [(mx / res - c0) * k, (r1 - my / res) * k];
  };
  const stroke = Math.max(1.5, k * 0.25);
  const shape = (p: Pose, colour: Rgb, label: string, fill: boolean) => {
    const [x, y] = px(p.x, p.y);
    const reach = typeof robot === 'number' ? robot : Math.max(...robot.vertices.map((v) => Math.max(0, v.x)), robot.circumradius / 2);
    const [tx, ty] = px(p.x + reach * Math.cos(p.theta), p.y + reach * Math.sin(p.theta));
    return element('g', { class: 'robot', 'data-label': label }, [
      element('polygon', { points: points(outline(robot, p).map(([a, b]) => px(a, b))), fill: fill ? hex(colour) : 'none', 'fill-opacity': fill ? 0.35 : undefined, stroke: hex(colour), 'stroke-width': stroke }),
      element('line', { x1: x, y1: y, x2: tx, y2: ty, stroke: hex(colour), 'stroke-width': stroke, 'stroke-linecap': 'round' }),
    ].join(''));
  };
  // The path in runs of one direction: solid forwards, dashed backwards.
  const runs: string[] = [];
  for (let i = 0; i + 1 < path.length;) {
    const back = reversing(path[i], path[i + 1]);
    let j = i + 1;
    while (j + 1 < path.length && reversing(path[j], path[j + 1]) === back) j++;
    runs.push(element('polyline', {
      class: 'path', 'data-label': back ? 'reverse' : 'forward', points: points(path.slice(i, j + 1).map((p) => px(p.x, p.y))),
      fill: 'none', stroke: hex(PATH), 'stroke-width': stroke * 1.4, 'stroke-linejoin': 'round', 'stroke-linecap': 'round', 'stroke-dasharray': back ? `${stroke * 4} ${stroke * 3}` : undefined,
    }));
    i = j;
  }
  const grey: Rgb = [90, 90, 90];
  return svgDocument(w * k, h * k, scene.title, [
    cellsSvg(w, h, cells, costmapPalette(), k),
    element('g', { class: 'outlines' }, ['', ...outlined(path).map((p, i) => shape(p, grey, `pose ${i}`, false)), ''].join('\n')),
    element('g', { class: 'paths' }, ['', ...runs, ''].join('\n')),
    element('g', { class: 'marks' }, ['', shape(start, START, 'start', true), shape(goal, GOAL, 'goal', true), ''].join('\n')),
  ]);
}
