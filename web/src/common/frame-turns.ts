/**
 * Pictures and words take turns across animation frames. A frame that only
 * redraws canvases costs Chromium little beyond the drawing; a frame that
 * changes any text costs a style, layout, paint and commit of the page on
 * top. During a drag both are due on almost every frame, and one frame
 * doing both missed its 16.7 ms at 4x CPU throttling, so each frame does
 * one kind: the words follow the figure one frame (17 ms) later.
 * Frames are told apart by their requestAnimationFrame timestamp, which
 * every callback of one frame shares.
 */
export class FrameTurns {
  private pictures = -1;
  private words = -1;

  /** May the frame stamped `t` do work of this kind? Yes unless it already did the other kind; a yes is recorded. */
  claim(kind: 'pictures' | 'words', t: number): boolean {
    if (kind === 'pictures') {
      if (t === this.words) return false;
      this.pictures = t;
      return true;
    }
    if (t === this.pictures) return false;
    this.words = t;
    return true;
  }
}
