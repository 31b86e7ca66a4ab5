// Where the bytes of a small bundle are: the program given, bundled from this
// checkout's dist/src as `npm run bench:bundle` bundles it (Vite, production
// minifier, one chunk, ES2022), then each module of src/ minified alone and
// gzipped, with the bytes of its string literals (the messages, mostly).
//
//   node scripts/bundle-breakdown.mjs "import { Grid, findPath } from 'bestfirst'; ..."
//
// Run `npm run build` first. A module's figures are for that module alone,
// so they add up to more than the whole (gzip shares across modules); they
// say which modules, and how much of each is text, not what removing one
// would save. Printed last: the whole bundle once more with every template
// literal and every string of 12 characters or more cut to one character,
// the size the same code would have with no message text at all.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { minifySync } from 'rolldown/utils';

const program = process.argv[2];
if (!program) {
  console.error(`usage: node scripts/bundle-breakdown.mjs "import { Grid, GridSearcher } from 'bestfirst'; ..."`);
  process.exit(2);
}
const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const work = join(root, 'node_modules/.cache/bestfirst-bundle-breakdown');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const entry = join(work, 'entry.js');
writeFileSync(entry, program);

/** The program's bundle, minified or not (unminified, each module starts with a comment naming its file). */
async function bundle(minify) {
  const result = await build({
    configFile: false, logLevel: 'silent', root: work,
    resolve: { alias: { 'bestfirst/grid': join(root, 'dist/src/grid/index.js'), bestfirst: join(root, 'dist/src/index.js') } },
    build: {
      write: false, minify, target: 'es2022', modulePreload: false, reportCompressedSize: false,
      rolldownOptions: { input: entry, output: { codeSplitting: false } },
    },
  });
  return (Array.isArray(result) ? result : [result]).flatMap((o) => o.output).filter((o) => o.type === 'chunk').map((c) => c.code).join('\n');
}

const gz = (s) => gzipSync(s, { level: 9 }).length;
const STRINGS = /`(?:\\.|[^`\\])*`|"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g;
const textBytes = (code) => (code.match(STRINGS) ?? []).reduce((n, s) => n + s.length, 0);
const noText = (code) => code.replace(/`(?:\\.|[^`\\])*`/g, '`e`').replace(/"(?:\\.|[^"\\]){12,}"/g, '"e"');

const whole = await bundle(true);
const plain = await bundle(false);
rmSync(work, { recursive: true, force: true });

const rows = [];
for (const part of plain.split(/^\/\/ (?=\S+\.js\n)/m).slice(1)) {
  const nl = part.indexOf('\n');
  const file = part.slice(0, nl);
  if (!file.includes('dist/src/')) continue;
  const code = minifySync('m.js', part.slice(nl + 1), { compress: true, mangle: { toplevel: false } }).code;
  rows.push([file.slice(file.indexOf('dist/src/') + 'dist/src/'.length), code.length, gz(code), textBytes(code)]);
}
rows.sort((a, b) => b[2] - a[2]);
console.log('| module of src/ (alone) | minified | gzipped | of which strings (minified) |');
console.log('| --- | ---: | ---: | ---: |');
for (const [file, min, zipped, text] of rows) console.log(`| ${file} | ${min} | ${zipped} | ${text} |`);
console.log(`\nthe bundle: ${whole.length} B minified, ${gz(whole)} B gzipped`);
const bare = noText(whole);
console.log(`the bundle with no message text: ${bare.length} B minified, ${gz(bare)} B gzipped`);
