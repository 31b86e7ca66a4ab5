import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Two tiers, one config. `npm test` (vitest run) runs both projects: every test.
// `npm run test:unit` (vitest run --project unit) is the inner loop: it needs no
// build and runs in seconds. What it leaves to `integration` was picked by
// measured duration and by what it needs beyond src/:
// - test/browser: Chromium and the built page;
// - the real-data suites (every row of Moving AI scenario files, the road
//   graphs, Nav2's ROS maps): 100 s of the full run's ~140 s on the 2-core machine;
// - the differential suites (test/differential, test/repair/repair-oracle:
//   ~500,000 queries against an independent Dijkstra, ~25 s of CPU); the unit
//   files keep their own smaller seeded comparisons;
// - tests that compile the benchmark's C++ reference (test/bench/costmap-native);
// - tests that run the build (the bin in cli/trace, the hostile command lines
//   run in child processes on dist/, the README's import of
//   'bestfirst' through the package's own exports, the examples/ scripts) or
//   pack it (package).
// test:unit also filters out, by name ("Moving AI sample", "on Moving AI "), the sampled Moving AI suites that live
// in unit files (grid-search, jps: 14 s of the unit files' 26 s), and grid-search's
// "on 200 seeded random grids" (7 s; test/differential covers the same ground); a filter on
// the command line, not here, so that `npm test` runs every test once and
// reports none as skipped.
const INTEGRATION = [
  'test/browser/**/*.test.ts',
  'test/io/movingai-data.test.ts',
  'test/io/movingai-full-astar.test.ts',
  'test/io/movingai-full-room.test.ts',
  'test/io/movingai-full-jps-plus.test.ts',
  'test/io/movingai-subgoal4.test.ts',
  'test/io/movingai-subgoal8.test.ts',
  'test/io/movingai-corner-cutting.test.ts',
  'test/io/roads.test.ts',
  'test/io/dimacs-roads.test.ts',
  'test/io/roads-two-ended.test.ts',
  'test/io/ros-data.test.ts',
  'test/grid/inflation-ros.test.ts',
  'test/cli/ros-data.test.ts',
  'test/cli/trace.test.ts',
  'test/cli/hostile.test.ts',
  'test/bad-input/**/*.test.ts',
  'test/readme.test.ts',
  'test/differential/**/*.test.ts',
  'test/repair/repair-oracle.test.ts',
  'test/examples.test.ts',
  'test/grid/mapf-optimal.test.ts',
  'test/grid/mapf-ros.test.ts',
  // Property suites against brute force (seconds each): the whole run checks them, the inner loop need not.
  'test/core/floyd-warshall.test.ts',
  'test/core/two-ended-property.test.ts',
  'test/grid/line-of-sight.test.ts',
  'test/grid/any-angle.test.ts',
  'test/grid/smooth-path.test.ts',
  'test/cli/fleet.test.ts',
  'test/package.test.ts',
  'test/bench/costmap-native.test.ts',
];

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
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: INTEGRATION, isolate: false } },
      { extends: true, test: { name: 'integration', include: INTEGRATION } },
    ],
  },
});
