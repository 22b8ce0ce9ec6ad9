import { describe, expect, it } from 'vitest';
import { createDeliveryMarker } from './sos-delivery';

const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

describe("SOS delivery 'sent' marks", () => {
  it('writes the marks of jobs running side by side in one statement, and each job waits for its own', async () => {
    const writes: number[][] = [];
    const started: number[][] = [];
    const marks = createDeliveryMarker(async (ids) => {
      started.push([...ids]);
      await tick(5);
      writes.push([...ids]);
    });
    const [a, b] = [marks(), marks()];
    a.mark(1);
    b.mark(2);
    a.mark(3);
    await tick(120);
    expect(writes).toEqual([[1, 2, 3]]);
    b.mark(4);
    // done() writes at once what is open: before a 0 ms timer fires, long before the 50 ms one.
    const bDone = b.done();
    await tick(0);
    expect(started).toEqual([[1, 2, 3], [4]]);
    await bDone;
    expect(writes).toEqual([[1, 2, 3], [4]]);
    await a.done();
    expect(writes).toHaveLength(2);
  });

  it('writes in order, and a failed write fails only the jobs whose marks it held', async () => {
    const writes: number[][] = [];
    let failNext = true;
    const marks = createDeliveryMarker(async (ids) => {
      await tick(5);
      if (failNext) {
        failNext = false;
        throw new Error('database unavailable');
      }
      writes.push([...ids]);
    });
    const [a, b] = [marks(), marks()];
    a.mark(1);
    const aDone = a.done();
    b.mark(2);
    await expect(aDone).rejects.toThrow('database unavailable');
    await expect(b.done()).resolves.toBeUndefined();
    expect(writes).toEqual([[2]]);
    // A job with no marks has nothing to wait for.
    await expect(marks().done()).resolves.toBeUndefined();
  });
});
