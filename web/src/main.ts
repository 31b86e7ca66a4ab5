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
import { mountNear, nextTask, type MountTask } from './common/schedule.js';
import { mathFigureTasks, openingTasks } from './opening/opening.js';

// The text paints first; each widget then mounts in a task of its own, into a
// box the HTML already sized (so nothing jumps), when the reader comes within
// a screen of it. A figure never reached costs nothing.
const byId = (id: string) => document.getElementById(id)!;
let theater: Theater | null = null;
let stepPlayer: StepPlayer | null = null;
const tasks: MountTask[] = [
  ...openingTasks(),
  {
    name: 'theater', near: byId('theater'), run: () => {
      const { world, caption, rooms } = theaterWorld();
      theater = new Theater(byId('theater'), world, caption, rooms.map((r) => ({ cell: r.cell, text: r.name })));
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
  { name: 'asides', near: document.querySelector('.asides'), needs: ['step player', 'theater'], run: () => mountAsides(stepPlayer!, theater!) },
  { name: 'gate world', near: byId('replanner'), run: () => { new GateReplanner(byId('replanner')); } },
  {
    // The drive's first run (a D* Lite drive with its repairs, and a fresh A* at each) is a task of its own.
    name: 'apartment', near: byId('replanner-apartment'), run: () => {
      const apartment = new ApartmentReplanner(byId('replanner-apartment'));
      return new Promise<void>((ok) => nextTask(() => { apartment.rerun(); ok(); }));
    },
  },
  { name: 'field', near: byId('field-widget'), run: () => { new FieldWidget(byId('field-widget')); } },
  { name: 'configuration space', near: byId('cspace-widget'), run: () => new CSpaceWidget(byId('cspace-widget')).settled },
  { name: 'robot', near: byId('robot-widget'), run: () => new RobotWidget(byId('robot-widget')).ready },
  { name: 'lee', near: byId('lee-widget'), run: () => { new LeeWidget(byId('lee-widget')).mount(); } },
  { name: 'area costs', near: byId('area-widget'), run: () => { new AreaCostsWidget(byId('area-widget')); } },
  { name: 'warehouse', near: byId('warehouse-widget'), run: () => { new WarehouseWidget(byId('warehouse-widget')); } },
  ...exerciseTasks(),
];
const record: Record<string, number> = {};
// What each mount took (name -> ms), on the page for its tests and benchmark.
const mounting = mountNear(tasks, () => { document.documentElement.dataset.ready = 'true'; }, record, () => {
  document.documentElement.dataset.mountMs = JSON.stringify(record);
});
// A term anywhere in the prose lights its layer in the theater: pointing at
// one far below, before the reader has scrolled past the theater, mounts it.
wireTerms(document, (layer) => {
  if (layer !== null) mounting.now('theater');
  theater?.setFocus(layer);
});
addEventListener('beforeprint', () => mounting.all());
