// The README's code and the manual's, run as written. Every ```ts and ```js
// block is taken out of README.md, docs/*.md and docs/guide/*.md and run from the repository root in a worker
// thread of its own (a fresh Node environment: its own modules, globals and event loop),
// importing 'bestfirst' through the package's own name and built exports
// (`npm test` builds first), as a reader who copies it would. TypeScript is
// transpiled with the repository's `typescript` (no type checking there; a
// separate test type-checks the blocks). What a block prints must equal its
// `// → ...` comments, one output line per comment, in order, so an example
// whose output drifts fails here. A fragment that cannot run is fenced
// ```ts no-run; there must be few of them.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectFreshBuild } from '../../support/build-fresh.js';
import { runInThread } from '../../support/node-thread.js';

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
interface Output { status: number | null; stdout: string; stderr: string }

/**
 * Threads and processes this file runs at once: two, one per core. Run one
 * after another, the examples and the command lines were most of the file's
 * time (the lines alone 23 s on a quiet machine), though each shares nothing
 * with the others.
 */
const AT_ONCE = 2;
let running = 0;
const waiting: (() => void)[] = [];

/** `start()` once fewer than AT_ONCE others run. */
async function inTurn<T>(start: () => Promise<T>): Promise<T> {
  if (running >= AT_ONCE) await new Promise<void>((go) => waiting.push(go));
  running++;
  try {
    return await start();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** `node ARGS` from the repository root, in its turn; its exit status and output. */
function node(args: string[]): Promise<Output> {
  return inTurn(() => new Promise((done, fail) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, timeout: 60_000, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '', stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => { stdout += d; });
    child.stderr.setEncoding('utf8').on('data', (d: string) => { stderr += d; });
    child.on('error', fail);
    child.on('close', (status) => done({ status, stdout, stderr }));
  }));
}

/** Where the blocks are written to be run: inside the repository, so that 'bestfirst' is the package itself (its exports, on the build). */
const BLOCKS_DIR = join(ROOT, 'test-output', 'readme-blocks');
let written = 0;

/** Runs a block from the repository root in a worker thread of its own (runInThread), in its turn, as an ES module unless it only `require`s. */
async function runBlock(block: Pick<Block, 'lang' | 'code'>): Promise<Ran> {
  const js = block.lang === 'ts'
    ? ts.transpileModule(block.code, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText
    : block.code;
  const commonjs = /\brequire\(/.test(js) && !/^\s*(import|export)\b/m.test(js);
  mkdirSync(BLOCKS_DIR, { recursive: true });
  const file = join(BLOCKS_DIR, `block-${process.pid}-${written++}.${commonjs ? 'cjs' : 'mjs'}`);
  writeFileSync(file, js);
  try {
    const r = await inTurn(() => runInThread(file));
    const stdout = r.stdout.split('\n').map((l) => l.trimEnd());
    if (stdout[stdout.length - 1] === '') stdout.pop();
    return { status: r.status, stdout, stderr: r.stderr };
  } finally {
    rmSync(file, { force: true });
  }
}

// The blocks and the command lines run from the repository root (their paths are relative to it); a thread has its process's directory.
const cwd = process.cwd();
beforeAll(() => { if (cwd !== ROOT.replace(/\/$/, '')) process.chdir(ROOT); });
afterAll(() => { if (process.cwd() !== cwd) process.chdir(cwd); });

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

test('the harness notices an example whose output drifts', async () => {
  const [block] = codeBlocks('```ts\nconst n: number = 2 + 2;\nconsole.log(n); // → 5\n```\n');
  expect(block.expected).toEqual(['5']);
  const ran = await runBlock(block);
  expect(ran.status).toBe(0);
  expect(ran.stdout).toEqual(['4']);
  expect(ran.stdout).not.toEqual(block.expected);
});

// What the blocks could lean on, were the threads not as separate as processes: each of these would pass where a reader's `node` fails.
test('a block runs as a reader\'s node would: from the root, on the build, sharing nothing with the block before it; an error or an exit code is its status', async () => {
  expectFreshBuild('dist/src/index.js', ['src']);
  const one = async (code: string, lang: 'ts' | 'js' = 'ts') => runBlock({ lang, code });
  const jps = "findPath(Grid.fromAscii(['...']), [0, 0], [2, 0], { algorithm: 'jps' })";
  const grid = await one(`import 'bestfirst/grid';\nimport { Grid, findPath } from 'bestfirst';\nconsole.log(${jps}.cost);\n(globalThis as { seen?: number }).seen = 1;`);
  expect(grid).toEqual({ status: 0, stdout: ['2'], stderr: '' });
  // The next block has not imported bestfirst/grid: findPath does not know 'jps' there, nor is the global set.
  const after = await one(`import { Grid, findPath, InputError } from 'bestfirst';\ntry { ${jps}; console.log('ran'); } catch (e) { console.log(e instanceof InputError); }\nconsole.log(typeof (globalThis as { seen?: number }).seen);`);
  expect(after).toEqual({ status: 0, stdout: ['true', 'undefined'], stderr: '' });
  const where = await one("console.log(import.meta.resolve('bestfirst'));\nconsole.log(process.cwd());");
  expect(where.stdout).toEqual([pathToFileURL(join(ROOT, 'dist/src/index.js')).href, ROOT.replace(/\/$/, '')]);
  const required = await one("console.log(require.resolve('bestfirst'), typeof require('bestfirst').Grid);", 'js');
  expect(required.stdout).toEqual([`${join(ROOT, 'dist/src/index.js')} function`]);
  const thrown = await one("console.log('before');\nawait Promise.resolve();\nthrow new Error('the block failed');");
  expect(thrown.status).toBe(1);
  expect(thrown.stdout).toEqual(['before']);
  expect(thrown.stderr).toContain('the block failed');
  // The event loop runs to its end before the status is known, as a process's does.
  const later = await one("process.exitCode = 3;\nsetTimeout(() => console.log('later'), 20);");
  expect(later).toEqual({ status: 3, stdout: ['later'], stderr: '' });
});

// Concurrent (each in its own thread, AT_ONCE at a time): no example writes a file another reads.
describe.concurrent('every README and manual example prints what its comments say', () => {
  test.for(runnable.map((b) => [`${b.file}:${b.line} (${b.lang})`, b] as const))('%s', async ([, block], { expect }) => {
    const ran = await runBlock(block);
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

/**
 * The lines in chains that must run in order: lines naming a common file
 * under test-output/ (one writes it with --out, the next reads it with --ch or
 * --saved) are one chain, in the order the pages give them; every other line
 * is a chain of its own.
 */
function chains(lines: readonly string[]): string[][] {
  // Union-find over the lines: a line joins the group of the first line that named one of its files.
  const up = lines.map((_, i) => i);
  const root = (i: number): number => (up[i] === i ? i : (up[i] = root(up[i])));
  const firstNaming = new Map<string, number>();
  lines.forEach((line, i) => {
    for (const [file] of line.matchAll(/\btest-output\/\S+/g)) {
      const j = firstNaming.get(file);
      if (j === undefined) firstNaming.set(file, i);
      else up[root(i)] = root(j);
    }
  });
  const groups = new Map<number, string[]>();
  lines.forEach((line, i) => { const r = root(i); groups.set(r, [...(groups.get(r) ?? []), line]); });
  return [...groups.values()];
}

test('the command lines\' chains keep a file\'s writer before its readers, and lines that share nothing apart', () => {
  const c = chains(['a --out test-output/x.ch', 'b', 'c --ch test-output/x.ch', 'd --out test-output/y', 'e --saved test-output/y --out test-output/x.ch']);
  expect(c).toEqual([['a --out test-output/x.ch', 'c --ch test-output/x.ch', 'd --out test-output/y', 'e --saved test-output/y --out test-output/x.ch'], ['b']]);
  expect(chains(['b', 'd --out test-output/y', 'a --out test-output/x', 'e --saved test-output/y --ch test-output/x'])).toEqual([['b'], ['d --out test-output/y', 'a --out test-output/x', 'e --saved test-output/y --ch test-output/x']]);
  expect(chains(['p --out test-output/a', 'q --saved test-output/a', 'r'])).toEqual([['p --out test-output/a', 'q --saved test-output/a'], ['r']]);
});

/**
 * The lines that run as their own process, `node bin/bestfirst.js ...` on the
 * build: those asking for --workers, whose threads load the built worker
 * modules (the sources run them in the calling thread, which is not what the
 * reader gets). They keep the bin covered, as the --version line above does.
 */
const OWN_PROCESS = /(^|\s)--workers\b/;

test('every bestfirst command line in the README and the manual runs as written from the repository root (main in this process; the --workers lines through bin/bestfirst.js on the build)', async () => {
  expectFreshBuild('dist/cli/main.js', ['cli', 'src']);
  const all = [...ALL.matchAll(/^npx bestfirst(.*)$/gm)].map((m) => m[1].replace(/\s+#.*$/, '').trim());
  // A line given on two pages (the manual's list and a guide's page) runs once: the same command in the same place.
  const lines = [...new Set(all)];
  expect(lines.length).toBeGreaterThanOrEqual(5);
  expect(lines.filter((l) => / data\/movingai\//.test(l)).length, 'README examples on the repository data').toBeGreaterThanOrEqual(3);
  expect(lines.filter((l) => OWN_PROCESS.test(l)).length, 'lines run through the bin').toBeGreaterThanOrEqual(1);
  // `costmap --out test-output/...` writes there (gitignored); the folder may not exist in a fresh clone.
  mkdirSync(join(ROOT, 'test-output'), { recursive: true });
  // Each line started as its own process was ~0.4 s of CPU loading the CLI's
  // modules before it did anything (most of this test's time); in this
  // process they load once. main is what the bin runs, with the same arguments
  // and the exit code it would give the process.
  const { run } = await import('../../support/cli-run.js');
  const failed: string[] = [];
  // main runs one line at a time here (two commands interleaved at their awaits would not be two processes).
  let here = Promise.resolve();
  const inThisProcess = (args: string[]) => {
    const ran = here.then(() => run(...args));
    here = ran.then(() => undefined, () => undefined);
    return ran;
  };
  // The chains run side by side (the own-process lines AT_ONCE at a time, beside this thread's), each chain's lines one after another.
  // Chains with a line of their own process start first, so that their processes run while main runs the others here.
  const ordered = chains(lines).sort((a, b) => Number(!a.some((l) => OWN_PROCESS.test(l))) - Number(!b.some((l) => OWN_PROCESS.test(l))));
  await Promise.all(ordered.map(async (chain) => {
    for (const line of chain) {
      // Words as a shell splits them: a 'quoted' word (a footprint's corners) is one argument, without its quotes.
      const args = (line.match(/'[^']*'|\S+/g) ?? []).map((w) => w.replace(/^'(.*)'$/, '$1'));
      if (OWN_PROCESS.test(line)) {
        const r = await node([join(ROOT, 'bin', 'bestfirst.js'), ...args]);
        if (r.status !== 0) failed.push(`npx bestfirst ${line}: exit status ${r.status}\n${r.stderr}`);
        else if (r.stdout.length === 0) failed.push(`npx bestfirst ${line} printed nothing`);
      } else {
        const r = await inThisProcess(args);
        if (r.code !== 0) failed.push(`npx bestfirst ${line}: exit status ${r.code}\n${r.err.join('\n')}`);
        else if (r.out.length === 0) failed.push(`npx bestfirst ${line} printed nothing`);
      }
    }
  }));
  expect(failed).toEqual([]);
});
