import 'katex/dist/katex.min.css';
import './style.css';
import { mountAsides } from './asides/asides.js';
import { fillCounterexample, fillHandTrace } from './math/hand-table.js';
import { StepPlayer } from './step-player/step-player.js';
import { wireTerms } from './theater/terms.js';
import { mountReplanner } from './replanner/replanner.js';
import { FieldWidget } from './field/field.js';
import { mountExercises } from './exercises/exercises.js';
import { Theater } from './theater/theater.js';
import { theaterWorld } from './theater/theater-world.js';

// Every widget is mounted into a box the HTML already sized, so nothing jumps.
const { world, caption, rooms } = theaterWorld();
const labels = rooms.map((r) => ({ cell: r.cell, text: r.name }));
const theater = new Theater(document.getElementById('theater')!, world, caption, labels);
const stepPlayer = new StepPlayer(document.getElementById('step-player')!);
fillHandTrace(document.getElementById('hand-trace') as HTMLTableElement, document.getElementById('hand-trace-summary')!);
fillCounterexample(document.getElementById('counterexample-run')!);
mountAsides(stepPlayer, theater);
wireTerms(document, (layer) => theater.setFocus(layer));
// Part 2: the D* Replanner, the universal-plan field, the ARA* lane and the exercises.
mountReplanner(document.getElementById('replanner')!, document.getElementById('replanner-apartment')!);
new FieldWidget(document.getElementById('field-widget')!);
mountExercises();
document.documentElement.dataset.ready = 'true';
