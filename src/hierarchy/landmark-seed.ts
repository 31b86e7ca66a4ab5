/** How many nodes, spread over the eligible ones, are tried as the seed. */
const PROBES = 8;

/**
 * Where landmarks picked farthest first should start: a node of the largest
 * connected region among those of a few probes. Farthest first from an
 * arbitrary node (the first free cell, subgoal 0) keeps every landmark in
 * that node's region, and a speck of free space walled in at a map's corner
 * would then take them all, leaving the rest of the map no bound at all.
 *
 * Probes the eligible nodes at positions 0, 1/8, 2/8 ... of the `count`
 * eligible ones (in id order, out of ids 0 to `size` - 1), floods from each
 * (`flood` returns how many nodes it reached) and keeps the one that reached
 * most, stopping once one has reached half of them or more. When it returns, the
 * last flood run was the seed's, so the caller's distances are the seed's.
 * Returns -1 when no node is eligible. With the first probe's region over
 * half of the nodes (most maps) this costs the one flood the caller needed
 * anyway.
 */
export function landmarkSeed(size: number, eligible: (n: number) => boolean, count: number, flood: (n: number) => number): number {
  let seed = -1, seedReach = -1, last = -1;
  // n: the next id to look at; seen: the eligible ids before it.
  for (let k = 0, seen = 0, n = 0; k < PROBES && seedReach * 2 < count; k++) {
    const want = Math.floor((k * count) / PROBES);
    if (want < seen) continue; // fewer eligible nodes than probes: this position was probed
    for (; n < size; n++) if (eligible(n) && seen++ === want) break;
    if (n >= size) break;
    last = n++;
    const reach = flood(last);
    if (reach > seedReach) { seed = last; seedReach = reach; }
  }
  if (seed >= 0 && last !== seed) flood(seed);
  return seed;
}
