/**
 * When work runs. The page paints its text first and mounts its widgets
 * afterwards, one task each, so no single task holds the main thread for
 * long and the reader sees the page while the figures arrive; a widget the
 * reader scrolls toward is mounted before the ones further down.
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

export interface MountTask {
  /** For the page's record of what mounted when. */
  name: string;
  /** The box the task fills: when it comes near the screen, the task jumps the queue. */
  near: Element | null;
  run: () => void;
}

/**
 * Runs every task once, in order, one per idle slice, after the first paint;
 * a task whose box comes within `margin` of the screen runs at once.
 * Records each task's duration on `record` (name -> ms) and calls `done`
 * when all have run.
 */
export function mountInOrder(tasks: readonly MountTask[], done: () => void, record: Record<string, number> = {}, margin = '600px'): void {
  const ran = new Set<MountTask>();
  const byBox = new Map<Element, MountTask[]>();
  const run = (t: MountTask) => {
    if (ran.has(t)) return;
    ran.add(t);
    const t0 = performance.now();
    t.run();
    record[t.name] = Math.round((performance.now() - t0) * 10) / 10;
  };
  const io = typeof IntersectionObserver === 'function'
    ? new IntersectionObserver((entries) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        // Earlier tasks first: a widget may lean on one mounted before it.
        const first = byBox.get(e.target)?.[0];
        if (first) for (const t of tasks.slice(0, tasks.indexOf(first) + 1)) run(t);
        io?.unobserve(e.target);
      }
    }, { rootMargin: `${margin} 0px` })
    : null;
  for (const t of tasks) {
    if (!t.near) continue;
    const list = byBox.get(t.near) ?? [];
    list.push(t);
    byBox.set(t.near, list);
  }
  let i = 0;
  const next = () => {
    while (i < tasks.length && ran.has(tasks[i])) i++;
    if (i >= tasks.length) {
      io?.disconnect();
      done();
      return;
    }
    const t = tasks[i];
    whenIdle(() => { run(t); next(); }, 50);
  };
  afterPaint(() => {
    for (const box of byBox.keys()) io?.observe(box);
    next();
  });
}
