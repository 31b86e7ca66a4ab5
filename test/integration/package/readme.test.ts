// The README's code and the manual's, run as written. Every ```ts and ```js
// block is taken out of README.md, docs/*.md and docs/guide/*.md and run from the repository root in its own Node process,
// importing 'bestfirst' through the package's own name and built exports
// (`npm test` builds first), as a reader who copies it would. TypeScript is
// transpiled with the repository's `typescript` (no type checking there; a
// separate test type-checks the blocks). What a block prints must equal its
// `// → ...` comments, one output line per comment, in order, so an example
// whose output drifts fails here. A fragment that cannot run is fenced
// ```ts no-run; there must be few of them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
/** The markdown files of one folder of docs/, sorted. */
const mdIn = (dir: string) => readdirSync(join(ROOT, dir)).filter((f) => f.endsWith('.md')).sort().map((f) => `${dir}/${f}`);
/** The guide's pages, its index first (the order the readers of the site meet them in). */
const GUIDE = mdIn('docs/guide').sort((a, b) => Number(!a.endsWith('/index.md')) - Number(!b.endsWith('/index.md')));
/** The front door and the manual behind it: every example in them runs here. */
const PAGES = ['README.md', ...mdIn('docs'), ...GUIDE];
const TEXT = new Map(PAGES.map((p) => [p, readFileSync(join(ROOT, p), 'utf8')]));
const ALL = [...TEXT.values()].join('\n');

interface Block {
  /** The markdown file it is in. */
  file: string;
  /** 1-based line of the opening fence in the markdown. */
  line: number;
  lang: 'ts' | 'js';
  run: boolean;
  code: string;
  /** The `// →` comments, in order: the lines the block must print. */
  expected: string[];
}

const LANGS: Record<string, 'ts' | 'js'> = { ts: 'ts', typescript: 'ts', js: 'js', javascript: 'js', mjs: 'js', cjs: 'js' };
// `// → text` anywhere on a line; the text runs to the end of the line.
const EXPECT = /\/\/ →(?: (.*))?$/;

/** The ts/js code blocks of a markdown text. Other fences (sh, text) are skipped whole, so a ``` inside them cannot open a block. */
function codeBlocks(markdown: string, file = 'README.md'): Block[] {
  const lines = markdown.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)(.*)$/.exec(lines[i]);
    if (open === null) continue;
    let j = i + 1;
    while (j < lines.length && !/^```\s*$/.test(lines[j])) j++;
    if (j === lines.length) throw new Error(`${file}:${i + 1}: a code fence is never closed`);
    const lang = LANGS[open[1]];
    if (lang !== undefined) {
      const body = lines.slice(i + 1, j);
      const expected = body.map((l) => EXPECT.exec(l)).filter((m) => m !== null).map((m) => (m[1] ?? '').trimEnd());
      blocks.push({ file, line: i + 1, lang, run: !/\bno-run\b/.test(open[2]), code: body.join('\n'), expected });
    }
    i = j;
  }
  return blocks;
}

interface Ran { status: number | null; stdout: string[]; stderr: string }

/** Runs a block from the repository root, as an ES module unless it only `require`s. */
function runBlock(block: Pick<Block, 'lang' | 'code'>): Ran {
  const js = block.lang === 'ts'
    ? ts.transpileModule(block.code, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText
    : block.code;
  const commonjs = /\brequire\(/.test(js) && !/^\s*(import|export)\b/m.test(js);
  const r = spawnSync(process.execPath, [`--input-type=${commonjs ? 'commonjs' : 'module'}`], {
    input: js, cwd: ROOT, encoding: 'utf8', timeout: 60_000,
  });
  const stdout = r.stdout.split('\n').map((l) => l.trimEnd());
  if (stdout[stdout.length - 1] === '') stdout.pop();
  return { status: r.status, stdout, stderr: r.stderr };
}

const blocks = PAGES.flatMap((p) => codeBlocks(TEXT.get(p)!, p));
const runnable = blocks.filter((b) => b.run);

test('the README starts with the two set-up commands, and stays a front door (the manual is in docs/)', () => {
  const head = README.split('\n').slice(0, 8).join('\n');
  expect(head).toContain('npm install && npm start');
  expect(head).toMatch(/^npm test\b/m);
  expect(README.split('\n').length, 'README lines').toBeLessThanOrEqual(250);
  for (const page of PAGES.slice(1)) expect(README, `the README links ${page}`).toContain(`](${page})`);
});

test('the guide is a page per family, each listed by its index and linked from the README (the site orders them by the index\'s children)', () => {
  const index = TEXT.get('docs/guide/index.md')!;
  const pages = GUIDE.slice(1).map((p) => p.slice('docs/guide/'.length));
  expect(pages.length).toBeGreaterThanOrEqual(10);
  const children = /^children:\n((?: {2}- .*\n)+)/m.exec(index);
  expect(children, 'docs/guide/index.md lists its pages as frontmatter children').not.toBeNull();
  expect(children![1].trim().split('\n').map((l) => l.replace(/^\s*- /, '')).sort()).toEqual([...pages].sort());
  for (const page of pages) expect(index, `the index links ${page}`).toContain(`](${page})`);
  // The one long guide became these pages: nothing may point at it any more.
  expect(ALL).not.toMatch(/docs\/guide\.md|\]\(guide\.md/);
});

test('npm run docs builds one site of them: the README its landing page, the guide, docs/*.md and the API (typedoc.json)', () => {
  const config = JSON.parse(readFileSync(join(ROOT, 'typedoc.json'), 'utf8')) as { readme: string; projectDocuments: string[]; entryPoints: string[] };
  expect(config.readme).toBe('README.md');
  // The guide's pages come in as the index's children (checked above); every other page of docs/ is a document itself.
  expect([...config.projectDocuments].sort()).toEqual(['docs/guide/index.md', ...mdIn('docs')].sort());
  const { exports } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, { types?: string }> };
  const entries = Object.values(exports).flatMap((e) => (e.types ? [e.types.replace(/^\.\/dist\//, '').replace(/\.d\.ts$/, '.ts')] : []));
  expect([...config.entryPoints].sort(), 'one API module per entry of the package').toEqual(entries.sort());
});

test('every relative link between the README and the manual points at a file that exists, and at a heading of it', () => {
  const anchor = (heading: string) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');
  const broken: string[] = [];
  let checked = 0;
  for (const [page, text] of TEXT) {
    const prose = text.replace(/^```[\s\S]*?^```$/gm, '');
    for (const m of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1];
      if (/^[a-z]+:/.test(target)) continue; // https:, mailto:
      checked++;
      const [file, hash] = target.split('#');
      const path = file === '' ? page : join(dirname(page), file);
      if (!existsSync(join(ROOT, path))) { broken.push(`${page}: ${target} (no ${path})`); continue; }
      if (hash === undefined || !path.endsWith('.md')) continue;
      const headings = [...readFileSync(join(ROOT, path), 'utf8').matchAll(/^#+ (.*)$/gm)].map((h) => anchor(h[1]));
      if (!headings.includes(hash)) broken.push(`${page}: ${target} (no heading #${hash} in ${path})`);
    }
  }
  expect(checked, 'relative links checked').toBeGreaterThanOrEqual(40);
  expect(broken).toEqual([]);
});

test('the README and the manual have runnable examples, each saying what it prints, and few fragments', () => {
  expect(runnable.length).toBeGreaterThanOrEqual(10);
  expect(blocks.length - runnable.length, 'blocks marked no-run').toBeLessThanOrEqual(2);
  const silent = runnable.filter((b) => b.expected.length === 0).map((b) => `${b.file}:${b.line}`);
  expect(silent, 'runnable blocks without a // → comment (say what they print, or mark them no-run)').toEqual([]);
  // The common task comes first: a 0/1 matrix, findPath, [x, y] points.
  expect(runnable[0].code).toContain('Grid.fromMatrix');
  expect(runnable[0].code).toContain('findPath');
  expect(runnable[0].code).toContain('points');
  expect(runnable.some((b) => b.lang === 'js' && /require\('bestfirst'\)/.test(b.code)), 'an example of require').toBe(true);
});

test('the harness notices an example whose output drifts', () => {
  const [block] = codeBlocks('```ts\nconst n: number = 2 + 2;\nconsole.log(n); // → 5\n```\n');
  expect(block.expected).toEqual(['5']);
  const ran = runBlock(block);
  expect(ran.status).toBe(0);
  expect(ran.stdout).toEqual(['4']);
  expect(ran.stdout).not.toEqual(block.expected);
});

describe('every README and manual example prints what its comments say', () => {
  test.each(runnable.map((b) => [`${b.file}:${b.line} (${b.lang})`, b] as const))('%s', (_, block) => {
    const ran = runBlock(block);
    // Node 22.12 and later may say once that require() loaded an ES module; nothing else may reach stderr.
    const stderr = ran.stderr.replace(/^.*ExperimentalWarning: .*require.*ES [Mm]odule.*\n(\(Use `node --trace-warnings.*\n)?/m, '');
    expect(stderr, 'stderr').toBe('');
    expect(ran.status, 'exit status').toBe(0);
    expect(ran.stdout).toEqual(block.expected);
  });
});

test('the README\'s and the manual\'s TypeScript examples type-check (strict, bundler resolution, through the built types)', () => {
  const dir = join(ROOT, 'test-output', 'readme');
  const named = (b: Block) => `${b.file.replace(/[/.]/g, '_')}-line-${b.line}.ts`;
  const files = new Map(runnable.filter((b) => b.lang === 'ts').map((b) => [join(dir, named(b)), b.code]));
  expect(files.size).toBeGreaterThanOrEqual(8);
  const options: ts.CompilerOptions = {
    strict: true, noEmit: true, skipLibCheck: true, types: ['node'],
    target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler,
  };
  // The blocks live in memory only; everything else (the package's types, @types/node) is read from disk.
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (f) => files.has(f) || fileExists.call(host, f);
  host.readFile = (f) => files.get(f) ?? readFile.call(host, f);
  host.getSourceFile = (f, v, ...rest) => {
    const text = files.get(f);
    return text !== undefined ? ts.createSourceFile(f, text, v, true) : getSourceFile.call(host, f, v, ...rest);
  };
  const program = ts.createProgram([...files.keys()], options, host);
  const problems = ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : null;
    const block = d.file ? runnable.find((b) => d.file!.fileName.endsWith(named(b))) : undefined;
    const at = block && where ? `${block.file}:${block.line + where.line + 1}` : d.file?.fileName ?? '(no file)';
    return `${at}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
  expect(problems).toEqual([]);
});

// The test below this one runs every `npx bestfirst ...` line. npx reads a
// `--version` after the command name as its own flag and prints npm's
// version, so the README writes `npx -- bestfirst --version`; those lines run here.
test('the README asks for the version in a form npx passes on, and it prints ours', () => {
  expect(ALL).not.toMatch(/^npx bestfirst\b.*\s--version\b/m);
  const lines = [...ALL.matchAll(/^npx -- bestfirst(.*)$/gm)].map((m) => m[1].replace(/\s+#.*$/, '').trim());
  expect(lines).toContain('--version');
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  for (const line of lines) {
    const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'bestfirst.js'), ...line.split(/\s+/)], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status, `npx -- bestfirst ${line}\n${r.stderr}`).toBe(0);
    if (line === '--version') expect(r.stdout.trim()).toBe(`bestfirst ${version}`);
  }
});

test('every bestfirst command line in the README and the manual runs as written from the repository root (bin/bestfirst.js on the build)', () => {
  const lines = [...ALL.matchAll(/^npx bestfirst(.*)$/gm)].map((m) => m[1].replace(/\s+#.*$/, '').trim());
  expect(lines.length).toBeGreaterThanOrEqual(5);
  expect(lines.filter((l) => / data\/movingai\//.test(l)).length, 'README examples on the repository data').toBeGreaterThanOrEqual(3);
  // `costmap --out test-output/...` writes there (gitignored); the folder may not exist in a fresh clone.
  mkdirSync(join(ROOT, 'test-output'), { recursive: true });
  for (const line of lines) {
    // Words as a shell splits them: a 'quoted' word (a footprint's corners) is one argument, without its quotes.
    const args = (line.match(/'[^']*'|\S+/g) ?? []).map((w) => w.replace(/^'(.*)'$/, '$1'));
    const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'bestfirst.js'), ...args], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status, `npx bestfirst ${line}\n${r.stderr}`).toBe(0);
    expect(r.stdout.length, `npx bestfirst ${line} printed nothing`).toBeGreaterThan(0);
  }
});
