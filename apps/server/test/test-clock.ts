import type { Clock } from '../src/core/clock';

/** A clock tests move by hand: `clock.advance(31_000)` instead of sleeping 31 s. */
export interface TestClock {
  now: Clock;
  advance(ms: number): void;
  set(date: Date): void;
}

export function createTestClock(start: Date = new Date()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
}
