/**
 * When work runs. The page paints its text first and mounts each widget
 * when the reader comes near it, one task each, so no single task holds the
 * main thread for long, the reader sees the page while the figures arrive,
 * and a figure the reader never scrolls to costs nothing.
 */

/** Runs `fn` when the main thread is idle (or after `timeout` ms at the latest). */
export function whenIdle(fn: () => void, timeout = 500): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => fn(), { timeout });
  else setTimeout(fn, 1);
}

/** Runs `fn` in a fresh task after the next frame has been painted. */
export function afterPaint(fn: () => void): void {
  requestAnimationFrame(() => setTimeout(fn, 0));
}

/**
 * Runs `fn` in a task of its own, queued behind whatever waits now (input, a
 * frame that is due): a message to ourselves, which no browser clamps the way
 * it clamps nested timers to 4 ms.
 */
export function nextTask(fn: () => void): void {
  const ch = new MessageChannel();
  ch.port1.onmessage = () => { ch.port1.close(); fn(); };
  ch.port2.postMessage(null);
}

/**
 * Runs `steps` to its end in slices of about `budgetMs` of the main thread,
 * a fresh task between slices (the first slice runs now): work that would
 * hold the thread for 100 ms becomes a dozen short tasks a reader never
 * feels. Resolves with what the iterator returns.
 */
export function inSlices<T>(steps: Iterator<unknown, T>, budgetMs = 8): Promise<T> {
  return new Promise((ok, fail) => {
    const slice = () => {
      try {
        const t0 = performance.now();
        for (;;) {
          const r = steps.next();
          if (r.done) { ok(r.value); return; }
          if (performance.now() - t0 >= budgetMs) { nextTask(slice); return; }
        }
      } catch (e) {
        fail(e);
      }
    };
    slice();
  });
}

export interface MountTask {
  /** For the page's record of what mounted when, and for `needs`. */
  name: string;
  /** The box the task fills: the task runs when the box comes near the screen (null: right after the first paint). */
  near: Element | null;
  /** Tasks that must run first: a widget leaning on another (the asides on the step player and the theater). */
  needs?: readonly string[];
  /** Mounts the widget; a widget that finishes its work in slices (inSlices) returns the promise of its end. */
  run: () => void | Promise<void>;
}

/** What the page can ask of its mounting once it has started. */
export interface Mounting {
  /** Runs the task `name` and what it needs now, in this task, if they have not run. */
  now(name: string): void;
  /** Runs every task left, in this task (before printing: a printed page shows every figure). */
  all(): void;
}

/**
 * Mounts each widget when its box comes within `margin` of the screen (a
 * screen's height above and below), one task at a time with a fresh task
 * between them, so input and frames get in between and no widget the reader
 * never reaches costs anything. A box gets `data-mounted="true"` once every
 * task that fills it has run. `ready` is called once the boxes near the
 * screen at load have mounted; `record` gets each task's duration (name -> ms),
 * and `mounted` is called after each task.
 */
export function mountNear(tasks: readonly MountTask[], ready: () => void, record: Record<string, number> = {}, mounted: () => void = () => {}, margin = '100%'): Mounting {
  const byName = new Map(tasks.map((t) => [t.name, t]));
  const ran = new Set<MountTask>();
  const finished = new Set<MountTask>();
  const queue: MountTask[] = [];
  let sliced = 0;
  const finish = (t: MountTask) => {
    finished.add(t);
    if (t.near && tasks.every((o) => o.near !== t.near || finished.has(o))) (t.near as HTMLElement).dataset.mounted = 'true';
    mounted();
  };
  const run = (t: MountTask) => {
    if (ran.has(t)) return;
    for (const n of t.needs ?? []) run(byName.get(n)!);
    ran.add(t);
    const t0 = performance.now();
    const end = t.run();
    // The task's own length: the slices that follow are tasks of their own.
    record[t.name] = Math.round((performance.now() - t0) * 10) / 10;
    if (end instanceof Promise) {
      sliced++;
      void end.then(() => { sliced--; finish(t); settle(); });
    } else {
      finish(t);
    }
  };
  const enqueue = (t: MountTask) => {
    if (ran.has(t) || queue.includes(t)) return;
    for (const n of t.needs ?? []) enqueue(byName.get(n)!);
    queue.push(t);
  };
  let pumping = false, seen = false, told = false;
  const settle = () => {
    if (seen && !told && !pumping && queue.length === 0 && sliced === 0) { told = true; ready(); }
  };
  const pump = () => {
    if (pumping) return;
    pumping = true;
    const step = () => {
      const t = queue.shift();
      if (t) run(t);
      if (queue.length > 0) { nextTask(step); return; }
      pumping = false;
      settle();
    };
    nextTask(step);
  };
  const boxes = [...new Set(tasks.flatMap((t) => (t.near ? [t.near] : [])))];
  // Marked, so that a test (or a reader's script) can tell which boxes wait for the reader.
  for (const box of boxes) (box as HTMLElement).dataset.mountBox = '';
  const reported = new Set<Element>();
  const io = new IntersectionObserver((entries) => {
    for (const e of entries) {
      reported.add(e.target);
      if (!e.isIntersecting) continue;
      for (const t of tasks) if (t.near === e.target) enqueue(t);
      io.unobserve(e.target);
    }
    // Every box has said once where it is: what is near at load is queued.
    if (reported.size === boxes.length) seen = true;
    if (seen) pump();
  }, { rootMargin: `${margin} 0px` });
  for (const t of tasks) if (!t.near) enqueue(t);
  afterPaint(() => {
    for (const box of boxes) io.observe(box);
    if (boxes.length === 0) seen = true;
    pump();
  });
  return {
    now: (name) => { const t = byName.get(name); if (t) run(t); },
    all: () => { for (const t of tasks) run(t); io.disconnect(); },
  };
}
