import './own-map.css';
import { button, controlForm, el, setText } from '../common/dom.js';
import { LANES } from '../theater/theater-model.js';
import { baseImage, LaneCanvas } from './lane-canvas.js';
import type { LaneSummary } from './lane-run.js';
import { MENU_MAPS } from './menu.js';
import type { ErrorSource, FromWorker, LoadedMap, MapSource, ToWorker } from './protocol.js';
import { laneRate, OWN_SPEEDS, Reveal } from './reveal.js';

/** How long a cancelled search may take to reach the end of its lane before the page ends the worker instead. */
export const CANCEL_GRACE_MS = 300;

/**
 * How long a lane waits for its search's end before it plays what has come:
 * the explored shades run from pale to full blue over the lane's whole
 * count, known only then (most searches end well within it; at "at once"
 * a lane always waits, as it shows only the end).
 */
export const HOLD_MS = 250;

/** One lane of the panel: its picture, what has arrived from the worker and how much of it is shown. */
interface Lane {
  root: HTMLElement;
  view: LaneCanvas;
  counts: HTMLElement;
  reveal: Reveal;
  chunks: Int32Array[];
  offsets: number[];
  /** The chunk the next cell to show is in. */
  cursor: number;
  arrived: number;
  summary: LaneSummary | null;
  millis: number;
  done: boolean;
}

const fmt = (n: number) => n.toLocaleString('en');
const costText = (c: number) => (Number.isFinite(c) ? c.toFixed(2) : '∞');

/** A choice of the map menu: its value, and the label of the reader's own file. */
interface MenuChoice { value: string; label: string }

/**
 * "Bring your own map": the Search Theater's four lanes on a map the reader
 * picks from the menu, opens or drops (a Moving AI .map with its .scen, a
 * ROS map .yaml with its .pgm). The map is read by the library's own readers
 * and searched by the library's engine in a worker (map-worker.ts), which
 * streams each lane's closed cells; this thread only plays them back into
 * one canvas per lane at the chosen speed and writes the counters. A refusal
 * (the library's InputError, or the page's own rule about which files make a
 * map) is shown as it was thrown, and the last good map stays on screen.
 *
 * State for tests and figures on the root: data-status (loading, searching,
 * playing, done, cancelled, error), data-map, data-start, data-goal, and
 * data-searching (the worker is still at it), the times since the map was chosen (data-load-ms, data-first-result-ms,
 * data-first-path-ms); on each lane (data-om-lane: bfs, dijkstra, greedy, astar) data-status, data-expansions,
 * data-cost and data-links once it has played to its end.
 */
export class OwnMapPanel {
  private worker: Worker | null = null;
  private lastLoad: ToWorker | null = null;
  private lastRun: ToWorker | null = null;
  private mapSeq = 0;
  private seq = 0;
  private loaded: LoadedMap | null = null;
  /** The menu's choice for the load under way, and for the map the lanes show. */
  private asked: MenuChoice | null = null;
  private shown: MenuChoice | null = null;
  private start = -1;
  private goal = -1;
  private speed = 1;
  private sets: 'start' | 'goal' = 'start';
  /** The worker is still searching for query `seq` (mirrored in data-searching). */
  private _searching = false;
  private get searching(): boolean { return this._searching; }
  private set searching(on: boolean) { this._searching = on; this.root.dataset.searching = String(on); }
  /** Lanes are playing (or waiting for cells). */
  private playing = false;
  private frame = 0;
  private last = 0;
  /** When the current query was sent (a frame's clock). */
  private runAt = 0;
  private chosenAt = 0;
  private watchdog = 0;
  /** The query the watchdog waits to hear has stopped. */
  private stopping = 0;
  private readonly lanes: Lane[];
  private readonly mapSel: HTMLSelectElement;
  private readonly fileIn: HTMLInputElement;
  private readonly pairSel: HTMLSelectElement;
  private readonly setStart: HTMLButtonElement;
  private readonly setGoal: HTMLButtonElement;
  private readonly runBtn: HTMLButtonElement;
  private readonly cancelBtn: HTMLButtonElement;
  private readonly errorBox: HTMLElement;
  private readonly errorText: HTMLElement;
  private readonly about: HTMLElement;
  private readonly status: HTMLElement;
  private readonly timing: HTMLElement;

  constructor(readonly root: HTMLElement) {
    this.mapSel = el('select', { id: 'om-map' });
    this.mapSel.append(el('option', { value: '', disabled: '', selected: '' }, 'Choose a map…'));
    for (const m of MENU_MAPS) this.mapSel.append(el('option', { value: m.id }, m.label));
    this.mapSel.addEventListener('change', () => {
      const m = MENU_MAPS.find((x) => x.id === this.mapSel.value);
      if (!m) return;
      this.fileIn.value = '';
      this.load(m.files);
    });
    this.fileIn = el('input', { type: 'file', id: 'om-file', multiple: '', accept: '.map,.scen,.yaml,.yml,.pgm,.gz' });
    this.fileIn.addEventListener('change', () => this.openFiles(Array.from(this.fileIn.files ?? [])));
    this.pairSel = el('select', { id: 'om-pair' });
    this.pairSel.addEventListener('change', () => {
      const c = this.loaded?.choices[Number(this.pairSel.value)];
      if (!c) return;
      this.start = c.start;
      this.goal = c.goal;
      this.run();
    });
    this.setStart = button('start', () => this.clickSets('start'), { id: 'om-set-start', 'aria-pressed': 'true' });
    this.setGoal = button('goal', () => this.clickSets('goal'), { id: 'om-set-goal', 'aria-pressed': 'false' });
    const speed = el('select', { id: 'om-speed' });
    for (const s of OWN_SPEEDS) speed.append(el('option', { value: String(s) }, s === Infinity ? 'at once' : `${s}×`));
    speed.value = '1';
    speed.addEventListener('change', () => { this.speed = Number(speed.value); });
    this.runBtn = button('Run again', () => this.run(), { id: 'om-run' });
    this.cancelBtn = button('Cancel', () => this.cancel(), { id: 'om-cancel', disabled: '' });
    this.errorText = el('p', { class: 'om-message' });
    this.errorBox = el('div', { class: 'om-error', id: 'om-error', role: 'alert', hidden: '' }, this.errorText);
    this.about = el('p', { class: 'om-about' });
    this.status = el('p', { class: 'om-status', id: 'om-status', 'aria-live': 'polite' });
    this.timing = el('p', { class: 'timing om-timing' });
    this.lanes = LANES.map((spec) => {
      const view = new LaneCanvas(`${spec.title} on the chosen map`);
      const counts = el('p', { class: 'om-counts' });
      const root = el('article', { class: 'om-lane', 'data-om-lane': spec.id },
        el('h4', {}, spec.title, ' ', el('span', { class: 'ranks' }, spec.ranks)), view.stage, counts);
      view.stage.addEventListener('click', (e) => this.clicked(view, e));
      return { root, view, counts, reveal: new Reveal(), chunks: [], offsets: [], cursor: 0, arrived: 0, summary: null, millis: 0, done: true };
    });

    root.append(
      controlForm({ class: 'om-controls' },
        el('label', { for: 'om-map' }, 'Map '), this.mapSel,
        el('label', { for: 'om-file', class: 'om-open' }, 'Open a file… '), this.fileIn),
      el('p', { class: 'help' }, 'Or drop files onto this panel. A Moving AI .map may come with its .scen (its rows become start and goal choices); '
        + 'a ROS map needs its .yaml and the .pgm it names, opened or dropped together. Nothing leaves your browser.'),
      this.errorBox, this.about,
      controlForm({ class: 'om-controls' },
        el('label', { for: 'om-pair' }, 'Start and goal '), this.pairSel),
      controlForm({ class: 'om-controls' },
        el('span', { class: 'om-sets', role: 'group', 'aria-label': 'A click on a map sets the' }, 'A click sets the ', this.setStart, this.setGoal),
        el('label', { for: 'om-speed' }, 'speed '), speed, this.runBtn, this.cancelBtn),
      el('div', { class: 'om-lanes' }, ...this.lanes.map((l) => l.root)),
      this.status, this.timing,
    );
    this.wireDrop();
    this.spawn();
    // Nothing is read or searched until the reader asks: a playback animates every frame for seconds, and
    // started on its own beside the Search Theater it took the frames a drag in the theater needs.
    this.root.dataset.status = 'idle';
    setText(this.status, 'Choose a map from the menu, or open or drop a file, and the four lanes search it.');
  }

  private spawn(): void {
    try {
      const w = new Worker(new URL('./map-worker.ts', import.meta.url), { type: 'module' });
      w.onmessage = (e: MessageEvent<FromWorker>) => this.heard(e.data);
      w.onerror = (e) => this.fail(`The map worker stopped: ${e.message}`, 'defect');
      this.worker = w;
    } catch (e) {
      this.worker = null;
      this.fail(`This browser could not start a worker for the searches (${e instanceof Error ? e.message : String(e)}).`, 'defect');
    }
  }

  private post(m: ToWorker): void { this.worker?.postMessage(m); }

  private wireDrop(): void {
    const r = this.root;
    const over = (e: DragEvent) => { e.preventDefault(); r.classList.add('om-drop'); };
    r.addEventListener('dragenter', over);
    r.addEventListener('dragover', over);
    r.addEventListener('dragleave', (e) => { if (e.target === r) r.classList.remove('om-drop'); });
    r.addEventListener('drop', (e) => {
      e.preventDefault();
      r.classList.remove('om-drop');
      this.openFiles(Array.from(e.dataTransfer?.files ?? []));
    });
  }

  private openFiles(files: File[]): void {
    if (files.length === 0) return;
    const names = files.map((f) => f.name).join(', ');
    let own = this.mapSel.querySelector<HTMLOptionElement>('option[value="own"]');
    if (!own) { own = el('option', { value: 'own' }); this.mapSel.append(own); }
    own.textContent = `Your file: ${names}`;
    this.mapSel.value = 'own';
    this.load(files.map((f) => ({ name: f.name, blob: f })));
    // The map menu names the files now; emptied, the input fires again when the same file is chosen after an edit.
    this.fileIn.value = '';
  }

  /** Reads a map in the worker; the lanes keep showing the last good map until it arrives. */
  load(files: MapSource[]): void {
    this.asked = this.menuChoice();
    this.stopSearch();
    this.chosenAt = performance.now();
    const d = this.root.dataset;
    delete d.loadMs; delete d.firstResultMs; delete d.firstPathMs;
    d.status = 'loading';
    setText(this.status, `Reading ${files.map((f) => f.name).join(' and ')} in the background…`);
    this.lastLoad = { type: 'load', map: ++this.mapSeq, files };
    this.post(this.lastLoad);
  }

  private heard(m: FromWorker): void {
    switch (m.type) {
      case 'loaded': return this.mapLoaded(m);
      case 'load-error':
        if (m.map === this.mapSeq) { this.fail(m.message, m.source); this.showMenuChoice(this.shown); }
        return;
      case 'progress': {
        if (m.seq !== this.seq) return;
        const lane = this.lanes[m.lane];
        lane.offsets.push(lane.arrived);
        lane.chunks.push(m.cells);
        lane.arrived = m.total;
        return;
      }
      case 'lane': {
        if (m.seq !== this.seq) return;
        const lane = this.lanes[m.lane];
        lane.summary = m.summary;
        lane.millis = m.millis;
        this.root.dataset.firstResultMs ??= (performance.now() - this.chosenAt).toFixed(0);
        return;
      }
      case 'run-error':
        if (m.seq === this.seq) { this.searching = false; this.fail(m.message, m.source); }
        return;
      case 'stopped':
        if (m.seq === this.seq) this.searching = false;
        if (this.watchdog && m.seq >= this.stopping) { clearTimeout(this.watchdog); this.watchdog = 0; }
        // A query cancelled as its worker finished: the worker's 'done' comes after the cancel, and the status keeps saying cancelled.
        if (m.why === 'done' && m.seq === this.seq && this.root.dataset.status !== 'cancelled') this.showTiming();
        return;
    }
  }

  private mapLoaded(m: LoadedMap): void {
    if (m.map !== this.mapSeq) return;
    // A worker started afresh after a cancel reads the same map again: nothing to redraw.
    if (this.loaded?.map === m.map) return;
    this.loaded = m;
    this.shown = this.asked;
    this.errorBox.hidden = true;
    const d = this.root.dataset;
    d.map = m.name;
    d.width = String(m.width);
    d.height = String(m.height);
    const base = baseImage(m.width, m.height, m.cells);
    for (const l of this.lanes) l.view.setMap(base);
    this.pairSel.replaceChildren(...m.choices.map((c, i) => el('option', { value: String(i) }, i === 0 ? `${c.label} (default)` : c.label)));
    this.pairSel.append(el('option', { value: 'custom', disabled: '' }, 'your own (clicked)'));
    this.pairSel.value = '0';
    setText(this.about, `${m.name}: ${m.width} × ${m.height} cells, ${m.about}.` + (m.problem ? ` The scenario file was not used: ${m.problem}` : ''));
    this.about.dataset.problem = m.problem ?? '';
    d.loadMs = (performance.now() - this.chosenAt).toFixed(0);
    this.start = m.choices[0].start;
    this.goal = m.choices[0].goal;
    this.run();
    // Each lane's own image of the map in a task of its own, while the worker searches.
    const views = this.lanes.map((l) => l.view);
    const prepare = (i: number) => {
      if (i >= views.length || this.loaded !== m) return;
      views[i].prepare();
      setTimeout(() => prepare(i + 1), 0);
    };
    setTimeout(() => prepare(0), 0);
  }

  /** What the map menu says now: its value, and the label of the reader's own file if that is chosen. */
  private menuChoice(): MenuChoice {
    return { value: this.mapSel.value, label: this.mapSel.querySelector('option[value="own"]')?.textContent ?? '' };
  }

  /**
   * Puts the map menu back to `choice` (the map the lanes show, after a file
   * that did not load: the menu named the refused file while the lanes kept
   * the last good map), or to 'Choose a map…' when nothing has loaded.
   */
  private showMenuChoice(choice: MenuChoice | null): void {
    const own = this.mapSel.querySelector<HTMLOptionElement>('option[value="own"]');
    if (choice?.value === 'own' && own) own.textContent = choice.label;
    else own?.remove();
    this.mapSel.value = choice?.value ?? '';
  }

  /** Shows a refusal inline, as it was thrown; the last good map stays. */
  private fail(message: string, source: ErrorSource): void {
    this.stopPlaying();
    this.errorBox.hidden = false;
    this.errorBox.dataset.source = source;
    setText(this.errorText, message);
    this.root.dataset.status = 'error';
    setText(this.status, this.loaded
      ? `Nothing new was loaded: the lanes still show ${this.loaded.name}.`
      : 'No map is loaded yet: pick one from the menu.');
  }

  private clickSets(which: 'start' | 'goal'): void {
    this.sets = which;
    this.setStart.setAttribute('aria-pressed', String(which === 'start'));
    this.setGoal.setAttribute('aria-pressed', String(which === 'goal'));
    this.root.dataset.sets = which;
  }

  private clicked(view: LaneCanvas, e: MouseEvent): void {
    const m = this.loaded;
    if (!m) return;
    const n = view.cellAt(e.clientX, e.clientY);
    if (n < 0) return;
    const xy = `(${n % m.width},${Math.floor(n / m.width)})`;
    if (m.cells[n]) { setText(this.status, `${xy} is a wall: pick a free cell for the ${this.sets}.`); return; }
    if (this.sets === 'start') this.start = n; else this.goal = n;
    this.pairSel.value = 'custom';
    this.run();
  }

  /** Starts the four lanes on the current start and goal (a query still running is cancelled first). */
  run(): void {
    if (!this.loaded) return;
    this.stopSearch();
    const seq = ++this.seq;
    const d = this.root.dataset;
    d.start = String(this.start);
    d.goal = String(this.goal);
    d.seq = String(seq);
    d.status = 'searching';
    delete d.cancelHow;
    for (const l of this.lanes) {
      Object.assign(l, { chunks: [], offsets: [], cursor: 0, arrived: 0, summary: null, millis: 0, done: false });
      l.reveal.reset();
      l.view.clear();
      l.view.setMarks(this.start, this.goal, null);
      for (const k of ['status', 'expansions', 'cost', 'links']) delete l.root.dataset[k];
      setText(l.counts, 'Searching…');
    }
    const w = this.loaded.width;
    setText(this.status, `Searching from (${this.start % w},${Math.floor(this.start / w)}) to (${this.goal % w},${Math.floor(this.goal / w)}) in the background…`);
    setText(this.timing, '');
    this.lastRun = { type: 'run', seq, start: this.start, goal: this.goal };
    this.searching = true;
    this.post(this.lastRun);
    this.runAt = performance.now();
    this.cancelBtn.disabled = false;
    if (!this.playing) {
      this.playing = true;
      this.last = performance.now();
      this.frame = requestAnimationFrame((t) => this.tick(t));
    }
  }

  /** Cancel: the worker stops the search, and the lanes stop where they are. */
  cancel(): void {
    if (!this.playing && !this.searching) return;
    const searching = this.searching;
    this.stopSearch();
    this.stopPlaying();
    const d = this.root.dataset;
    d.status = 'cancelled';
    d.cancelHow = searching ? 'search' : 'playback';
    for (const l of this.lanes) if (!l.done) { l.root.dataset.status = 'cancelled'; this.writeCounts(l); }
    const shown = this.lanes.map((l, i) => `${LANES[i].title} ${fmt(l.reveal.shown)}`).join(', ');
    setText(this.status, `Cancelled${searching ? ' while the worker was still searching' : ''}. Expansions shown: ${shown}. Press “Run again” to start over.`);
  }

  /**
   * Tells the worker to drop the query it runs. It reads that between lanes;
   * a lane's search, once begun, runs to its end, so if the worker is still
   * busy CANCEL_GRACE_MS later the page ends it and starts a fresh one (which
   * reads the map again).
   */
  private stopSearch(): void {
    if (!this.searching) return;
    this.searching = false;
    this.post({ type: 'cancel', seq: this.seq });
    clearTimeout(this.watchdog);
    const was = this.stopping = this.seq;
    this.watchdog = window.setTimeout(() => {
      this.watchdog = 0;
      this.worker?.terminate();
      this.root.dataset.cancelHow = 'worker ended';
      this.spawn();
      if (this.lastLoad) this.post(this.lastLoad);
      // A newer query sent to the old worker is sent again.
      if (this.lastRun && this.seq !== was && this.searching) this.post(this.lastRun);
    }, CANCEL_GRACE_MS);
  }

  /** The lane whose cells go to the screen next (see tick). */
  private flushTurn = 0;

  private stopPlaying(): void {
    // What was revealed is shown, also in lanes whose turn to flush had not come.
    for (const l of this.lanes) l.view.flush();
    this.playing = false;
    this.cancelBtn.disabled = true;
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
  }

  /** One frame: each lane shows the cells its share of the elapsed time pays for, and a lane at its end shows its path. */
  private tick(t: number): void {
    this.frame = 0;
    if (!this.playing || !this.loaded) return;
    const dt = Math.min(250, t - this.last);
    this.last = t;
    const rate = laneRate(this.loaded.width * this.loaded.height, this.speed);
    let busy = false;
    for (const l of this.lanes) {
      if (l.done) continue;
      if (!l.summary && (this.speed === Infinity || t - this.runAt < HOLD_MS)) { busy = true; this.writeCounts(l); continue; }
      const [from, to] = l.reveal.step(dt, rate, l.arrived);
      if (to > from) this.paint(l, from, to);
      if (l.summary && l.reveal.shown >= l.summary.expansions) this.finish(l);
      else { busy = true; this.writeCounts(l); }
    }
    // One lane's cells go to the screen a frame, in turn: without a GPU each changed canvas of a big map is
    // copied whole for the compositor (about 13 ms a lane at 1024 x 1024), and four a frame made 70 ms frames.
    for (let k = 0; k < this.lanes.length; k++) {
      const l = this.lanes[(this.flushTurn + k) % this.lanes.length];
      if (!l.view.unflushed) continue;
      l.view.flush();
      this.flushTurn = (this.flushTurn + k + 1) % this.lanes.length;
      break;
    }
    if (this.root.dataset.status === 'searching' && this.lanes.some((l) => l.reveal.shown > 0)) this.root.dataset.status = 'playing';
    if (busy) { this.frame = requestAnimationFrame((t2) => this.tick(t2)); return; }
    this.stopPlaying();
    this.root.dataset.status = 'done';
    const w = this.loaded.width;
    setText(this.status, `All four lanes have played to the end, from (${this.start % w},${Math.floor(this.start / w)}) to (${this.goal % w},${Math.floor(this.goal / w)}).`);
    this.showTiming();
  }

  private paint(l: Lane, from: number, to: number): void {
    const total = l.summary?.expansions ?? l.arrived;
    while (from < to) {
      const chunk = l.chunks[l.cursor], off = l.offsets[l.cursor];
      const end = Math.min(to, off + chunk.length);
      l.view.close(chunk, off, from, end, total);
      from = end;
      if (end === off + chunk.length) l.cursor++;
    }
  }

  private finish(l: Lane): void {
    const s = l.summary!;
    l.done = true;
    l.view.flush();
    l.view.setMarks(this.start, this.goal, s.path);
    const d = l.root.dataset;
    d.status = s.status;
    d.expansions = String(s.expansions);
    d.cost = String(s.cost);
    d.links = String(s.links);
    this.writeCounts(l);
    this.root.dataset.firstPathMs ??= (performance.now() - this.chosenAt).toFixed(0);
  }

  private writeCounts(l: Lane): void {
    const s = l.summary;
    if (l.done && s) {
      setText(l.counts, s.status === 'found'
        ? `${fmt(s.expansions)} expansions · cost ${costText(s.cost)} · ${fmt(s.links)} links`
        : `${fmt(s.expansions)} expansions · no path: the goal cannot be reached from the start`);
      return;
    }
    const of = s ? ` of ${fmt(s.expansions)}` : l.arrived ? ` (${fmt(l.arrived)} searched so far)` : '';
    setText(l.counts, `${fmt(l.reveal.shown)}${of} expansions shown${l.root.dataset.status === 'cancelled' ? ' · cancelled' : ''}`);
  }

  private showTiming(): void {
    const m = this.loaded;
    if (!m || this.lanes.some((l) => !l.summary)) return;
    const w = m.width;
    setText(this.status, `Searched from (${this.start % w},${Math.floor(this.start / w)}) to (${this.goal % w},${Math.floor(this.goal / w)}): the lanes replay what each search did.`);
    setText(this.timing, `Read in ${m.millis.toFixed(0)} ms; the four searches took `
      + `${this.lanes.map((l, i) => `${LANES[i].title} ${l.millis.toFixed(0)} ms`).join(', ')}, all in the background.`);
  }
}
