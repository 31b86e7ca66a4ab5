import { InputError, type Grid } from '#bestfirst';
import { parseMap, parseRosMap, parseRosYaml, parseScen, toGrid } from '#bestfirst/io';
import { farApart, scenarioChoices, type QueryChoice } from './endpoints.js';
import { runLane } from './lane-run.js';
import { FileChoiceError, imageFor, pairFiles } from './map-files.js';
import type { ErrorSource, FromWorker, LoadedMap, MapSource, ToWorker } from './protocol.js';
import { LANES } from '../theater/theater-model.js';

/** The most cells the panel draws: four lanes keep an image each (4 bytes a cell), so 2048 x 2048 costs 64 MB. */
export const MAX_PANEL_CELLS = 1 << 22;

/** A file's bytes, a gzip'd one unpacked by the platform's own gzip. */
async function bytesOf(f: MapSource): Promise<Uint8Array> {
  const blob = f.blob ?? await (await fetch(f.url!)).blob();
  const stream = /\.gz$/i.test(f.name) ? blob.stream().pipeThrough(new DecompressionStream('gzip')) : blob.stream();
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const textOf = async (f: MapSource) => new TextDecoder().decode(await bytesOf(f));
/** The name a reader's messages give the file: as given, without the `.gz` we unpacked. */
const label = (f: MapSource) => f.name.replace(/\.gz$/i, '');

function sourceOf(e: unknown): { message: string; source: ErrorSource } {
  if (e instanceof InputError) return { message: e.message, source: 'library' };
  if (e instanceof FileChoiceError) return { message: e.message, source: 'page' };
  return { message: `Unexpected error (a defect of the page, not of your file): ${e instanceof Error ? e.message : String(e)}`, source: 'defect' };
}

/** Thrown inside a load that a newer load has made pointless: nothing is posted for it. */
class Superseded extends Error {}

/**
 * Reads the files through the library's readers into a grid, its start and
 * goal choices and a line about it. `stale` is asked between the steps (read,
 * parse, pick the start and goal): once it says yes, the load stops.
 */
export async function loadMap(files: readonly MapSource[], stale: () => boolean = () => false): Promise<{ grid: Grid; name: string; choices: QueryChoice[]; about: string; problem: string | null }> {
  const pair = pairFiles(files);
  let grid: Grid, name: string, about: string, problem: string | null = null;
  let choices: QueryChoice[] = [];
  if (pair.kind === 'movingai') {
    name = label(pair.map);
    const text = await textOf(pair.map);
    if (stale()) throw new Superseded();
    grid = parseMap(text, name);
    about = '8-connected as the benchmark moves (a diagonal costs √2 and may not cut a wall\'s corner); costs in cells';
    if (pair.scen) {
      try {
        const scenName = label(pair.scen);
        ({ choices, problem } = scenarioChoices(grid, parseScen(await textOf(pair.scen), scenName), scenName));
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        problem = e.message;
      }
    }
  } else {
    name = label(pair.yaml);
    const yaml = await textOf(pair.yaml);
    const image = imageFor(parseRosYaml(yaml, name).image, pair.yaml.name, pair.images);
    const map = parseRosMap(yaml, await bytesOf(image), name);
    grid = toGrid(map, { unknown: 'blocked' });
    about = `8-connected, no corner cutting, unknown space blocked; cells of ${map.resolution} m, so costs are in metres`;
  }
  if (grid.size > MAX_PANEL_CELLS) {
    throw new FileChoiceError(`${name} is ${grid.width} x ${grid.height} (${grid.size.toLocaleString('en')} cells): the panel draws maps of up to ${MAX_PANEL_CELLS.toLocaleString('en')} cells (2048 x 2048). The library itself reads it: try the command line.`);
  }
  if (choices.length === 0) {
    if (stale()) throw new Superseded();
    const far = farApart(grid);
    if (!far) throw new FileChoiceError(`${name} has no free cell to start from: every cell is blocked.`);
    choices = [far];
  }
  return { grid, name, choices, about, problem };
}

/** Lets the worker read its queued messages (a cancel, a newer query) before going on. */
const turn = () => new Promise<void>((ok) => setTimeout(ok, 0));

/**
 * The map worker's work, apart from the worker itself (so Node can run it):
 * load a map, then answer queries by running the four lanes one after
 * another, posting each lane's closed cells in chunks as it searches and its
 * summary when it ends. A load that a newer load overtakes stops at its
 * next step and posts nothing. Messages are taken in order, one job at a time, but
 * a cancel or a newer query is noted the moment it arrives: the running
 * query reads the note between lanes (the engine's loop runs to its end
 * once started) and stops there.
 */
export class MapWorkerCore {
  private grid: Grid | null = null;
  private latest = 0;
  private latestMap = 0;
  private cancelled = 0;
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly post: (m: FromWorker, transfer?: Transferable[]) => void) {}

  /** Takes one message; the promise settles when its job (and every job before it) is done. */
  receive(m: ToWorker): Promise<void> {
    if (m.type === 'cancel') { this.cancelled = Math.max(this.cancelled, m.seq); return this.chain; }
    if (m.type === 'run') this.latest = Math.max(this.latest, m.seq);
    if (m.type === 'load') this.latestMap = Math.max(this.latestMap, m.map);
    this.chain = this.chain.then(() => (m.type === 'load' ? this.load(m.map, m.files) : this.run(m.seq, m.start, m.goal)));
    return this.chain;
  }

  private async load(map: number, files: MapSource[]): Promise<void> {
    const t0 = performance.now();
    this.grid = null;
    try {
      // A map chosen since (or a worker started afresh reading the old map when the reader has moved on) makes this load pointless.
      const { grid, name, choices, about, problem } = await loadMap(files, () => map !== this.latestMap);
      this.grid = grid;
      const cells = grid.cells.slice();
      const loaded: LoadedMap = { map, name, width: grid.width, height: grid.height, cells, choices, about, problem, millis: performance.now() - t0 };
      this.post({ type: 'loaded', ...loaded }, [cells.buffer]);
    } catch (e) {
      if (!(e instanceof Superseded)) this.post({ type: 'load-error', map, ...sourceOf(e) });
    }
  }

  private async run(seq: number, start: number, goal: number): Promise<void> {
    const grid = this.grid;
    const stale = () => seq !== this.latest || seq <= this.cancelled;
    for (let lane = 0; lane < LANES.length; lane++) {
      if (stale()) { this.post({ type: 'stopped', seq, why: 'cancelled' }); return; }
      const t0 = performance.now();
      try {
        if (!grid) throw new FileChoiceError('No map is loaded.');
        const summary = runLane(grid, lane, start, goal, (cells, total) => this.post({ type: 'progress', seq, lane, cells, total }, [cells.buffer]));
        this.post({ type: 'lane', seq, lane, summary, millis: performance.now() - t0 }, summary.path ? [summary.path.buffer] : []);
      } catch (e) {
        this.post({ type: 'run-error', seq, ...sourceOf(e) });
        return;
      }
      await turn();
    }
    this.post({ type: 'stopped', seq, why: 'done' });
  }
}
