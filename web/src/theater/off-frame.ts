import type { Grid } from '#bestfirst';
import { whenIdle } from '../common/schedule.js';
import { OffFrameWork, type OffFrameJob, type OffFrameResult } from './off-frame-work.js';

/**
 * Sends the theater's off-frame work to a worker and hands back only the
 * answer to the latest job: a drag posts many, and an answer that a later
 * edit has overtaken is dropped. Without workers the same work runs in
 * idle time, latest job only.
 */
export class OffFrame {
  private seq = 0;
  private worker: Worker | null;
  private local: OffFrameWork | null = null;
  private pending: OffFrameJob | null = null;

  constructor(private readonly grid: Grid, private readonly onResult: (r: OffFrameResult) => void) {
    let w: Worker | null;
    try {
      w = new Worker(new URL('./off-frame-worker.ts', import.meta.url), { type: 'module' });
      w.onmessage = (e: MessageEvent<OffFrameResult>) => { if (e.data.seq === this.seq) this.onResult(e.data); };
      w.onerror = () => { this.worker?.terminate(); this.worker = null; this.runLocally(); };
    } catch {
      w = null;
    }
    this.worker = w;
  }

  /** Posts the current query; returns its sequence number. */
  submit(job: Omit<OffFrameJob, 'seq'>): number {
    const full: OffFrameJob = { ...job, cells: job.cells.slice(), seq: ++this.seq };
    this.pending = full;
    if (this.worker) this.worker.postMessage(full);
    else this.runLocally();
    return full.seq;
  }

  get latest(): number { return this.seq; }

  private runLocally(): void {
    whenIdle(() => {
      const job = this.pending;
      if (!job || job.seq !== this.seq) return;
      this.local ??= new OffFrameWork(this.grid);
      this.onResult(this.local.run(job));
    });
  }
}
