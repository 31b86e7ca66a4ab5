/**
 * Pictures and words take turns across animation frames. A frame that only
 * redraws canvases costs Chromium little beyond the drawing; a frame that
 * changes any text costs a style, layout, paint and commit of the page on
 * top (about 3 ms of the main thread on these machines, whatever the
 * amount of text). During a drag both are due on almost every frame, and
 * one frame doing both missed its 16.7 ms at 4x CPU throttling, so each
 * frame does one kind, and a frame of words writes at most
 * `wordsPerFrame` writers' words (a writer past the limit waits a frame).
 * Frames are told apart by their requestAnimationFrame timestamp, which
 * every callback of one frame shares.
 */
export class FrameTurns {
  private pictures = -1;
  private words = -1;
  private writers = 0;

  constructor(private readonly wordsPerFrame = Infinity) {}

  /** May the frame stamped `t` do work of this kind? Yes unless it already did the other kind (or its words are full); a yes is recorded. */
  claim(kind: 'pictures' | 'words', t: number): boolean {
    if (kind === 'pictures') {
      if (t === this.words) return false;
      this.pictures = t;
      return true;
    }
    if (t === this.pictures) return false;
    if (t !== this.words) { this.words = t; this.writers = 0; }
    if (this.writers >= this.wordsPerFrame) return false;
    this.writers++;
    return true;
  }
}
