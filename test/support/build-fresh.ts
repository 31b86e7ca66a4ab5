// The suites that run dist/ in child processes (a worker cannot load
// TypeScript) must run what these sources make: a stale or missing build
// would test yesterday's code and pass or fail for the wrong reason.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Fails unless `entry` (a path under the repository) is built and no .ts file under `dirs` is newer than its build. */
export function expectFreshBuild(entry: string, dirs: readonly string[]): void {
  expect(statSync(join(ROOT, entry), { throwIfNoEntry: false }), 'dist/ is missing: run `npm run build` (npm test does)').toBeDefined();
  const stale: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const rel = join(dir, e.name);
      if (e.isDirectory()) walk(rel);
      else if (rel.endsWith('.ts') && !rel.endsWith('.d.ts')) {
        const built = statSync(join(ROOT, 'dist', rel.replace(/\.ts$/, '.js')), { throwIfNoEntry: false });
        if (!built || built.mtimeMs < statSync(join(ROOT, rel)).mtimeMs) stale.push(rel);
      }
    }
  };
  for (const d of dirs) walk(d);
  expect(stale, 'dist/ is older than these sources: run `npm run build`').toEqual([]);
}
