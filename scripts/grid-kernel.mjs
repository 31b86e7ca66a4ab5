#!/usr/bin/env node
// Compiles the grid fast path's WebAssembly kernel, scripts/grid-kernel.as.ts
// (AssemblyScript), and writes it as base64 into src/grid/fast/grid-kernel-wasm.ts,
// so the library carries it with no build step and no dependency at run time.
// AssemblyScript's output is the same bytes for the same source and compiler,
// so the check below can hold the committed file to its source.
//
//   npm run generate                          write it (with the grid loops)
//   node scripts/grid-kernel.mjs --check      exit 1 if the committed file is not what the source compiles to
//
// test/unit/grid/fast/grid-kernel.test.ts runs the check.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import asc from 'assemblyscript/asc';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = join(root, 'scripts/grid-kernel.as.ts');
const TARGET = join(root, 'src/grid/fast/grid-kernel-wasm.ts');
// -O3, no runtime (the kernel allocates nothing), no assertions (the caller checks every offset), the memory the caller makes.
const FLAGS = ['-O3', '--runtime', 'stub', '--noAssert', '--importMemory', '--initialMemory', '1'];

async function compile() {
  let bytes = null;
  const errors = [];
  const { error, stderr } = await asc.main([relative(process.cwd(), SOURCE), '--outFile', 'kernel.wasm', ...FLAGS], {
    readFile: (name, dir) => { try { return readFileSync(resolve(dir, name), 'utf8'); } catch { return null; } },
    writeFile: (name, contents) => { if (name.endsWith('.wasm')) bytes = contents; },
    listFiles: () => [],
    stderr: { write: (s) => errors.push(String(s)) },
    stdout: { write: () => {} },
  });
  if (error || bytes === null) throw new Error(`grid-kernel: asc failed: ${error?.message ?? 'no output'}\n${errors.join('')}${stderr ?? ''}`);
  return Buffer.from(bytes);
}

function text(bytes) {
  const b64 = bytes.toString('base64');
  const lines = b64.match(/.{1,100}/g).map((l) => `  '${l}'`).join(' +\n');
  return `// Written by scripts/grid-kernel.mjs from scripts/grid-kernel.as.ts: edit
// the source, not this file, and run \`npm run generate\`.

/** GridSearcher's unweighted loop as WebAssembly (${bytes.length} bytes), base64. */
export const GRID_KERNEL_WASM =
${lines};
`;
}

const bytes = await compile();
const want = text(bytes);
if (process.argv.includes('--check')) {
  let have = '';
  try { have = readFileSync(TARGET, 'utf8'); } catch { /* missing: fails below */ }
  if (have !== want) {
    console.error(`${relative(root, TARGET)} is not what ${relative(root, SOURCE)} compiles to: run npm run generate`);
    process.exit(1);
  }
} else {
  writeFileSync(TARGET, want);
  console.log(`wrote ${relative(root, TARGET)} (${bytes.length} bytes of WebAssembly)`);
}
