import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Clock } from '../../core/clock';
import type { DbRef } from '../../core/db/db-ref';
import { backoffMs, createOutboxRepository } from '../../core/outbox';

/**
 * The escalation stages of many timers, claimed together. 1,000 timers falling due in the
 * same second are 1,000 outbox rows per stage; one job each through the app-wide outbox (32
 * a round, a few queries and a push or an SMS each) left them seconds late. This pass claims
 * every due stage row at once (`FOR UPDATE SKIP LOCKED`, leased like the outbox's own claims,
 * so the two never hold the same row) and hands them to one set-based run.
 */

export interface StageJob {
  id: number;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
}

export interface StageSchedulerOptions {
  dbRef: DbRef;
  clock: Clock;
  topic: string;
  /** Runs one batch of stage jobs: the error of each job to try again, by its position (throws when all must be). */
  run: (payloads: ReadonlyArray<Record<string, unknown>>, now: Date) => Promise<Map<number, unknown>>;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Told, for each stage's first try, how late it started (seconds after it was due). */
  onLateness?: (seconds: number) => void;
  /** The longest sleep between looks when nothing is due (a timer started meanwhile is never sooner than this). */
  idleMs?: number;
  batchSize?: number;
  leaseMs?: number;
}

export interface StageScheduler {
  readonly id: string;
  start(): void;
  stop(): Promise<void>;
  /** Runs passes until none is due (tests, and the bench's check). */
  drain(): Promise<void>;
}

export function createStageScheduler(options: StageSchedulerOptions): StageScheduler {
  const { dbRef, clock, topic, run, log } = options;
  const idleMs = options.idleMs ?? 1000;
  const batchSize = options.batchSize ?? 2000;
  const leaseMs = options.leaseMs ?? 30_000;
  const id = `timers-${process.pid}-${randomBytes(3).toString('hex')}`;
  const outbox = createOutboxRepository(dbRef);
  let running = false;
  let sleeper: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  let loop: Promise<void> | undefined;

  async function claim(now: Date): Promise<StageJob[]> {
    const result = await sql<{ id: string | number; payload: Record<string, unknown>; attempts: number; max_attempts: number; due_at: Date | string }>`
      UPDATE outbox SET locked_until = ${new Date(now.getTime() + leaseMs)}, locked_by = ${id}, attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM outbox
        WHERE status = 'pending' AND topic = ${topic} AND next_attempt_at <= ${now} AND (locked_until IS NULL OR locked_until <= ${now})
        ORDER BY next_attempt_at, id
        LIMIT ${batchSize}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, payload, attempts, max_attempts, next_attempt_at AS due_at`.execute(dbRef.db);
    for (const r of result.rows) {
      if (r.attempts === 1) options.onLateness?.(Math.max(0, now.getTime() - new Date(r.due_at).getTime()) / 1000);
    }
    return result.rows.map((r) => ({ id: Number(r.id), payload: r.payload, attempts: r.attempts, maxAttempts: r.max_attempts })).sort((a, b) => a.id - b.id);
  }

  /** One pass: what is due now, run together; the number of rows claimed. */
  async function pass(): Promise<number> {
    const now = clock();
    const jobs = await claim(now);
    if (jobs.length === 0) return 0;
    let failures: Map<number, unknown>;
    try {
      failures = await run(
        jobs.map((j) => j.payload),
        now,
      );
    } catch (error) {
      // The whole batch goes back with backoff; every part of a stage is safe to run again.
      failures = new Map(jobs.map((_, i) => [i, error]));
    }
    const retried = jobs.flatMap((job, i) => (failures.has(i) ? [{ job, error: failures.get(i) }] : []));
    for (const { job, error } of retried) {
      const reason = error instanceof Error ? error.message : String(error);
      const dead = job.attempts >= job.maxAttempts;
      await outbox.fail(job.id, reason, dead ? null : new Date(clock().getTime() + backoffMs(job.attempts)));
      if (dead) log.error({ jobId: job.id, reason }, 'safety timer stage gave up');
      else log.warn({ jobId: job.id, reason }, 'safety timer stage will be retried');
    }
    await outbox.complete(
      jobs.filter((_, i) => !failures.has(i)).map((j) => j.id),
      clock(),
    );
    return jobs.length;
  }

  /** How long to sleep: until the next stage falls due, at most `idleMs`. */
  async function nextDueInMs(): Promise<number> {
    const row = await sql<{ at: Date | string }>`
      SELECT next_attempt_at AS at FROM outbox
      WHERE status = 'pending' AND topic = ${topic}
      ORDER BY next_attempt_at, id LIMIT 1`.execute(dbRef.db);
    const at = row.rows[0]?.at;
    if (at === undefined) return idleMs;
    return Math.min(idleMs, Math.max(0, new Date(at).getTime() - clock().getTime()));
  }

  async function sleep(ms: number): Promise<void> {
    await new Promise<void>((resolve) => {
      wake = resolve;
      sleeper = setTimeout(resolve, ms);
    });
    wake = undefined;
    sleeper = undefined;
  }

  async function runLoop(): Promise<void> {
    while (running) {
      try {
        if ((await pass()) > 0) continue;
        const wait = await nextDueInMs();
        // A row due within a few ms: claim it on time rather than sleep past it.
        if (wait > 0 && running) await sleep(wait);
      } catch (error) {
        log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'safety timer scheduler pass failed');
        if (running) await sleep(idleMs);
      }
    }
  }

  return {
    id,
    start() {
      if (running) return;
      running = true;
      loop = dbRef.whenReady.then(runLoop, () => undefined);
    },
    async stop() {
      running = false;
      if (sleeper) clearTimeout(sleeper);
      wake?.();
      await loop;
    },
    async drain() {
      while ((await pass()) > 0);
    },
  };
}

/**
 * Gathers the calls made in one turn of the event loop into one batch: the app-wide outbox
 * hands a stage job to its handler one at a time, all of a round's jobs in the same turn.
 * `run` returns, by position, the error of each item that failed (undefined: done).
 */
export function batchedByTurn<T>(run: (items: T[]) => Promise<unknown[]>): (item: T) => Promise<void> {
  let open: { items: T[]; done: Promise<unknown[]> } | undefined;
  return async (item) => {
    if (!open) {
      const batch: { items: T[]; done: Promise<unknown[]> } = { items: [], done: Promise.resolve([]) };
      batch.done = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        open = undefined;
        return run(batch.items);
      });
      open = batch;
    }
    const index = open.items.push(item) - 1;
    const error = (await open.done)[index];
    if (error !== undefined) throw error instanceof Error ? error : new Error('safety timer stage failed');
  };
}
