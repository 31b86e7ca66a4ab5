import { el } from '../common/dom.js';
import { listing, LOOP_SOURCE_FILE, type ListingRow } from './source-listing.js';

/**
 * Lines of the library's loop beside a figure, with the lines of the
 * current step lit. Each line keeps its number in src/search/best-first.ts, so a
 * reader can find it there; a ⋮ row stands for code the listing skips
 * (bookkeeping for traces and budgets, growth of the arrays).
 */
export class CodeListing {
  readonly root: HTMLElement;
  readonly rows: ListingRow[];
  private readonly lines: HTMLElement[] = [];
  private readonly box: HTMLElement;

  constructor(source: string, regions: readonly string[], private readonly label: string, mark?: (text: string) => boolean) {
    this.rows = listing(source, regions);
    const code = el('code');
    for (const r of this.rows) {
      if (r.kind === 'gap') {
        code.append(el('span', { class: 'code-gap', title: `${r.lines} line${r.lines === 1 ? '' : 's'} not shown` }, '⋮'));
        continue;
      }
      const line = el('span', { class: 'code-line', 'data-line': String(r.line), 'data-region': r.region },
        el('span', { class: 'code-no', 'aria-hidden': 'true' }, String(r.line)), el('span', { class: 'code-text', style: `--indent: ${r.text.length - r.text.trimStart().length}ch` }, r.text.trimStart()));
      if (mark?.(r.text)) line.classList.add('code-knob');
      this.lines.push(line);
      code.append(line);
    }
    // Long lines wrap under their own text (opening.css), so no line hides past the box's right edge;
    // the box scrolls itself down, so lighting a line never scrolls the page.
    this.box = el('pre', { class: 'code-listing', tabindex: '0', 'aria-label': label }, code);
    this.root = el('div', { class: 'code-wrap' }, el('p', { class: 'code-source' }, 'From ', el('code', {}, LOOP_SOURCE_FILE)), this.box);
  }

  /** Lights the lines of `region` (none for null) and scrolls the box, only the box, to show them. */
  light(region: string | null): void {
    let first: HTMLElement | null = null, last: HTMLElement | null = null;
    for (const l of this.lines) {
      const on = region !== null && l.dataset.region === region;
      l.classList.toggle('lit', on);
      if (on) { first ??= l; last = l; }
    }
    this.root.dataset.lit = region ?? '';
    // Screen readers get the lit lines by number, as the eye gets them by colour.
    this.box.setAttribute('aria-label', first && last
      ? `${this.label}; lit: line${first === last ? ` ${first.dataset.line}` : `s ${first.dataset.line} to ${last.dataset.line}`}`
      : this.label);
    if (!first || !last) return;
    // Lines are blocks inside the positioned box: offsetTop is measured from the box.
    const box = this.box;
    const top = first.offsetTop, bottom = last.offsetTop + last.offsetHeight;
    if (top < box.scrollTop || bottom > box.scrollTop + box.clientHeight) {
      box.scrollTop = Math.max(0, top - Math.max(0, (box.clientHeight - (bottom - top)) / 2));
    }
  }
}
