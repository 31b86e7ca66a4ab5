#!/usr/bin/env node
// Writes GridSearcher's two hot loops, runUnweighted and runWeighted, into
// src/grid/fast/grid-search.ts from their one template, scripts/grid-loops.ts.in
// (issue 29), and the unweighted one into bestfirst/lite's searcher,
// src/grid/lite/lite-search.ts (issue 30: the small bundle runs the same loop). They stay two loops because one loop with a test per neighbour
// measured 4 to 6% slower; they are written from one text so that a fix is
// made once. The script replaces the lines from `// #generated grid-loops:
// begin` to `// #generated grid-loops: end` and leaves the rest of the file alone.
//
//   npm run generate                            write them (node scripts/grid-loops.mjs)
//   node scripts/grid-loops.mjs --check [FILE]   exit 1, saying where, if FILE (both files
//                                               by default) holds anything else between the markers
//
// test/unit/grid/fast/grid-loops.test.ts runs the check.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TEMPLATE = join(root, 'scripts/grid-loops.ts.in');
// The files that hold generated loops: GridSearcher's two, and bestfirst/lite's
// unweighted one (its begin marker says `begin unweighted`).
const TARGETS = [join(root, 'src/grid/fast/grid-search.ts'), join(root, 'src/grid/lite/lite-search.ts')];
const BEGIN = '// #generated grid-loops: begin';
const END = '// #generated grid-loops: end';
const VARIANTS = ['unweighted', 'weighted'];

/** The template's lines after its leading note (the `//` lines up to the first blank line), and its definitions. */
function parse(text) {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  let i = 0;
  while (i < lines.length && lines[i].startsWith('//')) i++;
  if (lines[i] !== '') throw new Error('grid-loops.ts.in: the note at the top must end with a blank line');
  const defines = new Map();
  const body = [];
  for (const line of lines.slice(i + 1)) {
    const d = /^\s*\/\/ #define (\w+) (.+)$/.exec(line);
    if (d) defines.set(d[1], d[2]);
    else body.push(line);
  }
  return { defines, body };
}

/** The template written out for one variant: its own lines and the shared ones, `{{name}}` replaced. */
export function expand(templateText, variant) {
  if (!VARIANTS.includes(variant)) throw new Error(`grid-loops: no variant ${variant}`);
  const { defines, body } = parse(templateText);
  const out = [];
  let only = null; // the variant the lines being read belong to, null for both
  body.forEach((line, i) => {
    const where = `grid-loops.ts.in, line ${i + 1} of the body`;
    const d = /^\s*\/\/ #(if (\w+)|else|end)\s*$/.exec(line);
    if (d) {
      if (d[2] !== undefined) {
        if (only !== null) throw new Error(`${where}: #if inside #if`);
        if (!VARIANTS.includes(d[2])) throw new Error(`${where}: #if ${d[2]}: the variants are ${VARIANTS.join(' and ')}`);
        only = d[2];
      } else if (d[1] === 'else') {
        if (only === null) throw new Error(`${where}: #else outside #if`);
        only = VARIANTS.find((v) => v !== only);
      } else {
        if (only === null) throw new Error(`${where}: #end outside #if`);
        only = null;
      }
      return;
    }
    if (/^\s*\/\/ #/.test(line)) throw new Error(`${where}: unknown directive ${line.trim()}`);
    if (only !== null && only !== variant) return;
    out.push(line.replace(/\{\{(\w+)\}\}/g, (_, name) => {
      if (!defines.has(name)) throw new Error(`${where}: {{${name}}} is not defined`);
      return defines.get(name);
    }));
  });
  if (only !== null) throw new Error('grid-loops.ts.in: an #if without its #end');
  return out;
}

/**
 * The lines from the begin marker to the end marker, both included, indented
 * as the class's members: both loops, or only `only`'s (the marker then reads
 * `begin unweighted`).
 */
export function generatedBlock(templateText, only = null) {
  if (only === null) {
    return [
      `  ${BEGIN}`,
      '  // runUnweighted and runWeighted, down to the end marker, are written by',
      '  // scripts/grid-loops.mjs from the template scripts/grid-loops.ts.in: edit',
      '  // the template, not these lines, and run `npm run generate`.',
      ...expand(templateText, 'unweighted'),
      '',
      ...expand(templateText, 'weighted'),
      `  ${END}`,
    ];
  }
  return [
    `  ${BEGIN} ${only}`,
    `  // run${only[0].toUpperCase()}${only.slice(1)}, down to the end marker, is written by`,
    '  // scripts/grid-loops.mjs from the template scripts/grid-loops.ts.in (the',
    "  // loop GridSearcher runs too): edit the template, not these lines, and run",
    '  // `npm run generate`.',
    ...expand(templateText, only),
    `  ${END}`,
  ];
}

/** `source` with its generated block replaced by what the template makes. */
export function regenerate(source, templateText) {
  const lines = source.split('\n');
  const at = (test) => lines.flatMap((l, i) => (test(l.trim()) ? [i] : []));
  const begin = at((l) => l === BEGIN || VARIANTS.some((v) => l === `${BEGIN} ${v}`)), end = at((l) => l === END);
  if (begin.length !== 1 || end.length !== 1 || end[0] < begin[0]) {
    throw new Error(`grid-loops: the file needs one "${BEGIN}" line (or "${BEGIN} VARIANT") and, after it, one "${END}" line`);
  }
  const only = lines[begin[0]].trim().slice(BEGIN.length).trim() || null;
  return [...lines.slice(0, begin[0]), ...generatedBlock(templateText, only), ...lines.slice(end[0] + 1)].join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const check = args[0] === '--check';
  const files = args.length > (check ? 1 : 0) ? [resolve(args[check ? 1 : 0])] : TARGETS;
  if (args.length > (check ? 2 : 1) || args.some((a) => a.startsWith('--') && a !== '--check')) {
    console.error('usage: node scripts/grid-loops.mjs [--check] [FILE]');
    process.exit(2);
  }
  const template = readFileSync(TEMPLATE, 'utf8');
  let failed = false;
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    const wanted = regenerate(source, template);
    const name = relative(process.cwd(), file);
    if (check) {
      if (wanted === source) continue;
      const have = source.split('\n'), want = wanted.split('\n');
      let i = 0;
      while (have[i] === want[i]) i++;
      console.error(`${name} differs from what scripts/grid-loops.mjs writes from scripts/grid-loops.ts.in, first at line ${i + 1}:\n`
        + `  file:     ${have[i] ?? '(end of file)'}\n  template: ${want[i] ?? '(end of file)'}\n`
        + 'The loops between the "#generated grid-loops" markers are generated: make the change in\n'
        + 'scripts/grid-loops.ts.in and run `npm run generate` (which rewrites them; a hand edit there is lost).');
      failed = true;
      continue;
    }
    if (wanted !== source) writeFileSync(file, wanted);
    console.log(`${name}: ${wanted === source ? 'up to date' : 'loops written'}`);
  }
  if (failed) process.exit(1);
}
