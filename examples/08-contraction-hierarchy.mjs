// A contraction hierarchy on a DIMACS road graph (the middle of Amsterdam):
// built once, saved as bytes to a file, loaded from the file as a program
// that starts later would load it, and queried; every answer is checked
// against Dijkstra on the same graph.
// Run: node examples/08-contraction-hierarchy.mjs
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ContractionHierarchy, dijkstra } from 'bestfirst';
import { parseGr } from 'bestfirst/io';

const file = 'data/dimacs/amsterdam-centre.gr';
const graph = parseGr(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8'), file);
console.log(`${file}: ${graph.size} nodes, ${graph.arcCount} arcs`);

const built = new ContractionHierarchy(graph);
const dir = mkdtempSync(join(tmpdir(), 'bestfirst-ch-'));
const saved = join(dir, 'amsterdam-centre.ch');
try {
  writeFileSync(saved, built.save());
  const bytes = readFileSync(saved);
  console.log(`built in ${built.buildMs.toFixed(1)} ms, ${built.shortcuts} shortcuts; saved as ${bytes.length} bytes`);

  // The next run of the program: the same graph, the hierarchy from the file.
  const ch = new ContractionHierarchy(graph, { saved: bytes });
  console.log(`loaded in ${ch.loadMs.toFixed(1)} ms (builds: ${ch.builds})`);

  let same = 0, settled = 0, expansions = 0;
  const pairs = [[0, 617], [5, 400], [100, 791], [250, 20], [700, 3]]; // the file's nodes are these plus 1
  for (const [s, t] of pairs) {
    ch.search(s, t);
    const d = dijkstra(graph, s, t);
    if (ch.cost !== d.cost) throw new Error(`${s} -> ${t}: the hierarchy says ${ch.cost}, Dijkstra ${d.cost}`);
    same++;
    settled += ch.expansions;
    expansions += d.expansions;
    console.log(`${s + 1} -> ${t + 1}: ${ch.cost} over ${ch.path().length - 1} arcs, ${ch.expansions} nodes settled (Dijkstra ${d.expansions})`);
  }
  console.log(`${same} of ${pairs.length} queries equal to Dijkstra; ${settled} nodes settled against ${expansions}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
