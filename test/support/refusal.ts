// What a refused call says: the one way the tests read an InputError's message.
import { expect } from 'vitest';
import { InputError } from '#bestfirst';

/** The InputError message `f()` throws, on one line (fails the test when it throws anything else or nothing). */
export function refusal(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    const m = (e as Error).message;
    expect(m).not.toContain('\n');
    return m;
  }
  throw new Error('expected an InputError, got a return');
}
