import { test } from 'vitest';
import { reedsSheppCurves } from '#bestfirst/kinematic';
test('scratch', () => {
  let s = 12345; const rnd = () => { s = (s * 16807) % 2147483647; return s / 2147483647; };
  let n = 0;
  for (let i = 0; i < 30000 && n < 5; i++) {
    const to = { x: (rnd() - 0.5) * 6, y: (rnd() - 0.5) * 6, theta: (rnd() - 0.5) * 2 * Math.PI };
    const all = reedsSheppCurves({ x: 0, y: 0, theta: 0 }, to, 1);
    if (all[0].family === 'C|C|C') { n++; console.log(all.slice(0, 4).map((c) => [c.family, c.word, c.length, c.segments.map((x) => x.length)])); }
  }
});
