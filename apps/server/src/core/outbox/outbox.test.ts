import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../test/build';
import { waitFor } from '../../../test/wait-for';
import { DbRef } from '../db/db-ref';
import { backoffMs, createOutboxRepository, createOutboxWorker, enqueue, PermanentJobError, type OutboxHandler } from './index';

const t = build();
let repository: ReturnType<typeof createOutboxRepository>;

beforeAll(async () => {
  // The app's own worker would take these rows; the tests drive their own workers.
  await t.app.outbox.stop();
  repository = createOutboxRepository(new DbRef({ db: t.db, kind: t.kind, close: async () => undefined }));
});

function recordingLog() {
  const lines: Array<{ level: string; msg: string }> = [];
  const at = (level: string) => (_obj: object, msg: string) => lines.push({ level, msg });
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
}

function worker(handlers: Record<string, OutboxHandler>, leaseMs = 60_000) {
  const log = recordingLog();
  return { log, worker: createOutboxWorker({ repository, handlers, clock: t.clock.now, log, pollMs: 1000, leaseMs }) };
}

const rowsOf = (topic: string) =>
  t.db
    .selectFrom('outbox')
    .select(['id', 'status', 'attempts', 'next_attempt_at', 'last_error', 'delivered_at'])
    .where('topic', '=', topic)
    .orderBy('id')
    .execute();

/** The one pending row of `topic`, matching `expected`: its wait until the next attempt, checked to be within [minMs, maxMs]. */
async function pendingWait(topic: string, expected: object, minMs: number, maxMs: number): Promise<number> {
  const [row] = await rowsOf(topic);
  expect(row).toMatchObject({ status: 'pending', ...expected });
  const wait = new Date(row!.next_attempt_at).getTime() - t.clock.now().getTime();
  expect(wait).toBeGreaterThanOrEqual(minMs);
  expect(wait).toBeLessThanOrEqual(maxMs);
  return wait;
}

describe('backoffMs', () => {
  it('doubles from 1 s with ±20 % jitter and stops growing at 5 minutes', () => {
    expect(backoffMs(1, () => 0.5)).toBe(1000);
    expect(backoffMs(2, () => 0.5)).toBe(2000);
    expect(backoffMs(4, () => 0.5)).toBe(8000);
    expect(backoffMs(3, () => 0)).toBe(3200);
    expect(backoffMs(3, () => 1)).toBe(4800);
    expect(backoffMs(30, () => 0.5)).toBe(300_000);
  });
});

describe('outbox worker', () => {
  it('retries a failing job with backoff and delivers it once it succeeds', async () => {
    let calls = 0;
    const { worker: w, log } = worker({
      'test.flaky': async () => {
        calls += 1;
        if (calls < 3) throw new Error(`gateway down ${calls}`);
      },
    });
    await enqueue(t.db, [{ topic: 'test.flaky', payload: { n: 1 }, dueAt: t.clock.now() }]);
    await w.drain();
    const wait1 = await pendingWait('test.flaky', { attempts: 1, last_error: 'gateway down 1' }, 800, 1200);

    t.clock.advance(wait1);
    await w.drain();
    const wait2 = await pendingWait('test.flaky', { attempts: 2 }, 1600, 2400);

    t.clock.advance(wait2);
    await w.drain();
    const [row] = await rowsOf('test.flaky');
    expect(row).toMatchObject({ status: 'delivered', attempts: 3, delivered_at: expect.any(Date) });
    expect(calls).toBe(3);
    expect(log.lines.filter((l) => l.level === 'warn')).toHaveLength(2);
  });

  it('gives up after max_attempts, and at once on a permanent error', async () => {
    const { worker: w, log } = worker({
      'test.broken': async () => {
        throw new Error('always');
      },
      'test.hopeless': async () => {
        throw new PermanentJobError('bad payload');
      },
    });
    await enqueue(t.db, [
      { topic: 'test.broken', payload: {}, dueAt: t.clock.now(), maxAttempts: 2 },
      { topic: 'test.hopeless', payload: {}, dueAt: t.clock.now() },
      { topic: 'test.unknown-topic', payload: {}, dueAt: t.clock.now() },
    ]);
    await w.drain();
    t.clock.advance(5000);
    await w.drain();
    expect(await rowsOf('test.broken')).toEqual([expect.objectContaining({ status: 'dead', attempts: 2 })]);
    expect(await rowsOf('test.hopeless')).toEqual([expect.objectContaining({ status: 'dead', attempts: 1, last_error: 'bad payload' })]);
    expect(await rowsOf('test.unknown-topic')).toEqual([expect.objectContaining({ status: 'dead', last_error: 'no handler for topic test.unknown-topic' })]);
    expect(log.lines.filter((l) => l.level === 'error')).toHaveLength(3);
  });

  it('enqueues idempotently by dedupe key', async () => {
    const message = { topic: 'test.once', payload: { a: 1 }, dedupeKey: 'test:once:1', dueAt: t.clock.now() };
    await enqueue(t.db, [message]);
    await enqueue(t.db, [{ ...message, payload: { a: 2 } }]);
    const rows = await t.db.selectFrom('outbox').select('payload').where('dedupe_key', '=', 'test:once:1').execute();
    expect(rows).toEqual([{ payload: { a: 1 } }]);
  });

  it('lets two workers share the work without handling any row twice', async () => {
    const seen: number[] = [];
    const handler: OutboxHandler = async (payload) => {
      seen.push(Number(payload.n));
      await new Promise((resolve) => setTimeout(resolve, 1));
    };
    const a = worker({ 'test.shared': handler }).worker;
    const b = worker({ 'test.shared': handler }).worker;
    await enqueue(
      t.db,
      Array.from({ length: 60 }, (_, n) => ({ topic: 'test.shared', payload: { n }, dueAt: t.clock.now() })),
    );
    await Promise.all([a.drain(), b.drain()]);
    expect(seen.sort((x, y) => x - y)).toEqual(Array.from({ length: 60 }, (_, n) => n));
    expect((await rowsOf('test.shared')).every((r) => r.status === 'delivered')).toBe(true);
  });

  it("hands a dead worker's claimed rows to another once its lease ran out", async () => {
    await enqueue(t.db, [{ topic: 'test.orphan', payload: {}, dueAt: t.clock.now() }]);
    // A worker claimed the row and died before finishing it.
    const now = t.clock.now();
    const claimed = await repository.claim(now, new Date(now.getTime() + 15_000), 'dead-worker', 10);
    expect(claimed.map((j) => j.topic)).toContain('test.orphan');

    let handled = 0;
    const { worker: w } = worker({ 'test.orphan': async () => void (handled += 1) }, 15_000);
    await w.drain();
    expect(handled).toBe(0);
    t.clock.advance(15_000);
    await w.drain();
    expect(handled).toBe(1);
    expect(await rowsOf('test.orphan')).toEqual([expect.objectContaining({ status: 'delivered', attempts: 2 })]);
  });

  it('at a stop, lets a job finish within the grace, and gives one still running back at once, uncounted', async () => {
    let cutShort: (error: Error) => void = () => undefined;
    const stalled = new Promise<never>((_, reject) => (cutShort = reject));
    stalled.catch(() => undefined);
    const started = new Set<string>();
    const w = createOutboxWorker({
      repository,
      handlers: {
        // A delivery waiting on a push service that does not answer...
        'test.stalled': async () => {
          started.add('stalled');
          await stalled;
        },
        // ...beside one that needs a moment longer.
        'test.nearly': async () => {
          started.add('nearly');
          await new Promise((resolve) => setTimeout(resolve, 100));
        },
      },
      clock: t.clock.now,
      log: recordingLog(),
      pollMs: 60_000,
      // A long lease: only a real give-back frees the row before it ends.
      leaseMs: 600_000,
      stopGraceMs: 400,
      abortInFlight: async () => cutShort(new Error('push worker closed')),
    });
    await enqueue(t.db, [
      { topic: 'test.stalled', payload: {}, dueAt: t.clock.now() },
      { topic: 'test.nearly', payload: {}, dueAt: t.clock.now() },
    ]);
    w.start();
    w.kick();
    await waitFor(() => started.size === 2, { timeoutMs: 5000, intervalMs: 10, what: 'both jobs to start' });
    const stopping = Date.now();
    await w.stop();
    expect(Date.now() - stopping).toBeLessThan(3000);
    expect(await rowsOf('test.nearly')).toEqual([expect.objectContaining({ status: 'delivered', attempts: 1 })]);
    expect(await rowsOf('test.stalled')).toEqual([expect.objectContaining({ status: 'pending', attempts: 0, last_error: null })]);

    // Another process takes it at once, long before the lease would have run out.
    let handled = 0;
    await worker({ 'test.stalled': async () => void (handled += 1) }).worker.drain();
    expect(handled).toBe(1);
    expect(await rowsOf('test.stalled')).toEqual([expect.objectContaining({ status: 'delivered', attempts: 1 })]);
  });

  it('frees every lease on start when it owns the database alone', async () => {
    await enqueue(t.db, [{ topic: 'test.restart', payload: {}, dueAt: t.clock.now() }]);
    const now = t.clock.now();
    await repository.claim(now, new Date(now.getTime() + 60_000), 'previous-process', 10);
    let handled = 0;
    const log = recordingLog();
    const w = createOutboxWorker({
      repository,
      handlers: { 'test.restart': async () => void (handled += 1) },
      clock: t.clock.now,
      log,
      pollMs: 20,
      releaseLeasesOnStart: () => true,
    });
    w.start();
    await waitFor(() => handled > 0, { timeoutMs: 10_000, intervalMs: 20, what: 'the restarted job' }).finally(() => w.stop());
    expect(handled).toBe(1);
    expect(log.lines.some((l) => l.msg.includes('resumed work'))).toBe(true);
  });

  it('starts a kicked job at once, beside a round still waiting on a slow job', async () => {
    let release: () => void = () => undefined;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    let slowStarted = false;
    let fastDoneAt = 0;
    const w = createOutboxWorker({
      repository,
      handlers: {
        // A delivery held up by a push service that does not answer.
        'test.slow': async () => {
          slowStarted = true;
          await stuck;
        },
        // The fan-out of an SOS raised meanwhile.
        'test.urgent': async () => void (fastDoneAt = Date.now()),
      },
      clock: t.clock.now,
      log: recordingLog(),
      // No poll during the test: only kicks start rounds.
      pollMs: 60_000,
    });
    w.start();
    try {
      await enqueue(t.db, [{ topic: 'test.slow', payload: {}, dueAt: t.clock.now() }]);
      w.kick();
      await waitFor(() => slowStarted, { timeoutMs: 2000, intervalMs: 10, what: 'the slow job to start' });

      const kickedAt = Date.now();
      await enqueue(t.db, [{ topic: 'test.urgent', payload: {}, dueAt: t.clock.now() }]);
      w.kick();
      await waitFor(() => fastDoneAt > 0, { timeoutMs: 2000, intervalMs: 10, what: 'the urgent job to run while the slow one was still running' });
      expect(fastDoneAt - kickedAt).toBeLessThan(1000);
      expect(await rowsOf('test.slow')).toEqual([expect.objectContaining({ status: 'pending', attempts: 1 })]);
    } finally {
      release();
      await w.stop();
    }
    expect(await rowsOf('test.slow')).toEqual([expect.objectContaining({ status: 'delivered', attempts: 1 })]);
    expect(await rowsOf('test.urgent')).toEqual([expect.objectContaining({ status: 'delivered', attempts: 1 })]);
  });
});

describe('outbox retention', () => {
  it('forgets delivered work after a week and failures after a month, in batches, and never a job still pending', async () => {
    const now = t.clock.now();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600_000);
    // 2,500 deliveries of last month: more than one batch of the pass.
    await sql`
      INSERT INTO outbox (topic, payload, status, attempts, next_attempt_at, created_at, delivered_at)
      SELECT 'test.prune.bulk', '{}'::jsonb, 'delivered', 1, ${daysAgo(20)}, ${daysAgo(20)}, ${daysAgo(20)}
      FROM generate_series(1, 2500)`.execute(t.db);
    const kept = [
      { label: 'delivered 6 days ago', status: 'delivered', created: daysAgo(6), delivered: daysAgo(6) },
      { label: 'failed 29 days ago', status: 'dead', created: daysAgo(29), delivered: null },
      { label: 'pending for 40 days', status: 'pending', created: daysAgo(40), delivered: null },
    ];
    const forgotten = [
      { label: 'delivered 8 days ago', status: 'delivered', created: daysAgo(9), delivered: daysAgo(8) },
      { label: 'failed 31 days ago', status: 'dead', created: daysAgo(31), delivered: null },
    ];
    for (const row of [...kept, ...forgotten]) {
      await sql`
        INSERT INTO outbox (topic, payload, status, attempts, next_attempt_at, created_at, delivered_at)
        VALUES ('test.prune', ${JSON.stringify({ label: row.label })}::jsonb, ${row.status}, 1, ${row.created}, ${row.created}, ${row.delivered})`.execute(
        t.db,
      );
    }

    const { worker: w, log } = worker({});
    await w.prune();

    const left = await sql<{ label: string }>`SELECT payload->>'label' AS label FROM outbox WHERE topic = 'test.prune' ORDER BY id`.execute(t.db);
    expect(left.rows.map((r) => r.label)).toEqual(kept.map((r) => r.label));
    const bulk = await sql<{ n: number }>`SELECT count(*)::int AS n FROM outbox WHERE topic = 'test.prune.bulk'`.execute(t.db);
    expect(bulk.rows[0]?.n).toBe(0);
    expect(log.lines).toContainEqual({ level: 'info', msg: 'outbox: finished work forgotten' });
  });
});
