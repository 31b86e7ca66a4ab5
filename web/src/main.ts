import 'katex/dist/katex.min.css';
import './style.css';
import './interaction.css';
import { mountAsides } from './asides/asides.js';
import { fillCounterexample, fillHandTrace } from './math/hand-table.js';
import { StepPlayer } from './step-player/step-player.js';
import { wireTerms } from './theater/terms.js';
import { ApartmentReplanner } from './replanner/apartment.js';
import { GateReplanner } from './replanner/gate.js';
import { FieldWidget } from './field/field.js';
import { LeeWidget } from './lee/lee.js';
import { AreaCostsWidget } from './areas/area-costs.js';
import { WarehouseWidget } from './warehouse/warehouse.js';
import { RobotWidget } from './costmap/robot.js';
import { CSpaceWidget } from './cspace/cspace.js';
import { exerciseTasks } from './exercises/exercises.js';
import { Theater } from './theater/theater.js';
import { OwnMapPanel } from './own-map/own-map.js';
import { theaterWorld } from './theater/theater-world.js';
import { mountInOrder, type MountTask } from './common/schedule.js';
import { mathFigureTasks, openingTasks } from './opening/opening.js';

// The text paints first; every widget then mounts in a task of its own, into a
// box the HTML already sized (so nothing jumps), in reading order, except that
// a box the reader scrolls toward jumps the queue.
const byId = (id: string) => document.getElementById(id)!;
let theater: Theater | null = null;
let stepPlayer: StepPlayer | null = null;
const tasks: MountTask[] = [
  ...openingTasks(),
  {
    name: 'theater', near: byId('theater'), run: () => {
      const { world, caption, rooms } = theaterWorld();
      theater = new Theater(byId('theater'), world, caption, rooms.map((r) => ({ cell: r.cell, text: r.name })));
      wireTerms(document, (layer) => theater!.setFocus(layer));
    },
  },
  { name: 'own map', near: byId('own-map'), run: () => { new OwnMapPanel(byId('own-map')); } },
  {
    name: 'math', near: byId('hand-trace'), run: () => {
      fillHandTrace(byId('hand-trace') as HTMLTableElement, byId('hand-trace-summary'));
      fillCounterexample(byId('counterexample-run'));
    },
  },
  ...mathFigureTasks(),
  { name: 'step player', near: byId('step-player'), run: () => { stepPlayer = new StepPlayer(byId('step-player')); } },
  { name: 'asides', near: document.querySelector('.asides'), run: () => mountAsides(stepPlayer!, theater!) },
  { name: 'gate world', near: byId('replanner'), run: () => { new GateReplanner(byId('replanner')); } },
  { name: 'apartment', near: byId('replanner-apartment'), run: () => { new ApartmentReplanner(byId('replanner-apartment')); } },
  { name: 'field', near: byId('field-widget'), run: () => { new FieldWidget(byId('field-widget')); } },
  { name: 'configuration space', near: byId('cspace-widget'), run: () => { new CSpaceWidget(byId('cspace-widget')); } },
  { name: 'robot', near: byId('robot-widget'), run: () => { new RobotWidget(byId('robot-widget')); } },
  { name: 'lee', near: byId('lee-widget'), run: () => { new LeeWidget(byId('lee-widget')).mount(); } },
  { name: 'area costs', near: byId('area-widget'), run: () => { new AreaCostsWidget(byId('area-widget')); } },
  { name: 'warehouse', near: byId('warehouse-widget'), run: () => { new WarehouseWidget(byId('warehouse-widget')); } },
  ...exerciseTasks(),
];
const record: Record<string, number> = {};
mountInOrder(tasks, () => {
  document.documentElement.dataset.mountMs = JSON.stringify(record);
  document.documentElement.dataset.ready = 'true';
}, record);
