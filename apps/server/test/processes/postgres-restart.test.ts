import os from 'node:os';
import { sql } from 'kysely';
import webpush from 'web-push';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/core/db/database';
import { NO_SHEDDING } from '../no-shedding';
import { adminQuery } from '../pg-admin';
import { startPrivatePostgres } from '../private-postgres';
import { startPushPeer } from '../push-peer';
import { startHttpSmsPeer } from '../sms-peers';
import { seedSosScenario } from '../sos-scenario';
import { waitFor } from '../wait-for';
import { api, Cleanups, pushesPerSubscription, startProcess, volunteersMarkedSent } from './cluster';

/**
 * The database goes away in the middle of an SOS: a real server process runs on a PostgreSQL
 * server of the test's own, an SOS is raised, and while its fan-out is at the push service and
 * the SMS gateway (neither has taken anything yet), the database crashes (pg_ctl stop -m
 * immediate). The process stays up and says it is not ready while the database is away; the
 * database starts again (crash recovery), the process is ready again without a restart of its
 * own, and the outbox delivers every alert: each contact's SMS, each volunteer's push and in-app
 * notification, each exactly once.
 */
const VOLUNTEERS = 12;
const CONTACTS = ['9822400001', '9822400002'];
const LEASE_MS = 1500;
const SMS_TIMEOUT_MS = 1000;
const AUTH_SECRET = 'pg-restart-test-secret-pg-restart-test-secret';

const cleanups = new Cleanups();
afterAll(async () => {
  await cleanups.run();
});

describe('PostgreSQL crash and restart', () => {
  it('keeps the process up, not ready while the database is away, and delivers every SOS alert exactly once after', { timeout: 60_000 }, async () => {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const vapid = webpush.generateVAPIDKeys();
    const [pg, push, sms] = await Promise.all([startPrivatePostgres(), startPushPeer({ vapidPublicKey: vapid.publicKey }), startHttpSmsPeer()]);
    cleanups.add(() => pg.destroy());
    cleanups.add(() => push.close());
    cleanups.add(() => sms.close());
    await adminQuery(pg.url(), 'CREATE DATABASE saathi');
    const url = pg.url('saathi');

    // The server migrates the empty database as it starts (PostGIS included).
    const server = await startProcess(
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATABASE_URL: url,
        DATABASE_POOL_SIZE: '3',
        DATABASE_SOS_POOL_SIZE: '3',
        SEED_DEMO_DATA: 'false',
        AUTH_SECRET,
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        SMS_PROVIDER: 'http',
        SMS_HTTP_URL: sms.url,
        SMS_TIMEOUT_MS: String(SMS_TIMEOUT_MS),
        OUTBOX_POLL_MS: '100',
        OUTBOX_LEASE_MS: String(LEASE_MS),
        ...NO_SHEDDING,
      },
      cleanups,
    );
    const ready = async () => (await fetch(`${server.baseUrl}/api/health/ready`)).status;
    await waitFor(async () => (await ready()) === 200, { timeoutMs: 10_000, what: 'the process ready' });
    const setupMs = elapsed();

    // The test's own connection (its pool, too, must come back after the crash).
    const handle = await openDatabase({ databaseUrl: url, dataDir: os.tmpdir(), poolSize: 2, sosPoolSize: 0, onConnectionError: () => undefined });
    cleanups.add(() => handle.close());
    const { db } = handle;
    const center = { latitude: 12.9716, longitude: 77.5946 };
    const scenario = await seedSosScenario(db, { center, count: VOLUNTEERS, radiusM: 480, subscriptionFor: (i) => push.subscription(`v${i}`) });
    await db
      .insertInto('emergency_contacts')
      .values(CONTACTS.map((phone, position) => ({ user_id: scenario.victimId, name: `Contact ${position + 1}`, phone_number: phone, position })))
      .execute();

    // The push service and the gateway hold what they get: the fan-out is in flight, nothing taken.
    push.freeze();
    sms.hangNext(CONTACTS.length);
    const raised = await api(server, 'POST', '/sos', { token: scenario.victimToken, body: { ...center, threat: 'accident' } });
    expect(raised.status).toBe(201);
    const eventId = (raised.body as { id: number }).id;
    await waitFor(() => sms.requests.filter((r) => r.answer === 'hung').length === CONTACTS.length, {
      timeoutMs: 10_000,
      what: 'both contacts’ SMS at the gateway, unanswered',
    });

    // The database crashes in the middle of the fan-out.
    const crashedAt = performance.now();
    await pg.crash();
    // What the push service held fails now (its connections close), as a push service that went
    // away would; anything sent later is held again, until the database is back.
    await new Promise((resolve) => setTimeout(resolve, 200));
    push.unfreeze();
    push.freeze();
    await waitFor(async () => (await ready()) === 503, { timeoutMs: 5000, what: 'the process not ready while the database is away' });
    const notReady = await (await fetch(`${server.baseUrl}/api/health/ready`)).json();
    expect(JSON.stringify(notReady)).toContain('database');
    // Long enough for the gateway's timeout to end the held SMS while nothing can be recorded.
    await new Promise((resolve) => setTimeout(resolve, SMS_TIMEOUT_MS + 500));
    expect(server.child.exitCode).toBeNull();
    expect(push.received).toHaveLength(0);
    expect(sms.requests.filter((r) => r.answer === 200)).toHaveLength(0);

    await pg.start();
    const restartedAt = performance.now();
    push.unfreeze();
    await waitFor(async () => (await ready()) === 200, { timeoutMs: 10_000, what: 'the process ready again' });
    const readyAgainAt = performance.now();

    // Every alert goes out once the outbox takes the work back (leases end, SMS retried).
    const taken = (phone: string) => sms.requests.filter((r) => r.answer === 200 && (r.body as { to?: string }).to === `+91${phone}`).length;
    await waitFor(async () => push.received.length >= VOLUNTEERS && CONTACTS.every((phone) => taken(phone) >= 1), {
      timeoutMs: 20_000,
      what: `${VOLUNTEERS} pushes and ${CONTACTS.length} SMS after the restart (pushes ${push.received.length}, SMS ${CONTACTS.map(taken).join('/')})`,
    });
    const deliveredAt = performance.now();
    await waitFor(async () => (await volunteersMarkedSent(server, scenario.victimToken, eventId)) === VOLUNTEERS, {
      timeoutMs: 10_000,
      what: 'every volunteer recorded as reached',
    });
    // Nothing more comes once the leases of anything left would have ended twice over.
    await new Promise((resolve) => setTimeout(resolve, 2 * LEASE_MS + 500));

    const perSubscription = pushesPerSubscription(push);
    expect([...perSubscription.values()]).toEqual(Array.from({ length: VOLUNTEERS }, () => 1));
    expect(perSubscription.size).toBe(VOLUNTEERS);
    expect(CONTACTS.map(taken)).toEqual(CONTACTS.map(() => 1));
    const inApp = await db
      .selectFrom('notifications')
      .select(['user_id', sql<number>`count(*)::int`.as('count')])
      .where('sos_event_id', '=', eventId)
      .where('user_id', 'in', scenario.volunteerIds)
      .groupBy('user_id')
      .execute();
    expect(inApp.map((row) => row.count)).toEqual(Array.from({ length: VOLUNTEERS }, () => 1));
    // The deliveries' jobs are done, none failed for good; what is left waits for its time (the next widening step).
    const outbox = await sql<{ topic: string; status: string; count: number; due_later: boolean }>`
      SELECT topic, status, count(*)::int AS count, bool_and(next_attempt_at > now()) AS due_later
      FROM outbox GROUP BY topic, status ORDER BY topic, status`.execute(db);
    expect(outbox.rows.filter((row) => ['sos.deliver', 'sms.send'].includes(row.topic)).map((row) => row.status)).toEqual(['delivered', 'delivered']);
    expect(outbox.rows.filter((row) => row.status === 'dead')).toEqual([]);
    expect(outbox.rows.filter((row) => row.status === 'pending' && !row.due_later)).toEqual([]);

    // Every connection of both pools works: as many requests at once as the pools hold.
    const burst = await Promise.all(Array.from({ length: 8 }, () => api(server, 'GET', `/sos/${eventId}`, { token: scenario.victimToken })));
    expect(burst.map((r) => r.status)).toEqual(burst.map(() => 200));
    expect(server.child.exitCode).toBeNull();

    console.log(
      `[postgres restart] set-up ${setupMs} ms; database away ${Math.round(restartedAt - crashedAt)} ms; ready again ${Math.round(readyAgainAt - restartedAt)} ms after the restart; ` +
        `${VOLUNTEERS} pushes and ${CONTACTS.length} SMS delivered ${Math.round(deliveredAt - restartedAt)} ms after it, each once; outbox ${JSON.stringify(outbox.rows)}`,
    );
  });
});
