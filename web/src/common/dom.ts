/** A tiny element builder: the widgets build their DOM with this and nothing heavier. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K, attrs: Record<string, string> = {}, ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}

export function button(label: string, onClick: () => void, attrs: Record<string, string> = {}): HTMLButtonElement {
  const b = el('button', { type: 'button', ...attrs }, label);
  b.addEventListener('click', onClick);
  return b;
}

/** True when the reader asked the system for less motion. */
export function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Writes `text` into `e` only when it differs from what is there: setting
 * textContent replaces the text node even when the words are the same, and
 * every replacement asks the browser for a layout. Widgets that rewrite
 * their readouts on every frame of a drag use this.
 */
export function setText(e: Element, text: string): void {
  // A lone text node is rewritten in place: replacing it (textContent) would also restyle and re-lay out a new node.
  const only = e.firstChild;
  if (only !== null && only === e.lastChild && only.nodeType === Node.TEXT_NODE) {
    const t = only as Text;
    if (t.data !== text) t.data = text;
    return;
  }
  if (e.textContent !== text) e.textContent = text;
}

/** setAttribute, skipped when the value is already there (an attribute write can restyle the element). */
export function setAttr(e: Element, name: string, value: string): void {
  if (e.getAttribute(name) !== value) e.setAttribute(name, value);
}

/** Sets a form control's value only when it differs: even an equal value makes a select reselect its option (3 ms at 4x CPU throttling). */
export function setValue(e: HTMLInputElement | HTMLSelectElement, value: string): void {
  if (e.value !== value) e.value = value;
}

/**
 * A box of form controls that is a form of its own, never submitted.
 * Chromium's autofill looks at a control's form whenever a select changes
 * (or a text field is typed in); a control outside any form belongs to the
 * page's one implicit form, and a change then made it measure every control
 * on the page: 116 forced layouts, 15 to 30 ms of the main thread at 4x CPU
 * throttling, in the frame after a drag that set the theater's query menu.
 * In a form of its own, only the controls in this box are looked at.
 */
export function controlForm(attrs: Record<string, string>, ...children: (Node | string)[]): HTMLFormElement {
  const f = el('form', attrs, ...children);
  f.addEventListener('submit', (e) => e.preventDefault());
  return f;
}
