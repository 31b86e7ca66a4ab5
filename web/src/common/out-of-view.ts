/**
 * While a widget asks for it (the Search Theater, while its lanes are on
 * screen), grid canvases more than a screen away from the viewport are not
 * painted (class `far`: visibility hidden; the layout does not move, the
 * canvas keeps its pixels, and it shows again a screen before it scrolls
 * into view). Chromium composites every canvas within about 4,000 px of the
 * viewport as a layer of its own and, without a GPU, hands each one to the
 * compositor again on every frame that changes anything on the page: a drag
 * in the theater paid, on every frame, for the opening's figures and the
 * hand-trace grid, thousands of pixels away. Not always on, so that a
 * full-page screenshot taken from the top shows every figure; print
 * shows them all (style.css).
 */
const far = new Set<Element>();
let observer: IntersectionObserver | null = null;
let hiding = false;

/** Follows a canvas: whether it is more than a screen away from the viewport. */
export function trackDistance(canvas: HTMLCanvasElement): void {
  if (typeof IntersectionObserver !== 'function') return;
  observer ??= new IntersectionObserver((entries) => {
    for (const e of entries) {
      if (e.isIntersecting) far.delete(e.target);
      else far.add(e.target);
      if (hiding) e.target.classList.toggle('far', !e.isIntersecting);
    }
  }, { rootMargin: '100% 0px' });
  observer.observe(canvas);
}

/** Hides the far canvases from now on, or shows them all again. */
export function hideFarCanvases(on: boolean): void {
  if (on === hiding) return;
  hiding = on;
  for (const c of far) c.classList.toggle('far', on);
}
