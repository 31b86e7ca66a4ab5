import { describe, expect, it } from 'vitest';
import { gateScenario } from '#bestfirst/worlds';
import { gateStory, LOWER_KIND, oneDecimal, RAISE_KIND } from '../../../web/src/replanner/gate-model.js';

describe('D* Replanner: the gate story frames', () => {
  const story = gateStory();
  const sc = gateScenario();
  const g = sc.world.grid;
  const at = (c: number, r: number) => g.idColRow(c, r);

  it('has one frame per repair pop, and the counts 15 / 5 / 32 of the library', () => {
    expect(story.repairTo - story.repairFrom).toBe(15);
    const last = story.frames[story.repairTo - 1];
    expect(last.pops).toBe(15);
    expect(last.raised).toBe(5);
    expect(story.scenario.freshPops).toBe(32);
    expect(story.frames.slice(story.repairFrom, story.repairTo).map((f) => f.pop!.node)).toEqual(sc.repairTrace.map((p) => p.node));
  });

  it('starts with h(2,1) = 7.0 and h(4,1) = 6.2, drives to (3,2), and repairs (3,2) to 7.6 via (4,1)', () => {
    const first = story.frames[0];
    expect(first.table.h[at(2, 1)]).toBeCloseTo(7.0, 12);
    expect(first.table.h[at(4, 1)]).toBeCloseTo(6.2, 12);
    expect(first.gateClosed).toBe(false);
    const closed = story.frames[story.repairFrom - 1];
    expect(closed.phase).toBe('closed');
    expect(closed.robot).toBe(at(3, 2));
    const repaired = story.frames[story.repairTo];
    expect(repaired.phase).toBe('repaired');
    expect(repaired.route.map((n) => g.formatColRow(n)).join(' ')).toBe('(3,2) (4,1) (5,2) (6,3) (7,4) (7,5) (7,6)');
    expect(repaired.table.h[at(3, 2)]).toBeCloseTo(7.6, 12);
    expect(repaired.b[at(3, 2)]).toBe(at(4, 1));
    expect(story.frames[story.frames.length - 1].robot).toBe(sc.world.goal);
  });

  it('pop 9 is (3,2) as RAISE at h 10004.2 and pop 10 is (4,1) as LOWER; kinds are recorded per cell', () => {
    const f9 = story.frames[story.repairFrom + 8], f10 = story.frames[story.repairFrom + 9];
    expect(f9.pop).toMatchObject({ node: at(3, 2), kind: 'RAISE' });
    expect(f9.pop!.h).toBeCloseTo(10004.2, 9);
    expect(f9.popKind[at(3, 2)]).toBe(RAISE_KIND);
    expect(f10.pop).toMatchObject({ node: at(4, 1), kind: 'LOWER' });
    expect(f10.popKind[at(4, 1)]).toBe(LOWER_KIND);
    // (3,1) is popped twice: RAISE at pop 12, LOWER at pop 15; the frame shows the latest.
    expect(story.frames[story.repairFrom + 11].popKind[at(3, 1)]).toBe(RAISE_KIND);
    expect(story.frames[story.repairTo - 1].popKind[at(3, 1)]).toBe(LOWER_KIND);
  });

  it('prints one decimal', () => {
    expect(oneDecimal(10004.2)).toBe('10004.2');
    expect(oneDecimal(7)).toBe('7.0');
    expect(oneDecimal(Infinity)).toBe('∞');
  });
});
