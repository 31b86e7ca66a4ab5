import type { GridCanvas } from './grid-canvas.js';
import { moveCursor } from './layout.js';

/**
 * What a pointer gesture on a grid figure does, decided at pointer-down and
 * kept for the whole drag: grab the start, grab the goal, paint walls or
 * erase them. Pure, so the tests pin it without a browser.
 */
export type EditMode = 'start' | 'goal' | 'paint' | 'erase';

export interface Editable {
  cells: Uint8Array;
  start: number;
  goal: number;
}

export function modeAt(w: Editable, cell: number): EditMode {
  if (cell === w.start) return 'start';
  if (cell === w.goal) return 'goal';
  return w.cells[cell] ? 'erase' : 'paint';
}

/** Applies `mode` at `cell`; returns true when the world changed (and a rerun is due). */
export function applyEdit(w: Editable, mode: EditMode, cell: number): boolean {
  if (cell < 0 || cell >= w.cells.length) return false;
  switch (mode) {
    case 'start':
      if (cell === w.start || cell === w.goal || w.cells[cell]) return false;
      w.start = cell;
      return true;
    case 'goal':
      if (cell === w.goal || cell === w.start || w.cells[cell]) return false;
      w.goal = cell;
      return true;
    case 'paint':
      // Endpoints are never walled over: the search needs both on free cells.
      if (cell === w.start || cell === w.goal || w.cells[cell]) return false;
      w.cells[cell] = 1;
      return true;
    case 'erase':
      if (!w.cells[cell]) return false;
      w.cells[cell] = 0;
      return true;
  }
}

/** The keyboard's version: Space/Enter toggles a wall, S and G move the endpoints to the cursor. */
export function keyEdit(w: Editable, key: string, cell: number): boolean {
  if (key === ' ' || key === 'Enter') return applyEdit(w, w.cells[cell] ? 'erase' : 'paint', cell);
  if (key === 's' || key === 'S') return applyEdit(w, 'start', cell);
  if (key === 'g' || key === 'G') return applyEdit(w, 'goal', cell);
  return false;
}

/**
 * Whether touch may edit a widget's grids. Off, a finger on a grid scrolls
 * the page like a finger anywhere else (touch-action follows the class
 * `editing`); on, it paints, erases and drags the endpoints as a mouse does.
 * The mouse and the keyboard edit either way: they never scroll by accident.
 */
export class EditSwitch {
  on = false;
  readonly button: HTMLButtonElement;
  private readonly canvases: HTMLCanvasElement[] = [];

  constructor(label: string, private readonly onChange: (on: boolean) => void = () => {}) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'edit-switch';
    b.setAttribute('aria-pressed', 'false');
    b.textContent = label;
    b.addEventListener('click', () => this.set(!this.on));
    this.button = b;
  }

  add(canvas: HTMLCanvasElement): void {
    this.canvases.push(canvas);
    canvas.classList.toggle('editing', this.on);
  }

  set(on: boolean): void {
    this.on = on;
    this.button.setAttribute('aria-pressed', String(on));
    for (const c of this.canvases) c.classList.toggle('editing', on);
    this.onChange(on);
  }
}

export interface EditingOptions {
  /** The world the gestures edit. */
  world: () => Editable;
  /** After every change: `drag` from a pointer (coalesce it), `key` from the keyboard. */
  onEdit: (how: 'drag' | 'key') => void;
  /** May a finger edit now? (The widget's EditSwitch.) */
  touch: () => boolean;
  /** Is editing allowed at all right now (the step player's quiz turns it off)? Default yes. */
  enabled?: () => boolean;
  /** The keyboard cursor moved, or the pointer moved over a cell (-1: it left the grid). */
  onCursor?: (cell: number) => void;
  onHover?: (cell: number) => void;
  /** A drag began (a gesture grabbed the grid), and ended: time to settle anything deferred to the next frame. */
  onGrab?: () => void;
  onRelease?: () => void;
}

/**
 * Pointer and keyboard editing of a grid canvas: the gesture is decided at
 * pointer-down (modeAt) and kept for the drag; arrows move a cursor, Space
 * toggles a wall, S and G place the endpoints. A touch that the EditSwitch
 * does not allow is left to the browser, which scrolls.
 */
export class Editing {
  cursor = -1;
  hover = -1;
  private mode: EditMode | null = null;
  /** The canvas's rectangle, measured at the start of a drag and kept until it ends or the page scrolls. */
  private rect: DOMRectReadOnly | null = null;

  private readonly canvas: HTMLCanvasElement;

  constructor(private readonly gc: GridCanvas, private readonly opts: EditingOptions) {
    const c = gc.canvas;
    this.canvas = c;
    c.tabIndex = 0;
    c.setAttribute('aria-roledescription', 'editable grid');
    c.addEventListener('pointerdown', (e) => this.down(e));
    c.addEventListener('pointermove', (e) => this.move(e));
    const end = () => { this.rect = null; if (this.mode !== null) { this.mode = null; opts.onRelease?.(); } };
    c.addEventListener('pointerup', end);
    c.addEventListener('pointercancel', end);
    addEventListener('scroll', () => { this.rect = null; }, { capture: true, passive: true });
    c.addEventListener('pointerleave', (e) => { if (e.pointerType !== 'touch' && this.mode === null) this.setHover(-1); });
    c.addEventListener('keydown', (e) => this.key(e));
    c.addEventListener('focus', () => { if (this.cursor < 0) this.cursor = opts.world().start; opts.onCursor?.(this.cursor); });
    c.addEventListener('blur', () => opts.onCursor?.(this.cursor));
  }

  private get enabled(): boolean { return this.opts.enabled?.() ?? true; }

  private setHover(cell: number): void {
    if (cell === this.hover) return;
    this.hover = cell;
    this.opts.onHover?.(cell);
  }

  private down(e: PointerEvent): void {
    if (e.pointerType === 'touch' && !this.opts.touch()) return; // the browser scrolls
    if (!this.enabled || e.button > 0) return;
    const rect = this.canvas.getBoundingClientRect();
    const cell = this.gc.cellOf(e, rect);
    if (cell < 0) return;
    e.preventDefault();
    this.rect = rect;
    this.canvas.setPointerCapture?.(e.pointerId);
    const w = this.opts.world();
    this.mode = modeAt(w, cell);
    this.opts.onGrab?.();
    this.cursor = cell;
    // The edit first: a widget that redraws for it at the next frame then also covers the hover's redraw.
    if (applyEdit(w, this.mode, cell)) this.opts.onEdit('drag');
    this.setHover(cell);
  }

  private move(e: PointerEvent): void {
    if (e.pointerType === 'touch' && this.mode === null) return;
    if (this.mode === null) { this.setHover(this.gc.cellOf(e)); return; }
    this.rect ??= this.canvas.getBoundingClientRect();
    const cell = this.gc.cellOf(e, this.rect);
    if (cell < 0) return;
    this.cursor = cell;
    if (applyEdit(this.opts.world(), this.mode, cell)) this.opts.onEdit('drag');
    this.setHover(cell);
  }

  private key(e: KeyboardEvent): void {
    if (e.key.startsWith('Arrow')) {
      e.preventDefault();
      this.cursor = moveCursor(this.gc.layout, this.cursor < 0 ? 0 : this.cursor, e.key);
      this.opts.onCursor?.(this.cursor);
      return;
    }
    if (!this.enabled) return;
    if (this.cursor >= 0 && keyEdit(this.opts.world(), e.key, this.cursor)) {
      e.preventDefault();
      this.opts.onEdit('key');
    }
  }
}
