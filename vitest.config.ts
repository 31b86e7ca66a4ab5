import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Two tiers, one config, chosen by folder. `npm test` (vitest run) runs both
// projects: every test. `npm run test:unit` (vitest run --project unit) is the
// inner loop: test/unit/ mirrors src/ (and cli/, web/, bench/), needs no build
// and runs in seconds. test/integration/ holds what takes longer or needs more
// than src/:
// - browser/: Chromium and the built page;
// - data/: every row of Moving AI scenario files, the road graphs, Nav2's ROS
//   maps, sampled Moving AI runs of the grid searchers;
// - differential/: ~500,000 queries against an independent Dijkstra;
// - properties/: property suites against brute force, seconds each;
// - cli/: the built bin and the hostile command lines run in child processes;
// - bad-input/: every export and method under hostile arguments, on dist/;
// - package/: the README's code, the examples/ scripts and the packed tarball;
// - bench/: the benchmark's C++ reference, compiled.
export default defineConfig({
  // "#bestfirst..." (package.json "imports") resolves to src/ here, as in the
  // type-check, so the tests need no build. The tests run in Node, resolved
  // with the ssr list: without it they would load dist/ (a stale build, or
  // none; test/architecture.test.ts checks). The client list is the same rule
  // for a test run as a browser would resolve it.
  resolve: { conditions: ['bestfirst-source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['bestfirst-source', ...defaultServerConditions] } },
  test: {
    // Both cores. Vitest's default on a two-core machine is one worker:
    // measured, `npm test` took 5m30 with one and 3m37 with two, and the
    // fast tier 37 s against 23 s. The browser suite's speed figures are
    // printed, not asserted, so a neighbouring worker cannot fail them;
    // measure them alone (test/browser/part3.test.ts) for figures to report.
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll waits for the page: a figure playing 3 steps a second on
    // animation frames, a search in a worker. Vitest's 1 s default is the
    // time such a figure needs on a quiet machine, so under CI's load it
    // failed (opening's Play: step 2 of the 3 it waited for). A poll ends as
    // soon as its value arrives, so a long default costs nothing when it passes.
    expect: { poll: { timeout: 15_000 } },
    projects: [
      // The unit files share one module graph per worker (isolate: false):
      // re-importing src/ for each of the 71 files was 22 s of the tier's
      // 41 s (vitest's import time); shared, the tier takes 16 s. Nothing in
      // src/ keeps state between calls that a test could leak, and the tier
      // passes in shuffled orders (--sequence.shuffle, seeds 1 to 3).
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'], isolate: false } },
      // The integration files share their workers' module graphs too: measured on
      // test/integration/properties (11 files, one run each way, load ~20), vitest's
      // import time fell from 52 s to 21 s and the CPU from 53 s to 43 s. Their
      // state is their own: data caches, a browser each file opens and closes.
      { extends: true, test: { name: 'integration', include: ['test/integration/**/*.test.ts'], isolate: false } },
    ],
  },
});
