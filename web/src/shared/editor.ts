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
