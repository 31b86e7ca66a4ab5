import type { QueryChoice } from './endpoints.js';
import type { LaneSummary } from './lane-run.js';

/** A file to load: a File the reader gave (bytes in `blob`) or one of the page's own maps (`url`). */
export interface MapSource { name: string; blob?: Blob; url?: string }

/** The page's messages to the map worker. */
export type ToWorker =
  | { type: 'load'; map: number; files: MapSource[] }
  | { type: 'run'; seq: number; start: number; goal: number }
  | { type: 'cancel'; seq: number };

/** Where a refusal comes from: the library's reader (its InputError), the page's own rule, or a defect. */
export type ErrorSource = 'library' | 'page' | 'defect';

/** A loaded map, as the page draws it. */
export interface LoadedMap {
  map: number;
  name: string;
  width: number;
  height: number;
  /** 1 where blocked, row 0 at the top. */
  cells: Uint8Array;
  /** Start and goal pairs to offer; the first is the default. */
  choices: QueryChoice[];
  /** What the grid is (moves, units), in a sentence. */
  about: string;
  /** A problem with the optional file (a .scen that does not fit), shown beside the map; null when none. */
  problem: string | null;
  millis: number;
}

/** The map worker's messages to the page. */
export type FromWorker =
  | ({ type: 'loaded' } & LoadedMap)
  | { type: 'load-error'; map: number; message: string; source: ErrorSource }
  | { type: 'progress'; seq: number; lane: number; cells: Int32Array; total: number }
  | { type: 'lane'; seq: number; lane: number; summary: LaneSummary; millis: number }
  | { type: 'run-error'; seq: number; message: string; source: ErrorSource }
  | { type: 'stopped'; seq: number; why: 'done' | 'cancelled' };
