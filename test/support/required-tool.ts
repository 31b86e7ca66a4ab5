// A suite that needs a tool beside Node (Chromium, g++): without it the suite is skipped, never
// quietly: a banner, or, when its variable is set (CI sets both), a failing test in its place.
import { describe, it } from 'vitest';

export interface ToolCheck {
  /** The suite, as the banner names it. */
  suite: string;
  /** Whether the tool is there. */
  present: boolean;
  /** What was not found, and what did not run for it. */
  missing: string;
  /** The command that installs it. */
  install: string;
  /** The variable that makes its absence a failure. */
  env: string;
}

/** Whether the suite runs; prints the banner when it is skipped. `mustFail`: missing but required. */
export function toolAvailability(t: ToolCheck): { run: boolean; mustFail: boolean } {
  if (t.present) return { run: true, mustFail: false };
  const required = process.env[t.env] === '1';
  if (!required) {
    const bar = '!'.repeat(78);
    console.warn(`\n${bar}\n!! SKIPPED: ${t.suite}\n!! ${t.missing}\n!! Install it with:  ${t.install}   (or set ${t.env}=1 to make this a failure)\n${bar}\n`);
  }
  return { run: false, mustFail: required };
}

/** Registers the failing test that stands in for the suite when the tool is missing but required; nothing otherwise. */
export function failWithoutTool(avail: { mustFail: boolean }, t: ToolCheck): void {
  if (!avail.mustFail) return;
  describe(t.suite, () => {
    it(`needs what was not found (${t.env}=1)`, () => {
      throw new Error(`${t.missing} ${t.env}=1 makes that a failure: install it with ${t.install}`);
    });
  });
}
