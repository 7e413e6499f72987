// The Worker's clock in a test (docs/operations.md#tests). The Worker under test runs in the
// test's own isolate, so vitest's fake Date is the Worker's Date too: a test stops the clock,
// moves it, and gives it back. Only Date is faked: timers, the queues and D1 run as ever, and a
// test never waits for time to pass.
import { vi } from 'vitest';

/** Stops the clock at `at` (UTC ms or ISO text; now when left out) for the test and the Worker; answers it in ms. */
export function clockAt(at: number | string = Date.now()): number {
  const ms = typeof at === 'string' ? Date.parse(at) : at;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
  return ms;
}

/** Moves the stopped clock `ms` forward; answers the new instant in ms. */
export function clockForward(ms: number): number {
  return clockAt(Date.now() + ms);
}

/** The real clock again (afterEach of a file that stops it). */
export function realClock(): void {
  vi.useRealTimers();
}
