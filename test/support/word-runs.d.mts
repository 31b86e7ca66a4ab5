// Types for word-runs.mjs (plain JavaScript so that scripts/seed-runs.mjs runs under bare Node).
export declare const WINDOW: number;
export declare const HASH: string;
export declare function words(text: string): string[];
export declare function isData(window: readonly string[]): boolean;
export declare function windowHash(window: readonly string[]): string;
export declare function proseWindows(text: string, size?: number): { words: string[]; hash: string }[];
export declare function windowCount(text: string, size?: number): number;
export declare function packHashes(hexes: Iterable<string>): string;
export declare function unpackHashes(packed: string): Set<string>;
export declare function checkTexts(texts: Iterable<string>, seedHashes: ReadonlySet<string>, size?: number): {
  windows: number;
  prose: number;
  matches: { run: string; text: string }[];
};
