// Makes street-parking.yaml and street-parking.pgm.gz (a ROS map_server map)
// in the folder given, or beside this script:
//
//   node data/made/street-parking.mjs [OUT_DIR]
//
// A street 30 m x 10 m in cells of 0.1 m: a kerb along the south edge, a
// wall along the north one, and a row of four parked cars (4.4 m x 1.8 m,
// 0.2 m off the kerb) with a free slot of 6.8 m between the second and the
// third. The picture of a car parking backwards into that slot
// (docs/guide/kinematic.md) is planned on it. Every value below is in
// metres; a cell is occupied when its centre lies in a rectangle.
// No dependencies, and deterministic: the PGM bytes are fixed by this file,
// and the test of the picture rebuilds them and compares them with the
// committed image, unzipped.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const RESOLUTION = 0.1;
const WIDTH = 300; // 30 m
const HEIGHT = 100; // 10 m
/** [x0, y0, x1, y1]: what is occupied, in the map frame (origin at the lower-left corner, y north). */
const OCCUPIED = [
  [0, 0, 30, 0.5], // the kerb and the pavement behind it
  [0, 9.5, 30, 10], // the far side of the street
  [0.6, 0.7, 5.0, 2.5], // parked cars, 4.4 m x 1.8 m, 0.2 m off the kerb
  [5.6, 0.7, 10.0, 2.5],
  [16.8, 0.7, 21.2, 2.5], // the slot is x 10.0 .. 16.8
  [21.8, 0.7, 26.2, 2.5],
];

export function streetParking() {
  const pixels = new Uint8Array(WIDTH * HEIGHT).fill(254); // free
  for (let row = 0; row < HEIGHT; row++) {
    // The image's first row is the map's north edge.
    const y = (HEIGHT - 1 - row + 0.5) * RESOLUTION;
    for (let col = 0; col < WIDTH; col++) {
      const x = (col + 0.5) * RESOLUTION;
      if (OCCUPIED.some(([x0, y0, x1, y1]) => x > x0 && x < x1 && y > y0 && y < y1)) pixels[row * WIDTH + col] = 0;
    }
  }
  const pgm = Buffer.concat([Buffer.from(`P5\n# street-parking.mjs\n${WIDTH} ${HEIGHT}\n255\n`, 'latin1'), pixels]);
  const yaml = 'image: street-parking.pgm\nmode: trinary\nresolution: 0.1\norigin: [0, 0, 0]\nnegate: 0\noccupied_thresh: 0.65\nfree_thresh: 0.196\n';
  return { pgm, yaml };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = process.argv[2] ?? dirname(fileURLToPath(import.meta.url));
  const { pgm, yaml } = streetParking();
  writeFileSync(join(out, 'street-parking.yaml'), yaml);
  // -n as gzip has it: no name and no time in the header, so the same bytes every run.
  writeFileSync(join(out, 'street-parking.pgm.gz'), gzipSync(pgm, { level: 9 }));
}
