import { el } from './dom.js';

/**
 * A figure's key, one entry per mark it draws: each entry repeats the mark's
 * shape as well as its colour, so colour is never the only cue. Marks are
 * small spans styled inline (a filled square, a line, a dashed line, a
 * ring) or one of the page's shared key classes ('key-start', 'key-goal',
 * 'key-path' in style.css).
 */
export type Mark = HTMLElement | string;

/** A filled square in `color` (a cell of the map), at `alpha` opacity where the figure tints. */
export function fillMark(color: string, alpha = 1): HTMLElement {
  return el('span', { class: 'mark mark-fill', style: `background:${color};opacity:${alpha}`, 'aria-hidden': 'true' });
}

/** A short line in `color`, dashed when the figure dashes it. */
export function lineMark(color: string, dashed = false): HTMLElement {
  return el('span', { class: 'mark mark-line', style: `border-top-color:${color};border-top-style:${dashed ? 'dashed' : 'solid'}`, 'aria-hidden': 'true' });
}

/** A mark drawn with any inline style (a ring, a hollow square, a shape with a letter in it). */
export function styledMark(style: string, text = '', cls = ''): HTMLElement {
  return el('span', { class: `mark ${cls}`.trim(), style, 'aria-hidden': 'true' }, text);
}

/** One entry of a key: the mark, then what it means. */
export function keyEntry(mark: Mark, text: string, cls = 'key-entry'): HTMLElement {
  return el('span', { class: cls }, typeof mark === 'string' ? el('span', { class: `key ${mark}` }) : mark, text);
}

/** The key itself: a wrapping row of entries, named for assistive technology. */
export function legend(label: string, cls: string, ...entries: HTMLElement[]): HTMLElement {
  return el('p', { class: `legend ${cls}`, 'aria-label': label }, ...entries);
}
