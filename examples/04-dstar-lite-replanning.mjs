// D* Lite drives a robot across a Moving AI map while short walls go up
// across its planned path, a few cells ahead. Each change is repaired, not
// searched again from scratch; after each repair the cost-to-go is checked
// against a fresh A* from where the robot stands.
// Run: node examples/04-dstar-lite-replanning.mjs
import { readFileSync } from 'node:fs';
import { findPath, octile } from 'bestfirst';
import { DStarLite } from 'bestfirst/repair';
import { parseMap } from 'bestfirst/io';

const grid = parseMap(readFileSync(new URL('../data/movingai/dao/den312d.map', import.meta.url), 'utf8'));
const start = grid.id(5, 5), goal = grid.id(60, 70);
const robot = new DStarLite(grid, start, goal, octile(grid));
console.log(`den312d (5,5) to (60,70): cost-to-go ${robot.costToGoal().toFixed(3)}, first search ${robot.lastRepair().pops} queue pops`);

let steps = 0, travelled = 0, walls = 0, pops = 0, expansions = 0;
while (robot.start !== goal) {
  const plan = robot.path();
  if (steps % 10 === 9 && plan.length > 6) {
    // Up to three cells across the path, four steps ahead, close.
    const ahead = plan[4], before = robot.costToGoal();
    const cells = [];
    for (let d = -1; d <= 1; d++) {
      const vertical = grid.x(plan[3]) === grid.x(ahead);
      const x = grid.x(ahead) + (vertical ? d : 0), y = grid.y(ahead) + (vertical ? 0 : d);
      if (grid.inside(x, y) && !grid.isBlocked(grid.id(x, y))) cells.push(grid.id(x, y));
    }
    // The grid tells D* Lite what its edits changed (grid.watchArcs): edit it,
    // then repair now with updateEdges() (the next query would repair anyway).
    for (const n of cells) grid.setBlocked(n, true);
    const repair = robot.updateEdges();
    const fresh = findPath(grid, robot.start, goal);
    if (Math.abs(fresh.cost - robot.costToGoal()) > 1e-9) throw new Error(`step ${steps}: D* Lite says ${robot.costToGoal()}, A* ${fresh.cost}`);
    walls++;
    pops += repair.pops;
    expansions += fresh.expansions;
    if (walls <= 3) {
      console.log(`step ${steps}: ${cells.length} cells close; cost-to-go ${before.toFixed(3)} -> ${robot.costToGoal().toFixed(3)} (fresh A* agrees); repair ${repair.pops} pops, fresh A* ${fresh.expansions} expansions`);
    }
  }
  const next = robot.nextStep();
  if (next === null) throw new Error('the goal became unreachable');
  const diagonal = grid.x(next) !== grid.x(robot.start) && grid.y(next) !== grid.y(robot.start);
  travelled += diagonal ? grid.diagonalCost : 1;
  robot.moveTo(next);
  steps++;
}
console.log(`${walls} walls, each repair equal to a fresh A*: ${pops} repair pops against ${expansions} A* expansions`);
console.log(`arrived after ${steps} steps, ${travelled.toFixed(3)} travelled`);
