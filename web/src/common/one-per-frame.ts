import { afterPaint } from './schedule.js';

/**
 * Changes to a widget's words that can wait a few frames, made one per
 * painted frame, each in a task of its own right after the paint.
 *
 * Why: on this page, a frame that changes any words outside a canvas lays
 * out, paints and layerizes the page, and hit-tests the pointer again
 * (the content under it may have moved): 9.6 to 17 ms of the main thread
 * at 4x CPU throttling, whatever the change (probed one change at a time;
 * 4.7 to 12.2 ms on a blank page with one paragraph). Two such changes in one frame,
 * or one with the script that made it, overran the 16.7 ms of a frame
 * after a drag (the query menu, the claim line, the badge, the ARA* table,
 * the timing line). Made here, each change's script runs in a task after a
 * paint (not in the next frame's own task) and its rendering has that next
 * frame to itself. Not in idle time: on a busy machine idle periods are
 * rare (at load 5.6, a tap's drop run in idle slices had not written the
 * claim a second later).
 *
 * A change is queued under a key: queuing a key again replaces the change
 * not made yet (and keeps its place in the queue). While paused (during a
 * drag, whose frames go to the figures) nothing runs; the queue resumes
 * where it was.
 */
export class OnePerFrame {
  private readonly due = new Map<string, () => void>();
  private scheduled = false;
  private paused = false;

  /** Queues `change` under `key`. */
  add(key: string, change: () => void): void {
    this.due.set(key, change);
    this.kick();
  }

  /** Holds the queue (true) or lets it run again (false). */
  pause(on: boolean): void {
    this.paused = on;
    this.kick();
  }

  /** Changes queued and not made yet (the tests wait for none). */
  get size(): number { return this.due.size; }

  private kick(): void {
    if (this.scheduled || this.paused || this.due.size === 0) return;
    this.scheduled = true;
    afterPaint(() => {
      this.scheduled = false;
      if (this.paused) return;
      const first = this.due.entries().next();
      if (first.done) return;
      const [key, change] = first.value;
      this.due.delete(key);
      change();
      this.kick();
    });
  }
}
