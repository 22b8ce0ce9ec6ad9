import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from '../wait-for';
import {
  api,
  Cleanups,
  clusterEnv,
  exitOf,
  migratedDatabase,
  pushesPerSubscription,
  seedSosOnPeer,
  startPair,
  startSharedServices,
  volunteersMarkedSent,
} from './cluster';

/**
 * The outbox across processes: two workers share the queue, each alert goes out once, and
 * when one process dies mid fan-out (SIGKILL: no shutdown hook runs) the other takes over its
 * claimed work as soon as the lease ends.
 */
const VOLUNTEERS = 1000;
const STALL_AFTER = 250;
const LEASE_MS = 1500;

const cleanups = new Cleanups();
afterAll(async () => {
  await cleanups.run();
});

describe('outbox work across two processes', () => {
  it('reaches each of 1,000 volunteers exactly once, within 5 s of SIGKILL of one process in the middle of the fan-out', { timeout: 120_000 }, async () => {
    const [database, services] = await Promise.all([migratedDatabase(cleanups), startSharedServices(cleanups)]);
    const peer = services.push;
    const center = { latitude: 19.076, longitude: 72.8777 };
    const scenario = await seedSosOnPeer(database, peer, { center, count: VOLUNTEERS, prefix: 'v' });
    const env = clusterEnv(database.url, services, { OUTBOX_LEASE_MS: String(LEASE_MS), OUTBOX_POLL_MS: '100' });
    const [a, b] = await startPair(env, env, cleanups);

    peer.freezeAfter(STALL_AFTER);
    const raised = await api(a, 'POST', '/sos', { token: scenario.victimToken, body: { ...center, threat: 'accident' } });
    expect(raised.status).toBe(201);
    const eventId = (raised.body as { id: number }).id;
    await peer.waitFor(STALL_AFTER, 30_000);
    // Kill only once the servers have recorded what the push service accepted (a push accepted
    // but not yet recorded is sent again after a crash: that is at-least-once, not this test).
    await waitFor(async () => (await volunteersMarkedSent(a, scenario.victimToken, eventId)) >= STALL_AFTER, {
      timeoutMs: 15_000,
      what: `${STALL_AFTER} volunteers marked sent before the kill`,
    });
    // The process killed must hold claimed delivery jobs whose pushes are stalled at the push
    // service. A, which took the request and was kicked by it, nearly always does; when B's
    // poll came first and B took the whole fan-out (4 chunks fit one claim), B is the one killed.
    const leaseHolders = async () => {
      const rows = await sql<{ locked_by: string }>`
        SELECT locked_by FROM outbox
        WHERE topic = 'sos.deliver' AND status = 'pending' AND locked_by IS NOT NULL AND locked_until > now()`.execute(database.db);
      return new Set(rows.rows.map((r) => Number(r.locked_by.split('-')[0])));
    };
    let holders = new Set<number>();
    await waitFor(
      async () => {
        holders = await leaseHolders();
        return holders.size > 0;
      },
      { timeoutMs: 10_000, what: 'a process holding claimed delivery jobs' },
    ).catch(async (error: unknown) => {
      const rows = await database.db
        .selectFrom('outbox')
        .select(['topic', 'status', 'attempts', 'locked_by', 'locked_until', 'next_attempt_at', 'last_error'])
        .where('dedupe_key', 'like', `sos:${eventId}:%`)
        .execute();
      throw new Error(`${String(error)}\noutbox rows: ${JSON.stringify(rows)}\nA's log:\n${a.output().slice(-2000)}\nB's log:\n${b.output().slice(-2000)}`);
    });
    const [victim, survivor] = holders.has(a.child.pid as number) ? [a, b] : [b, a];
    expect(holders.has(victim.child.pid as number)).toBe(true);
    expect(peer.frozen).toBe(true);

    const killedAt = performance.now();
    await victim.kill9();
    expect((await exitOf(victim)).signal).toBe('SIGKILL');
    expect(peer.received.length).toBe(STALL_AFTER);
    peer.unfreeze();

    await peer.waitFor(VOLUNTEERS, 30_000);
    const last = Math.max(...peer.received.map((p) => p.receivedAt));
    expect(last - killedAt, `ms from the SIGKILL to the ${VOLUNTEERS}th push`).toBeLessThan(5000);

    // Before counting: the survivor has recorded every volunteer as reached and stops cleanly
    // (its worker finishes the jobs in hand), so a push sent twice would have arrived by now.
    await waitFor(async () => (await volunteersMarkedSent(survivor, scenario.victimToken, eventId)) === VOLUNTEERS, {
      timeoutMs: 30_000,
      intervalMs: 100,
      what: `all ${VOLUNTEERS} volunteers marked sent`,
    });
    await survivor.stop();
    const unfinished = await database.db
      .selectFrom('outbox')
      .select(['id', 'topic', 'status'])
      .where('dedupe_key', 'like', `sos:${eventId}:%`)
      .where('topic', '=', 'sos.deliver')
      .where('status', '!=', 'delivered')
      .execute();
    expect(unfinished, 'delivery jobs left unfinished').toEqual([]);

    expect(peer.rejected).toEqual([]);
    const perSubscription = pushesPerSubscription(peer);
    expect(perSubscription.size).toBe(VOLUNTEERS);
    const twice = [...perSubscription].filter(([, n]) => n !== 1);
    expect(twice, 'subscriptions that did not get exactly one push').toEqual([]);
    for (const id of scenario.volunteerIds) expect(perSubscription.get(scenario.subscriptionOf.get(id) as string)).toBe(1);
    expect(peer.received.every((p) => (p.payload as { sosEventId: number }).sosEventId === eventId)).toBe(true);
  });
});
