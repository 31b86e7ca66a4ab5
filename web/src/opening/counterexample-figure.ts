import { el } from '../common/dom.js';
import { num } from '../common/format.js';
import { counterexampleFacts, type CounterexampleFacts } from './counterexample-model.js';

const SVG = 'http://www.w3.org/2000/svg';

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, text?: string): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Where each node sits in the drawing (viewBox units: CSS pixels at a phone's width). */
const AT: Record<string, [number, number]> = { start: [50, 115], A: [170, 52], B: [170, 178], goal: [290, 115] };
const R = 25;
const CENTRE: [number, number] = [170, 115];

/**
 * The four-node counterexample as a drawing: nodes, edge costs, each
 * node's h beside its true cost to go, the f A* gave A and B, and the
 * route A* returns drawn in the path colour. SVG, so the text is text
 * (read by screen readers and by the page's size and contrast checks).
 */
export function drawCounterexample(root: HTMLElement): CounterexampleFacts {
  const facts = counterexampleFacts();
  const { world, edges, h, hStar, f } = facts;
  const name = (n: number) => world.names[n];
  const onRoute = new Set<string>();
  facts.astar.path.forEach((n, i) => { if (i > 0) onRoute.add(`${facts.astar.path[i - 1]}-${n}`); });

  const pic = svg('svg', { viewBox: '0 0 340 232', class: 'cx-drawing', role: 'img',
    'aria-label': `Four nodes: ${edges.map(([a, b, c]) => `${name(a)} to ${name(b)} costs ${num(c)}`).join(', ')}. `
      + `A* returns ${facts.astar.path.map(name).join(' → ')} at ${num(facts.astar.cost)}; the cheapest route is ${facts.best.path.map(name).join(' → ')} at ${num(facts.best.cost)}.` });
  const defs = svg('defs', {});
  for (const [id, cls] of [['cx-arrow', 'cx-head'], ['cx-arrow-route', 'cx-head route']] as const) {
    const m = svg('marker', { id, viewBox: '0 0 10 10', refX: 9, refY: 5, markerUnits: 'userSpaceOnUse', markerWidth: id === 'cx-arrow' ? 11 : 15, markerHeight: id === 'cx-arrow' ? 11 : 15, orient: 'auto-start-reverse' });
    m.append(svg('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: cls }));
    defs.append(m);
  }
  pic.append(defs);

  for (const [a, b, c] of edges) {
    const [x0, y0] = AT[name(a)], [x1, y1] = AT[name(b)];
    const len = Math.hypot(x1 - x0, y1 - y0), ux = (x1 - x0) / len, uy = (y1 - y0) / len;
    const route = onRoute.has(`${a}-${b}`);
    pic.append(svg('line', {
      x1: x0 + ux * R, y1: y0 + uy * R, x2: x1 - ux * (R + 3), y2: y1 - uy * (R + 3),
      class: route ? 'cx-edge route' : 'cx-edge', 'marker-end': `url(#${route ? 'cx-arrow-route' : 'cx-arrow'})`,
    }));
    // The cost sits beside the middle of its edge, on the side away from the drawing's centre.
    const mx = (x0 + x1) / 2, my = (y0 + y1) / 2;
    let nx = -uy, ny = ux;
    if (nx * (mx - CENTRE[0]) + ny * (my - CENTRE[1]) < 0) { nx = -nx; ny = -ny; }
    pic.append(svg('text', { x: mx + nx * 16, y: my + ny * 16 + 5, class: 'cx-cost', 'text-anchor': 'middle' }, num(c)));
  }
  for (let n = 0; n < world.graph.size; n++) {
    const [x, y] = AT[name(n)];
    const kind = n === world.start ? 'start' : n === world.goal ? 'goal' : 'mid';
    pic.append(kind === 'goal'
      ? svg('polygon', { points: `${x},${y - R - 4} ${x + R + 4},${y} ${x},${y + R + 4} ${x - R - 4},${y}`, class: 'cx-node goal' })
      : svg('circle', { cx: x, cy: y, r: R, class: `cx-node ${kind}` }));
    pic.append(svg('text', { x, y: y + 5, class: 'cx-name', 'text-anchor': 'middle' }, name(n)));
    const lies = h[n] > hStar[n];
    // A's estimate above it, B's below it, the ends' under them.
    const ty = kind === 'mid' ? (y < CENTRE[1] ? y - R - 9 : y + R + 19) : y + R + 22;
    pic.append(svg('text', { x, y: ty, class: lies ? 'cx-h lies' : 'cx-h', 'text-anchor': 'middle' },
      lies ? `h ${num(h[n])}, truly ${num(hStar[n])}` : `h ${num(h[n])}`));
  }
  const fOf = (n: number) => `${name(n)}: f = ${num(facts.g[n])} + ${num(h[n])} = ${num(f[n])}`;
  const caption = el('figcaption', { class: 'cx-caption' },
    `Edge labels are costs; h is the estimate at each node. A* rates ${fOf(world.A)} and ${fOf(world.B)}, `
    + `so it follows A. Purple: the route it returns, ${facts.astar.path.map(name).join(' → ')}, costing ${num(facts.astar.cost)}. `
    + `Through B the trip costs only ${num(facts.best.cost)}.`);
  root.append(pic, caption);
  const d = root.dataset;
  d.astarCost = num(facts.astar.cost);
  d.bestCost = num(facts.best.cost);
  d.fA = num(f[world.A]);
  d.fB = num(f[world.B]);
  d.expanded = facts.expanded.map(name).join(' ');
  return facts;
}
