// The Apartment's entry points refuse a bad argument with an InputError naming it.
import { expect, test } from 'vitest';
import { InputError } from '#bestfirst';
import { apartmentPlan, apartmentWorld, doorClosesScenario } from '#bestfirst/worlds';

test('apartmentPlan and apartmentWorld', () => {
  expect(() => apartmentPlan('kitchen' as never)).toThrow(InputError);
  expect(() => apartmentPlan('kitchen' as never)).toThrow(/apartmentPlan: closed must be an array of door names, got "kitchen"/);
  expect(() => apartmentPlan(['pantry'])).toThrow(/no door named "pantry"/);
  expect(() => apartmentWorld({ close: ['kitchen'] } as never)).toThrow(/apartmentWorld: unknown option "close" \(allowed: closed\)/);
  expect(apartmentPlan(['kitchen']).door('kitchen').open).toBe(false);
});

test('doorClosesScenario', () => {
  expect(() => doorClosesScenario({ closeAt: -1 })).toThrow(InputError);
  expect(() => doorClosesScenario({ closeAt: '2' as never })).toThrow(/closeAt must be an integer step in 0\.\.\d+ .* got "2"/);
  expect(() => doorClosesScenario({ closure: 'attic' })).toThrow(InputError);
  expect(() => doorClosesScenario({ closure: 3 as never })).toThrow(/doorClosesScenario: closure must be one of halfway, room, corridor or a door's name, got 3/);
  expect(() => doorClosesScenario({ closeat: 2 } as never)).toThrow(/doorClosesScenario: unknown option "closeat" \(allowed: closeAt, closure, start, goal\)/);
});
