import { expect, test } from 'vitest';
import { pace } from '../../../cli/io.js';

// A progress line's pace, as a terminal shows it during a batch (scen, route --pairs, fleet sweeps).
test('pace: two significant digits under 100 a second, whole numbers from there, never exponent notation', () => {
  expect(pace(0, 10, 1, 'rows')).toBe('');
  expect(pace(3, 10, 0, 'rows')).toBe('');
  expect(pace(5, 10, 2, 'rows')).toBe(', 2.5 rows/s, 0:02 left');
  expect(pace(994, 2000, 10, 'rows')).toBe(', 99 rows/s, 0:10 left');
  // 99.5 to 100 a second: toPrecision(2) writes "1.0e+2" (a fleet sweep's progress test met it: 4 rows in 40 ms).
  expect(pace(4, 4, 0.0402, 'rows')).toBe(', 100 rows/s, 0:00 left');
  expect(pace(997, 2000, 10, 'rows')).toBe(', 100 rows/s, 0:10 left');
  expect(pace(1200, 2400, 1, 'pairs')).toBe(', 1200 pairs/s, 0:01 left');
  expect(pace(1, 3601 * 2, 1, 'rows')).toBe(', 1.0 rows/s, 2:00:01 left');
  for (let k = 1; k <= 2000; k++) expect(pace(k, 4000, 10, 'rows')).toMatch(/^, \d+(\.\d+)? rows\/s, \d+(:\d\d)+ left$/);
});
