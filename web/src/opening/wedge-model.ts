import { naiveOpening, type NaiveResult, type ApartmentWorld } from '#bestfirst/worlds';

/** The opening's first figure: the library's naive controller, Rusty in room A aiming at room B. */
export interface WedgeStory {
  world: ApartmentWorld;
  naive: NaiveResult;
  /** Metres from the centre of each cell of the drive to the goal's, straight through any wall. */
  toGoal: number[];
  /** The door the controller would have needed, as the library found it. */
  door: { name: string; cells: readonly number[]; distance: number; bearing: number } | null;
}

export function wedgeStory(): WedgeStory {
  const { world, ...naive } = naiveOpening();
  const g = world.cspace.centre(world.goal);
  const toGoal = naive.path.map((n) => { const c = world.cspace.centre(n); return Math.hypot(c.x - g.x, c.y - g.y); });
  const near = naive.nearestDoor;
  const d = near ? world.doors.find((x) => x.name === near.name) : undefined;
  return {
    world, naive, toGoal,
    door: near && d ? { name: near.name, cells: d.cells, distance: near.distance, bearing: near.relativeBearing } : null,
  };
}

/** One decimal, as the chapter quotes distances (2.2 m). */
export const metres1 = (v: number): string => `${v.toFixed(1)} m`;

/** The sentence under the figure when the drive stands at cell `k` of its path. */
export function wedgeLine(s: WedgeStory, k: number): string {
  const { naive, world } = s;
  const g = world.grid;
  const last = naive.path.length - 1;
  if (k < last) {
    return `Move ${k} of ${last}: Rusty at ${g.formatXY(naive.path[k])} turns toward the goal and rolls on. It is ${metres1(s.toGoal[k])} away in a straight line.`;
  }
  const here = world.cspace.roomOf(naive.stop), there = world.cspace.roomOf(world.goal);
  let line = naive.reached
    ? `Rusty reached the goal.`
    : `Rusty is stuck at ${g.formatXY(naive.stop)}, nose against the wall${here && there && here !== there ? ` between ${here} and ${there}` : ''}. `
      + `The goal is only ${metres1(naive.distance)} away, but on the far side of that wall.`;
  if (!naive.reached && s.door) {
    const side = s.door.bearing >= 0 ? 'left' : 'right';
    const behind = Math.abs(s.door.bearing) > 90 ? ', a little behind it' : '';
    line += ` The doorway it needs (${s.door.name}) is ${metres1(s.door.distance)} away, ${Math.round(Math.abs(s.door.bearing))}° to its ${side}${behind}.`;
  }
  return line;
}
