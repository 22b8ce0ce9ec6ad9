import { describe, expect, it } from 'vitest';
import { createPressureMonitor, pressureOf, type PressureReading } from './load-shedding';

const limits = { eventLoopDelayMs: 200, dbWaiting: 20, heapUsedPercent: 90 };
const calm: PressureReading = { eventLoopDelayMs: 5, dbWaiting: 0, heapUsedPercent: 30 };

describe('pressureOf', () => {
  it('is calm below every threshold', () => {
    expect(pressureOf(calm, limits)).toBeUndefined();
    expect(pressureOf({ eventLoopDelayMs: 199.9, dbWaiting: 19, heapUsedPercent: 89.9 }, limits)).toBeUndefined();
  });

  it('names the measure at or over its threshold', () => {
    expect(pressureOf({ ...calm, dbWaiting: 20 }, limits)).toBe('dbWaiting');
    expect(pressureOf({ ...calm, eventLoopDelayMs: 200 }, limits)).toBe('eventLoopDelayMs');
    expect(pressureOf({ ...calm, heapUsedPercent: 95 }, limits)).toBe('heapUsedPercent');
  });

  it('names the read pool first when several are over', () => {
    expect(pressureOf({ eventLoopDelayMs: 900, dbWaiting: 50, heapUsedPercent: 99 }, limits)).toBe('dbWaiting');
  });

  it('never sheds on a measure whose threshold is 0 (off)', () => {
    const off = { eventLoopDelayMs: 0, dbWaiting: 0, heapUsedPercent: 0 };
    expect(pressureOf({ eventLoopDelayMs: 10_000, dbWaiting: 10_000, heapUsedPercent: 100 }, off)).toBeUndefined();
    expect(pressureOf({ ...calm, dbWaiting: 1 }, { ...off, dbWaiting: 1 })).toBe('dbWaiting');
  });
});

describe('createPressureMonitor', () => {
  it('reads the pool live and measures a blocked event loop at the next sample', async () => {
    let waiting = 3;
    const monitor = createPressureMonitor(() => waiting, 50);
    try {
      expect(monitor.reading().dbWaiting).toBe(3);
      waiting = 7;
      expect(monitor.reading().dbWaiting).toBe(7);
      expect(monitor.reading().heapUsedPercent).toBeGreaterThan(0);
      expect(monitor.reading().heapUsedPercent).toBeLessThan(100);
      // Block the loop for 500 ms: the next sample's mean delay is far above the idle few ms.
      await new Promise((resolve) => setTimeout(resolve, 60));
      const until = Date.now() + 500;
      while (Date.now() < until);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(monitor.reading().eventLoopDelayMs).toBeGreaterThan(20);
    } finally {
      monitor.close();
    }
  });
});
