/**
 * The page shows the library's loop, not a copy of it: the figures read
 * src/search/best-first.ts as text (a `?raw` import in loop-source.ts) and pick
 * the lines between `// #region name` and `// #endregion` comments. Pure,
 * so the unit test runs the same code on the same file.
 */

/**
 * The file the figures list, as the page names it under a listing. The page
 * bundles it through package.json's "imports" ("#bestfirst/engine-source",
 * loop-source.ts); a unit test checks that both name the same file.
 */
export const LOOP_SOURCE_FILE = 'src/search/best-first.ts';

const OPEN = /^\s*\/\/\s*#region\s+(\S+)\s*$/;
const CLOSE = /^\s*\/\/\s*#endregion\b/;

/** Line numbers (1-based, markers excluded) of every region, by name; a name may mark several stretches. */
export function regionsOf(source: string): Map<string, number[]> {
  const out = new Map<string, number[]>();
  const stack: string[] = [];
  source.split('\n').forEach((text, i) => {
    const open = OPEN.exec(text);
    if (open) { stack.push(open[1]); return; }
    if (CLOSE.test(text)) {
      // A page bug, not a reader's mistake: it keeps its stack.
      if (stack.length === 0) throw new Error(`regionsOf: line ${i + 1} closes a region that was never opened`);
      stack.pop();
      return;
    }
    for (const name of stack) {
      const lines = out.get(name) ?? [];
      lines.push(i + 1);
      out.set(name, lines);
    }
  });
  if (stack.length > 0) throw new Error(`regionsOf: region ${stack.join(', ')} is never closed`);
  return out;
}

/** The names asked for that mark no line of code in `source`. */
export function missingRegions(source: string, names: readonly string[]): string[] {
  const regions = regionsOf(source);
  const all = source.split('\n');
  return names.filter((n) => !(regions.get(n) ?? []).some((l) => isCode(all[l - 1])));
}

/** A line worth showing: not blank and not only a comment (the prose around the figure does the explaining). */
function isCode(text: string): boolean {
  const t = text.trim();
  return t !== '' && !t.startsWith('//');
}

/** One row of a listing: a line of the file, or a mark standing for code left out between two shown lines. */
export type ListingRow =
  | { kind: 'code'; line: number; text: string; region: string }
  | { kind: 'gap'; lines: number };

/**
 * The lines of the regions `names`, in file order, dedented together, with
 * a gap row wherever code the listing does not show lies between two shown
 * lines. Comment-only lines are left out. A name that marks nothing is an
 * Error: the page must never show a listing with a hole in it.
 */
export function listing(source: string, names: readonly string[]): ListingRow[] {
  const missing = missingRegions(source, names);
  if (missing.length > 0) throw new Error(`listing: ${LOOP_SOURCE_FILE} has no region ${missing.join(', ')}`);
  const all = source.split('\n');
  const regions = regionsOf(source);
  const owner = new Map<number, string>();
  for (const name of names) for (const l of regions.get(name)!) if (isCode(all[l - 1]) && !owner.has(l)) owner.set(l, name);
  const lines = [...owner.keys()].sort((a, b) => a - b);
  const indent = Math.min(...lines.map((l) => all[l - 1].length - all[l - 1].trimStart().length));
  const rows: ListingRow[] = [];
  let prev = -1;
  for (const l of lines) {
    if (prev > 0) {
      let skipped = 0;
      for (let k = prev + 1; k < l; k++) if (isCode(all[k - 1])) skipped++;
      if (skipped > 0) rows.push({ kind: 'gap', lines: skipped });
    }
    rows.push({ kind: 'code', line: l, text: all[l - 1].slice(indent).trimEnd(), region: owner.get(l)! });
    prev = l;
  }
  return rows;
}
