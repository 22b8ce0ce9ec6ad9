import { sql } from 'kysely';
import type { Clock } from '../clock';
import type { DbRef } from '../db/db-ref';
import type { DeliveryChannel, DeliveryOutcome } from '../db/tables/operations';

/** Counts older than this are dropped: the status screen shows the last hour. */
const KEEP_MS = 7 * 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;

export interface DeliveryCounter {
  add(channel: DeliveryChannel, outcome: DeliveryOutcome, count: number): void;
  /** Adds what this process counted since the last flush to `delivery_counts`. */
  flush(): Promise<void>;
  start(): void;
  /** Stops the timer and writes what is left. */
  stop(): Promise<void>;
}

/**
 * Each process counts deliveries per minute in memory and adds them to the shared table every
 * `flushMs`, so the status screen reads the same figures whichever process answers it. A count
 * that cannot be written is kept for the next flush; a crash loses at most `flushMs` of them.
 */
export function createDeliveryCounter({
  dbRef,
  clock,
  flushMs,
  log,
}: {
  dbRef: DbRef;
  clock: Clock;
  flushMs: number;
  log: { warn(obj: object, msg: string): void };
}): DeliveryCounter {
  let pending = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();
  let lastPrune = 0;

  async function write(): Promise<void> {
    if (pending.size === 0 || !dbRef.ready) return;
    const batch = pending;
    pending = new Map();
    const rows = [...batch].map(([key, count]) => {
      const [minute, channel, outcome] = key.split('|') as [string, DeliveryChannel, DeliveryOutcome];
      return { minute: new Date(Number(minute)), channel, outcome, count };
    });
    try {
      await dbRef.db
        .insertInto('delivery_counts')
        .values(rows)
        .onConflict((oc) => oc.columns(['minute', 'channel', 'outcome']).doUpdateSet({ count: sql<number>`delivery_counts.count + excluded.count` }))
        .execute();
      const now = clock().getTime();
      if (now - lastPrune > PRUNE_EVERY_MS) {
        lastPrune = now;
        await dbRef.db
          .deleteFrom('delivery_counts')
          .where('minute', '<', new Date(now - KEEP_MS))
          .execute();
      }
    } catch (error) {
      for (const [key, count] of batch) pending.set(key, (pending.get(key) ?? 0) + count);
      log.warn({ reason: String(error) }, 'delivery counts were not written; they are kept for the next try');
    }
  }

  const flush = () => (flushing = flushing.then(write));

  return {
    add(channel, outcome, count) {
      if (count <= 0) return;
      const minute = Math.floor(clock().getTime() / 60_000) * 60_000;
      const key = `${minute}|${channel}|${outcome}`;
      pending.set(key, (pending.get(key) ?? 0) + count);
    },
    flush,
    start() {
      if (timer) return;
      timer = setInterval(() => void flush(), flushMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await flush();
    },
  };
}
