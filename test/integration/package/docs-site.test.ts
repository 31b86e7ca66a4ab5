// `npm run docs` as CI runs it (TypeDoc with typedoc.json, warnings fail it; here without
// TypeScript's error checking, which tsc does),
// built into a scratch folder: the site's landing page is the README, the
// sidebar is the manual and then the API in the package's order, and every
// link of the README's and the guide's pages lands on a page and a heading
// that exist.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
let out = '';
let log = '';

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'bestfirst-docs-'));
  // Without TypeScript's own error checking (tsc runs it in npm run typecheck and CI): half the time,
  // and every one of TypeDoc's validations (links, documentation, exports) still runs.
  const r = spawnSync(process.execPath, [join(ROOT, 'node_modules/typedoc/bin/typedoc'), '--out', out, '--skipErrorChecking'], { cwd: ROOT, encoding: 'utf8', timeout: 180_000 });
  log = `${r.stdout}${r.stderr}`;
  if (r.status !== 0) throw new Error(`typedoc exited ${r.status}:\n${log}`);
}, 200_000);
afterAll(() => { if (out) rmSync(out, { recursive: true, force: true }); });

interface NavNode { text: string; path?: string; children?: NavNode[] }

test('the site builds without a warning, and its landing page is the README', () => {
  expect(log).not.toMatch(/\[warning\]|\[error\]/);
  const index = readFileSync(join(out, 'index.html'), 'utf8');
  // The README's headings and its words (its code is highlighted, token by token).
  for (const id of ['a-shortest-path-on-a-grid', 'the-manual', 'when-something-goes-wrong', 'examples']) expect(index).toContain(`id="${id}"`);
  expect(index).toContain('The README is the front door');
});

test('the sidebar: the manual (the guide with its pages in the index\'s order, the command line, development), then the API modules in the package\'s order', () => {
  const script = readFileSync(join(out, 'assets/navigation.js'), 'utf8');
  const nav = JSON.parse(inflateSync(Buffer.from(/"([A-Za-z0-9+/=]+)"/.exec(script)![1], 'base64')).toString()) as NavNode[];
  expect(nav.map((g) => g.text)).toEqual(['Manual', 'Modules']);
  const [manual, modules] = nav;
  expect(manual.children!.map((c) => c.text)).toEqual(['Guide', 'Command line', 'Development']);
  expect(manual.children![0].children!.map((c) => c.text)).toEqual([
    'Grids', 'The engine', 'Preprocessing', 'Repair and anytime', 'Costmaps and ROS maps', 'Floor plans and configuration space', 'Cars and footprints', 'Road graphs',
    'Many robots', 'Any-angle paths', 'Readers and formats', 'The chapter page',
  ]);
  expect(modules.children!.map((c) => c.text)).toEqual([
    'bestfirst', 'bestfirst/grid', 'bestfirst/lite', 'bestfirst/search', 'bestfirst/costmap', 'bestfirst/repair', 'bestfirst/mapf', 'bestfirst/io', 'bestfirst/cspace', 'bestfirst/kinematic',
  ]);
});

test('every link of the landing page and of the documents lands on a built page, and on a heading of it', () => {
  const pages = ['index.html', ...readdirSync(join(out, 'documents')).filter((f) => f.endsWith('.html')).map((f) => `documents/${f}`)];
  expect(pages.length).toBeGreaterThanOrEqual(14);
  const broken: string[] = [];
  let toApi = 0, toDocs = 0;
  for (const page of pages) {
    const html = readFileSync(join(out, page), 'utf8');
    // The page's own content: the links of the article, not the theme's chrome.
    const body = html.slice(html.indexOf('<div class="tsd-panel tsd-typography">'));
    for (const m of body.matchAll(/<a href="([^"#]*)(?:#([^"]*))?"/g)) {
      const [, file, hash] = m;
      if (/^[a-z]+:/.test(file)) continue;
      const target = file === '' ? join(out, page) : join(out, dirname(page), file);
      if (!existsSync(target)) { broken.push(`${page}: ${file}`); continue; }
      if (/\/(classes|functions|interfaces|types|variables|modules)\//.test(target)) toApi++;
      if (target.includes('/documents/')) toDocs++;
      if (hash && target.endsWith('.html') && !readFileSync(target, 'utf8').includes(`id="${hash}"`)) broken.push(`${page}: ${file}#${hash}`);
    }
  }
  expect(broken).toEqual([]);
  expect(toApi, 'links into the API reference').toBeGreaterThanOrEqual(30);
  expect(toDocs, 'links between the documents').toBeGreaterThanOrEqual(20);
});
