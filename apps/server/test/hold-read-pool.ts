import { sql } from 'kysely';
import type { DbHandle } from '../src/core/db/database';

/**
 * Overload on demand: `waiting` queries wait for a read connection, as under a flood of reads,
 * until the returned release lets them all through. On PostgreSQL it takes every connection of
 * the read pool and queues `waiting` more behind them; on the embedded database (one
 * connection) it holds the read lane's queue and queues `waiting` reads in it, so the
 * connection itself stays free for the SOS lane, which goes first whatever is queued. The SOS
 * pool is never touched.
 */
export async function holdReadPool(handle: DbHandle, waiting: number): Promise<() => Promise<void>> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const resume = handle.holdReads?.();
  const holders: Array<Promise<unknown>> = [];
  const deadline = Date.now() + 10_000;
  const queued = () => handle.waiting?.('read') ?? 0;
  const release = async () => {
    open();
    resume?.();
    await Promise.all(holders);
  };
  try {
    while (queued() < waiting) {
      if (Date.now() > deadline) throw new Error(`the read pool has ${queued()} waiting, not ${waiting}`);
      holders.push(resume ? sql`SELECT 1`.execute(handle.db) : handle.db.connection().execute(() => gate));
      // Let the pool hand out or queue the request before counting again.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } catch (error) {
    await release();
    throw error;
  }
  return release;
}
