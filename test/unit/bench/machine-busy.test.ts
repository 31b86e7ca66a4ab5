// machineBusy (bench/bench-measure.ts): the benchmark's verdict on whether
// other processes took the machine. Its end-of-run load average counts the
// run's own process, so on two cores a run alone at load 1.1 is not busy; it
// was reported busy before, every run.
import { expect, test } from 'vitest';
import { machineBusy } from '../../../bench/bench-measure.js';

test('busy: a timed loop under 90% of a core, or a load average that leaves the run less than a core (the run itself counted at the end)', () => {
  const cases: [number, number, number, number, boolean][] = [
    // share, load at start, load at end, cores, busy
    [1.0, 0.4, 1.1, 2, false], // the run alone: its own process is the 1 at the end
    [1.0, 0.9, 2.0, 2, false],
    [1.0, 1.3, 1.1, 2, true], // something else ran as it started
    [1.0, 0.4, 2.4, 2, true], // something else ran beside it
    [0.85, 0.4, 1.0, 2, true], // a timed loop lost the CPU
    [1.0, 2.9, 3.5, 4, false],
    [1.0, 3.2, 3.5, 4, true],
  ];
  for (const [share, start, end, cores, busy] of cases) expect(machineBusy(share, start, end, cores), `${share} ${start} ${end} ${cores}`).toBe(busy);
});
