import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bearer, testDbKind } from '../../../test/build';
import { holdReadPool } from '../../../test/hold-read-pool';
import { addContact, buildWithPushPeer, freshPlace, makeVolunteer, offset, raiseSos, subscribePush } from '../../../test/sos-fixtures';
import { metricsText } from '../../core/metrics';

// Overloaded at 2 queries waiting for a read connection; the other measures stay off (test/build.ts).
const sos = buildWithPushPeer({ SHED_DB_WAITING: '2', SHED_RETRY_AFTER_SECONDS: '7' });
const { t } = sos;

/** Time of one call, in ms, with its answer. */
async function timed<T>(call: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await call();
  return { result, ms: performance.now() - started };
}

describe('SOS first under load (docs/adr/0022)', () => {
  it('an overloaded process stays ready: health and readiness ask the database through the SOS pool, not the queue of reads', async () => {
    await expect.poll(() => t.app.outbox.running, { timeout: 10_000 }).toBe(true);
    const release = await holdReadPool(t.handle, 2);
    try {
      const health = await timed(() => t.app.inject({ method: 'GET', url: '/api/health' }));
      expect(health.result.statusCode).toBe(200);
      const ready = await timed(() => t.app.inject({ method: 'GET', url: '/api/health/ready' }));
      expect(ready.result.statusCode).toBe(200);
      expect(ready.result.json().checks).toMatchObject({ database: 'ok', migrations: 'ok', outbox: 'ok' });
      expect(health.ms + ready.ms).toBeLessThan(1000);
    } finally {
      await release();
    }
  });

  it('while every read connection is taken and reads queue, an SOS is raised at once and fans out, its tracking link answers, and the feed is shed with Retry-After', async () => {
    const here = freshPlace();
    const victim = await t.factory.user({ name: 'Meera Shah' });
    await addContact(t, victim.id, { name: 'Papa', phoneNumber: '9822000101' });
    const volunteer = await makeVolunteer(t, { at: offset(here, 100) });
    const phone = await subscribePush(t, sos.peer, volunteer.id);
    const token = await t.loginAs(victim);
    const reader = await t.loginAs(await t.factory.user({ dob: '1990-01-01', profileCompleted: true }));
    const feedUrl = `/api/posts/community-posts?latitude=${here.latitude}&longitude=${here.longitude}`;
    expect((await t.app.inject({ method: 'GET', url: feedUrl, headers: bearer(reader) })).statusCode).toBe(200);

    const release = await holdReadPool(t.handle, 2);
    try {
      const raised = await timed(() => raiseSos(t, token, { ...here, threat: 'medical', contactsOnly: false }));
      expect(raised.result.statusCode).toBe(201);
      expect(raised.ms).toBeLessThan(1000);
      const eventId = raised.result.json().id as number;

      // The fan-out runs on the SOS pool: the contact is texted, the volunteer pushed.
      const fanout = await timed(() => t.app.outbox.drain());
      expect(fanout.ms).toBeLessThan(1000);
      const recipients = await t.handle
        .sosDb!.selectFrom('sos_notifications')
        .select(['recipient_kind', 'recipient_user_id', 'delivery_status'])
        .where('event_id', '=', eventId)
        .orderBy('id')
        .execute();
      expect(recipients.map((r) => r.recipient_kind)).toEqual(['contact', 'volunteer']);
      expect(recipients[1]?.recipient_user_id).toBe(volunteer.id);
      expect(sos.peer.received.filter((p) => p.subscriptionId === phone)).toHaveLength(1);
      const text = t.sms.messages.find((m) => m.to === '9822000101')?.text ?? '';
      const link = /saathi\.example\/t\/([A-Za-z0-9]{12})/.exec(text)?.[1];
      expect(link).toBeDefined();

      // The contact's tracking page reads from the SOS pool too.
      const tracked = await timed(() => t.app.inject({ method: 'GET', url: `/api/track/${link}` }));
      expect(tracked.result.statusCode).toBe(200);
      expect(tracked.ms).toBeLessThan(1000);

      // A read that can wait is refused at once, signed in or not.
      for (const headers of [bearer(reader), {}]) {
        const shed = await timed(() => t.app.inject({ method: 'GET', url: feedUrl, headers }));
        expect(shed.ms).toBeLessThan(200);
        expect(shed.result.statusCode).toBe(503);
        expect(shed.result.headers['retry-after']).toBe('7');
        expect(shed.result.json().error).toMatchObject({ code: 'busy', retryAfterSeconds: 7, params: { seconds: 7 } });
      }
      const news = await timed(() => t.app.inject({ method: 'GET', url: '/api/news?language=en' }));
      expect(news.result.statusCode).toBe(503);
      expect(news.ms).toBeLessThan(200);

      const figures = (await metricsText(t.app.metrics)).body;
      expect(figures).toContain('saathi_http_shed_total{route="/api/posts/community-posts"} 2');
      expect(figures).toContain('saathi_http_shed_total{route="/api/news"} 1');
      expect(figures).toMatch(/saathi_db_pool_waiting\{pool="read"\} [2-9]/);
      expect(figures).toMatch(/saathi_db_pool_waiting\{pool="sos"\} \d+/);
    } finally {
      await release();
    }

    // Once the reads drain, the feed answers again.
    expect((await t.app.inject({ method: 'GET', url: feedUrl, headers: bearer(reader) })).statusCode).toBe(200);
  });

  it.runIf(testDbKind() === 'pglite')(
    'on the embedded database, SOS work queued behind a read takes the connection before the reads queued earlier',
    async () => {
      const order: string[] = [];
      let finish!: () => void;
      const busy = new Promise<void>((resolve) => (finish = resolve));
      // A long read holds the one connection; a read and then SOS work queue behind it.
      const running = t.handle.db.connection().execute(() => busy);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const read = sql`SELECT 1`.execute(t.handle.db).then(() => order.push('read'));
      const urgent = sql`SELECT 1`.execute(t.handle.sosDb!).then(() => order.push('sos'));
      try {
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(t.handle.waiting?.('read')).toBeGreaterThanOrEqual(1);
        expect(t.handle.waiting?.('sos')).toBeGreaterThanOrEqual(1);
        expect(order).toEqual([]);
      } finally {
        finish();
      }
      await Promise.all([running, read, urgent]);
      expect(order).toEqual(['sos', 'read']);
    },
  );

  it.runIf(testDbKind() === 'pglite')('on the embedded database, a transaction holds the connection to its end, whichever lane waits', async () => {
    const order: string[] = [];
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    const transaction = t.handle.db.transaction().execute(async (trx) => {
      await sql`SELECT 1`.execute(trx);
      order.push('trx started');
      await held;
      await sql`SELECT 1`.execute(trx);
      order.push('trx done');
    });
    let urgent: Promise<unknown> | undefined;
    try {
      await new Promise((resolve) => setTimeout(resolve, 20));
      urgent = sql`SELECT 1`.execute(t.handle.sosDb!).then(() => order.push('sos'));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(order).toEqual(['trx started']);
    } finally {
      commit();
    }
    await Promise.all([transaction, urgent]);
    expect(order).toEqual(['trx started', 'trx done', 'sos']);
  });
});
