// The scripts in examples/ run as a user would run them (as `node FILE` does,
// each in a worker thread of its own: test/support/node-thread.ts, importing
// 'bestfirst' and its subpaths through the package's own exports on the
// build), and print the numbers they promise: costs equal across searches and
// to published optima, repairs equal to fresh searches.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { expect, test } from 'vitest';
import { runInThread } from '../../support/node-thread.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Runs examples/<name> (its paths are its own, relative to the script); fails on a non-zero exit or anything on stderr. */
async function run(name: string): Promise<string> {
  const r = await runInThread(join(ROOT, 'examples', name));
  expect(r.stderr, `${name}: stderr`).toBe('');
  expect(r.status, `${name}: exit status`).toBe(0);
  return r.stdout;
}

/** The numbers captured by `re` in `out`, which must match. */
function numbers(out: string, re: RegExp): number[] {
  const m = re.exec(out);
  expect(m, `no line matches ${re}\n${out}`).not.toBeNull();
  return m!.slice(1).map(Number);
}

const TESTED = [
  '01-grid.mjs', '02-movingai-scenario.mjs', '03-road-graph.mjs', '04-dstar-lite-replanning.mjs', '05-universal-plan.mjs',
  '07-ros-map.mjs', '08-contraction-hierarchy.mjs', '09-many-robots.mjs',
];

test('every script in examples/ is tested here and listed in the README', () => {
  const scripts = readdirSync(join(ROOT, 'examples')).filter((f) => /\.(mjs|js|cjs|ts)$/.test(f)).sort();
  expect(scripts).toEqual(TESTED);
  const folders = readdirSync(join(ROOT, 'examples'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  expect(folders, 'the example projects, each tested below').toEqual(['browser', 'typescript']);
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  for (const f of scripts) expect(readme, `README mentions ${f}`).toContain(`\`${f}\``);
  for (const d of folders) expect(readme, `README mentions examples/${d}/`).toContain(`\`examples/${d}/\``);
});

test('01-grid: A*, Dijkstra and JPS agree on the matrix grid; the drawn path and the 4-connected cost', async () => {
  const out = await run('01-grid.mjs');
  expect(out).toContain('grid 10 x 6, 15 cells blocked; from [0,5] to [9,5]');
  const [astarCost, astarCells, astarExp] = numbers(out, /^astar +found cost ([\d.]+) in (\d+) cells, (\d+) expansions$/m);
  const [dijkstraCost, , dijkstraExp] = numbers(out, /^dijkstra +found cost ([\d.]+) in (\d+) cells, (\d+) expansions$/m);
  const [jpsCost, , jpsExp] = numbers(out, /^jps +found cost ([\d.]+) in (\d+) cells, (\d+) expansions$/m);
  // 17 straight steps and one diagonal around the walls.
  expect([astarCost, dijkstraCost, jpsCost]).toEqual([18.414, 18.414, 18.414]);
  expect(astarCells).toBe(19);
  expect(astarExp).toBeLessThan(dijkstraExp);
  expect(jpsExp).toBeLessThan(astarExp);
  const drawing = out.split('\n').filter((l) => /^ {2}[.#*]{10}$/.test(l));
  expect(drawing).toHaveLength(6);
  expect(drawing.join('').split('*').length - 1).toBe(19);
  expect(drawing[5][2]).toBe('*'); // the start, bottom left
  expect(drawing[5][11]).toBe('*'); // the goal, bottom right
  expect(out).toMatch(/^4-connected: cost 19 in 20 cells$/m);
});

test('02-movingai-scenario: the first 20 problems of den312d, each path checked and of the published length', async () => {
  const out = await run('02-movingai-scenario.mjs');
  expect(out).toContain('data/movingai/dao/den312d.map: 65 x 81, 2445 free cells, 320 problems');
  expect(out).toMatch(/^first 20 problems: 20 paths checked, 20 of the published optimal length, \d+ expansions in all$/m);
  const [published, found] = numbers(out, /^longest: line \d+, \(\d+,\d+\) to \(\d+,\d+\), published ([\d.]+), found ([\d.]+) in \d+ cells$/m);
  expect(published).toBe(7.41421);
  expect(found).toBe(published);
});

test('03-road-graph: A* with the straight-line heuristic finds Dijkstra\'s length across Amsterdam with fewer expansions', async () => {
  const out = await run('03-road-graph.mjs');
  expect(out).toContain('Amsterdam: 68213 crossings, 76718 roads');
  const [dLength, dRoads, dExp] = numbers(out, /^dijkstra found length (\d+) over (\d+) roads, (\d+) expansions$/m);
  const [aLength, aRoads, aExp] = numbers(out, /^astar +found length (\d+) over (\d+) roads, (\d+) expansions$/m);
  const [crow] = numbers(out, /^from crossing \d+ to \d+: (\d+) units as the crow flies$/m);
  expect(aLength).toBe(dLength);
  expect(aRoads).toBe(dRoads);
  expect(dLength).toBe(47410);
  expect(crow).toBeLessThanOrEqual(dLength);
  expect(aExp).toBeLessThan(dExp);
  expect(out).toMatch(/^same length: true; A\* expanded [\d.]+% of what Dijkstra did$/m);
});

test('04-dstar-lite-replanning: every repair equals a fresh A*, and the robot arrives', async () => {
  const out = await run('04-dstar-lite-replanning.mjs');
  // 107.698: the optimum from (5,5) to (60,70) on den312d (bestfirst ara reaches it too).
  expect(numbers(out, /^den312d \(5,5\) to \(60,70\): cost-to-go ([\d.]+), first search \d+ queue pops$/m)).toEqual([107.698]);
  const walls = [...out.matchAll(/^step \d+: (\d) cells close; cost-to-go ([\d.]+) -> ([\d.]+) \(fresh A\* agrees\); repair \d+ pops, fresh A\* \d+ expansions$/gm)];
  expect(walls).toHaveLength(3);
  for (const w of walls) expect(Number(w[3])).toBeGreaterThanOrEqual(Number(w[2])); // a wall never makes the way shorter
  const [count, pops, expansions] = numbers(out, /^(\d+) walls, each repair equal to a fresh A\*: (\d+) repair pops against (\d+) A\* expansions$/m);
  expect(count).toBe(10);
  expect(pops).toBeLessThan(expansions);
  const [steps, travelled] = numbers(out, /^arrived after (\d+) steps, ([\d.]+) travelled$/m);
  expect(steps).toBeGreaterThan(0);
  expect(travelled).toBeGreaterThanOrEqual(107.698);
});

test('05-universal-plan: the plan\'s cost-to-go equals A* from every start it is followed from', async () => {
  const out = await run('05-universal-plan.mjs');
  expect(out).toContain('arena (49 x 49), goal (40,40): 2054 of 2054 free cells reach it');
  const [residual] = numbers(out, /^Bellman residual ([\d.e+-]+) /m);
  expect(residual).toBeLessThan(1e-9);
  const starts = [...out.matchAll(/^from \((\d+),(\d+)\): cost-to-go ([\d.]+), (\d+) steps along the arrows; A\* from there ([\d.]+)$/gm)];
  expect(starts.map((m) => `${m[1]},${m[2]}`)).toEqual(['1,7', '10,40', '45,3']);
  for (const m of starts) {
    expect(m[3]).toBe(m[5]);
    expect(Number(m[4])).toBeLessThanOrEqual(Number(m[3])); // no step costs less than 1
  }
  expect(starts[1][3]).toBe('30.000'); // (10,40) to (40,40): a straight, open row
});

test('07-ros-map: the TurtleBot3 sandbox planned for a robot of 0.22 m radius keeps its centre that far from every wall', async () => {
  const out = await run('07-ros-map.mjs');
  expect(out).toContain('data/ros/tb3_sandbox.yaml: 384 x 384 cells of 0.05 m, image tb3_sandbox.pgm');
  const [radius, walls, closed] = numbers(out, /^robot radius ([\d.]+) m: (\d+) cells are walls or unknown, (\d+) are too close to one for the robot's centre$/m);
  expect(radius).toBe(0.22);
  expect(closed).toBeGreaterThan(walls); // inflation only adds
  const [robotLength, , robotClearance] = numbers(out, /^from \(-2,-0\.5\) to \(2,0\.5\) m: the robot's path is ([\d.]+) m over (\d+) cells, its centre at least ([\d.]+) m from a wall$/m);
  const [pointLength, pointClearance] = numbers(out, /^a point robot's path: ([\d.]+) m, at least ([\d.]+) m from a wall$/m);
  // The same shortest path the guide finds for a point (docs/guide/costmaps.md).
  expect(pointLength).toBe(4.414);
  expect(robotClearance).toBeGreaterThanOrEqual(radius);
  expect(pointClearance).toBeLessThan(radius);
  expect(robotLength).toBeGreaterThanOrEqual(pointLength); // keeping away from walls never shortens the way
  expect(out).toMatch(/^arrives at the centre of the goal's cell, \(2\.025, 0\.525\) m$/m);
});

test('08-contraction-hierarchy: built, saved to a file, loaded without building, and every query equal to Dijkstra', async () => {
  const out = await run('08-contraction-hierarchy.mjs');
  expect(out).toContain('data/dimacs/amsterdam-centre.gr: 792 nodes, 1764 arcs');
  const [, shortcuts, bytes] = numbers(out, /^built in ([\d.]+) ms, (\d+) shortcuts; saved as (\d+) bytes$/m);
  expect(shortcuts).toBeGreaterThan(0);
  expect(bytes).toBeGreaterThan(1764 * 8); // at least the arcs' ends and costs
  const [, builds] = numbers(out, /^loaded in ([\d.]+) ms \(builds: (\d+)\)$/m);
  expect(builds).toBe(0);
  const queries = [...out.matchAll(/^(\d+) -> (\d+): (\d+) over (\d+) arcs, (\d+) nodes settled \(Dijkstra (\d+)\)$/gm)];
  expect(queries.map((q) => `${q[1]}->${q[2]}`)).toEqual(['1->618', '6->401', '101->792', '251->21', '701->4']);
  expect(queries[0][3]).toBe('257182'); // the guide's query (docs/guide/roads.md)
  const [same, all, settled, expansions] = numbers(out, /^(\d+) of (\d+) queries equal to Dijkstra; (\d+) nodes settled against (\d+)$/m);
  expect(same).toBe(all);
  expect(settled).toBeLessThan(expansions / 5);
});

test('09-many-robots: the warehouse\'s first 10, 50 and 100 agents, each plan checked; CBS never above prioritized, both at or above the bound', async () => {
  const out = await run('09-many-robots.mjs');
  expect(out).toContain('data/mapf/warehouse-10-20-10-2-1.map: 161 x 63, 5699 free cells; 1000 agents in data/mapf/warehouse-10-20-10-2-1-random-1.scen');
  const plans = [...out.matchAll(/^ *(\d+) agents, (prioritized|cbs) +sum of costs (\d+), makespan (\d+), lower bound (\d+); checked: (true|false)$/gm)];
  expect(plans.map((m) => `${m[1]} ${m[2]}`)).toEqual(['10 prioritized', '10 cbs', '50 prioritized', '50 cbs', '100 prioritized', '100 cbs']);
  for (const m of plans) {
    expect(m[6]).toBe('true');
    expect(Number(m[3])).toBeGreaterThanOrEqual(Number(m[5]));
  }
  for (let i = 0; i < plans.length; i += 2) {
    expect(plans[i][5]).toBe(plans[i + 1][5]); // one lower bound per set of agents
    expect(Number(plans[i + 1][3])).toBeLessThanOrEqual(Number(plans[i][3]));
  }
  // With 100 robots they get in each other's way: neither plan reaches the bound, and CBS's is strictly cheaper.
  expect(Number(plans[5][3])).toBeGreaterThan(Number(plans[5][5]));
  expect(Number(plans[5][3])).toBeLessThan(Number(plans[4][3]));
});

/** The last program of each example project: the next check of it reads again only what changed (main.ts), not the libraries' types. */
const checked = new Map<string, ts.Program>();

/**
 * Type-checks an example project with its own tsconfig.json, against the
 * package's built types (as a dependency's are read); `replace` swaps the
 * text of main.ts first. The diagnostics, one line each.
 */
function typeCheck(project: string, replace?: (text: string) => string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'examples', project, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n')); } });
  if (config === undefined) throw new Error(`examples/${project}/tsconfig.json: not read`);
  const main = join(ROOT, 'examples', project, 'main.ts');
  const host = ts.createCompilerHost(config.options);
  const { getSourceFile } = host;
  host.getSourceFile = (f, v, ...rest) => (replace && f === main ? ts.createSourceFile(f, replace(readFileSync(f, 'utf8')), v, true) : getSourceFile.call(host, f, v, ...rest));
  const program = ts.createProgram(config.fileNames, config.options, host, checked.get(project));
  checked.set(project, program);
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file ? d.file.fileName.slice(ROOT.length) : ''} TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
}

test('examples/typescript: strict TypeScript against the built types; checking the status narrows points (no !), and without the check the compiler refuses', async () => {
  expect(typeCheck('typescript')).toEqual([]);
  // 'bestfirst' came from the build, through the package's exports.
  const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'examples/typescript/tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
  const resolved = ts.resolveModuleName('bestfirst', join(ROOT, 'examples/typescript/main.ts'), config.options, ts.sys).resolvedModule;
  expect(resolved?.resolvedFileName).toBe(join(ROOT, 'dist/src/index.d.ts'));
  // Take the narrowing away: r.points may be null, and the program no longer compiles.
  const source = readFileSync(join(ROOT, 'examples/typescript/main.ts'), 'utf8');
  expect(source).toContain("if (r.status === 'found') {");
  expect(source).not.toMatch(/points!|as XY\[\]/);
  const unnarrowed = typeCheck('typescript', (t) => t.replace("if (r.status === 'found') {", '{'));
  expect(unnarrowed.join('\n')).toMatch(/main\.ts TS2322: Type 'XY\[\] \| null' is not assignable to type 'XY\[\]'/);
  // And it runs: transpiled as a TypeScript build would emit it, from the repository root.
  // Written inside the repository, so that 'bestfirst' is the package itself.
  const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
  const built = join(ROOT, 'test-output', 'examples-typescript');
  mkdirSync(built, { recursive: true });
  writeFileSync(join(built, 'main.mjs'), js);
  const r = await runInThread(join(built, 'main.mjs'));
  rmSync(built, { recursive: true, force: true });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  expect(r.stdout.trimEnd().split('\n')).toEqual([
    'found, cost 8.000: 0,2 0,1 0,0 1,0 2,0 3,0 4,0 4,1 4,2',
    'unreachable: points null, cost Infinity',
    'jump point search needs connectivity 8',
  ]);
});

test('examples/browser: type-checks, builds with Vite into a folder that works from any path, and the bundle draws the walls and the path it finds', async () => {
  expect(typeCheck('browser')).toEqual([]);
  const { build } = await import('vite');
  const out = mkdtempSync(join(tmpdir(), 'bestfirst-browser-'));
  try {
    await build({
      root: join(ROOT, 'examples/browser'), configFile: join(ROOT, 'examples/browser/vite.config.ts'),
      logLevel: 'silent', build: { outDir: out, emptyOutDir: true },
    });
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    const script = /<script type="module" crossorigin src="\.\/(assets\/[^"]+\.js)"><\/script>/.exec(html);
    expect(script, `a relative module script in\n${html}`).not.toBeNull();
    expect(html).toContain('<canvas id="grid"');
    const bundle = readFileSync(join(out, script![1]), 'utf8');
    expect(bundle).toContain('findPath: start'); // the library itself is in it, not an import left for the browser

    // Run the bundle in Node against a page of two elements and a canvas that records what is drawn.
    const runner = join(out, 'run.mjs');
    writeFileSync(runner, `
      const calls = [];
      const ctx = new Proxy({}, { get: (o, k) => (k in o ? o[k] : (...a) => calls.push([k, o.fillStyle, ...a])), set: (o, k, v) => { o[k] = v; return true; } });
      const canvas = { width: 480, height: 300, getContext: () => ctx, addEventListener: () => {} };
      const status = { textContent: '' };
      // Vite's module-preload check asks for a <link>; this 'browser' has modulepreload, so it stops there.
      const link = { relList: { supports: () => true } };
      globalThis.document = { getElementById: (id) => (id === 'grid' ? canvas : id === 'status' ? status : null), createElement: () => link };
      await import(${JSON.stringify(pathToFileURL(join(out, script![1])).href)});
      const count = (name, style) => calls.filter((c) => c[0] === name && (style === undefined || c[1] === style)).length;
      console.log(JSON.stringify({ status: status.textContent, walls: count('fillRect', '#333'), moves: count('lineTo'), ends: count('fillRect', '#3a3') }));
    `);
    const r = await runInThread(runner);
    expect(r.stderr.slice(-2000)).toBe('');
    expect(r.status).toBe(0);
    const drawn = JSON.parse(r.stdout) as { status: string; walls: number; moves: number; ends: number };
    const rows = readFileSync(join(ROOT, 'examples/browser/main.ts'), 'utf8').match(/^ {2}'[.#]+',$/gm)!;
    expect(rows).toHaveLength(10);
    expect(drawn.walls).toBe(rows.join('').split('#').length - 1);
    const [cells] = numbers(drawn.status, /^A\* from \(0,0\) to \(15,9\): cost [\d.]+, (\d+) cells, \d+ expansions$/);
    expect(drawn.moves).toBe(cells - 1);
    expect(drawn.ends).toBe(2);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
