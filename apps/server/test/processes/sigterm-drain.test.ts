import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFactory, uniquePhone } from '../factory';
import type { ServerProcess } from '../spawn-server';
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
  startProcess,
  startSharedServices,
  type ClusterDatabase,
  type SharedServices,
  volunteersMarkedSent,
} from './cluster';
import { openEventStream } from './event-stream';

/**
 * A rolling deploy sends SIGTERM to the old process: what it was doing must finish or be
 * handed over, never dropped, and it must stop taking new work so the balancer moves on.
 */
const cleanups = new Cleanups();
let database: ClusterDatabase;
let services: SharedServices;
const factory = createFactory(() => database.db);

beforeAll(async () => {
  [database, services] = await Promise.all([migratedDatabase(cleanups), startSharedServices(cleanups)]);
});
afterAll(async () => {
  await cleanups.run();
});

/** Rejects after `ms`, so a hang fails with a message instead of the test timeout. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The SOS's outbox rows, for a failure message. */
async function outboxState(eventId: number): Promise<string> {
  const rows = await database.db
    .selectFrom('outbox')
    .select(['topic', 'status', 'attempts', 'locked_by', 'locked_until', 'next_attempt_at', 'last_error'])
    .where('dedupe_key', 'like', `sos:${eventId}:%`)
    .execute();
  return `outbox rows of SOS ${eventId} at ${new Date().toISOString()}: ${JSON.stringify(rows)}`;
}

/** True when a new connection to the server is refused outright or answered 503 (closing). */
async function refusesNewWork(server: ServerProcess): Promise<boolean> {
  try {
    const res = await fetch(`${server.baseUrl}/api/health`, { headers: { connection: 'close' }, signal: AbortSignal.timeout(2000) });
    await res.body?.cancel();
    return res.status === 503;
  } catch {
    return true;
  }
}

describe('SIGTERM', () => {
  it('lets a request in flight finish with its full answer, and takes no new connections', async () => {
    const a = await startProcess(clusterEnv(database.url, services), cleanups);
    // A ends with this test: a process left running would take the next tests' outbox work.
    try {
      const phoneNumber = uniquePhone();
      const body = Buffer.from(JSON.stringify({ phoneNumber }));
      const half = Math.floor(body.length / 2);
      const port = Number(new URL(a.baseUrl).port);

      const socket = net.connect(port, '127.0.0.1');
      cleanups.add(async () => socket.destroy());
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
      // "Expect: 100-continue" makes the server say when it has read the request head: from
      // then on the request is in its hands, which is the moment the signal must come.
      socket.write(
        `POST /api/auth/otp/request HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${body.length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
      );
      await waitFor(() => received.startsWith('HTTP/1.1 100 Continue'), { timeoutMs: 5000, what: '100 Continue' });
      socket.write(body.subarray(0, half));

      a.child.kill('SIGTERM');
      await waitFor(() => refusesNewWork(a), { timeoutMs: 5000, intervalMs: 50, what: 'A to refuse new connections after SIGTERM' });
      expect(a.child.exitCode, 'A waits for the request in flight').toBeNull();

      socket.write(body.subarray(half));
      await within(closed, 5000, 'the answer to the request in flight');
      const answer = received.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '');
      const [head = '', payload = ''] = answer.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 200 /);
      const length = Number(/^content-length: (\d+)$/im.exec(head)?.[1]);
      expect(Buffer.byteLength(payload)).toBe(length);
      expect(JSON.parse(payload)).toMatchObject({ sent: true, attemptId: expect.any(String) as string });
      expect(a.output()).toContain(`[sms] to=+91${phoneNumber} `);
      expect(await within(exitOf(a), 10_000, 'A to exit')).toEqual({ code: 0, signal: null });
    } finally {
      await a.stop();
    }
  });

  it('ends a live stream, so its client reconnects to another process', async () => {
    const env = clusterEnv(database.url, services);
    const [a, b] = await startPair(env, env, cleanups);
    // Both end with this test: a process left running would take the next test's outbox work.
    try {
      const user = await factory.user({ name: 'Farah Sheikh' });
      const token = await factory.loginAs(user);
      const stream = await openEventStream(a.baseUrl, token);
      cleanups.add(async () => stream.close());
      await stream.next('ready');

      a.child.kill('SIGTERM');
      await within(stream.ended, 5000, 'the stream on A to end after SIGTERM');
      expect(await within(exitOf(a), 10_000, 'A to exit')).toEqual({ code: 0, signal: null });

      const again = await openEventStream(b.baseUrl, token);
      cleanups.add(async () => again.close());
      expect((await again.next('ready')).data).toMatchObject({ userId: user.id });
      expect((await api(b, 'POST', '/push/test', { token })).status).toBe(200);
      const event = await again.next('notification.created');
      expect((event.data as { notification: { type: string } }).notification.type).toBe('push.test');
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('hands claimed outbox jobs back to the queue at once, so another process delivers them long before the lease ends', { timeout: 90_000 }, async () => {
    const VOLUNTEERS = 60;
    const STALL_AFTER = 20;
    const peer = services.push;
    const center = { latitude: 18.5204, longitude: 73.8567 };
    const scenario = await seedSosOnPeer(database, peer, { center, count: VOLUNTEERS, prefix: 'drain-' });
    // A lease this long means only a real hand-back lets B deliver within the test's bounds.
    const env = clusterEnv(database.url, services, { OUTBOX_LEASE_MS: '30000', OUTBOX_POLL_MS: '100' });
    const a = await startProcess(env, cleanups);
    const pidA = a.child.pid as number;

    const before = peer.received.length;
    peer.freezeAfter(before + STALL_AFTER);
    const raised = await api(a, 'POST', '/sos', { token: scenario.victimToken, body: { ...center, threat: 'medical' } });
    expect(raised.status).toBe(201);
    const eventId = (raised.body as { id: number }).id;
    await peer.waitFor(before + STALL_AFTER, 30_000);
    await waitFor(async () => (await volunteersMarkedSent(a, scenario.victimToken, eventId)) >= STALL_AFTER, {
      timeoutMs: 15_000,
      what: `${STALL_AFTER} volunteers marked sent`,
    });
    const leasedToA = async () => {
      const rows = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM outbox
        WHERE topic = 'sos.deliver' AND status = 'pending' AND locked_by LIKE ${`${pidA}-%`} AND locked_until > now()`.execute(database.db);
      return rows.rows[0]?.n ?? 0;
    };
    await waitFor(async () => (await leasedToA()) > 0, { timeoutMs: 10_000, what: 'A holding claimed delivery jobs' }).catch(async (error: unknown) => {
      throw new Error(`${String(error)}\n${await outboxState(eventId)}\nA's log:\n${a.output().slice(-3000)}`);
    });
    expect(peer.frozen).toBe(true);

    const signalledAt = performance.now();
    a.child.kill('SIGTERM');
    // The push service is stalled and its requests time out only after 10 s: a drain that
    // waits for them instead of handing the jobs back cannot finish this soon.
    expect(await within(exitOf(a), 5000, 'A to exit after SIGTERM with its pushes stalled')).toEqual({ code: 0, signal: null });
    expect(await leasedToA(), 'delivery jobs still leased to the stopped process').toBe(0);

    peer.unfreeze();
    const b = await startProcess(env, cleanups);
    await peer.waitFor(before + VOLUNTEERS, 20_000);
    const mine = peer.received.slice(before);
    const lastPush = Math.max(...mine.map((p) => p.receivedAt));
    // Unreleased, the rows would stay leased until 30 s after A's last renewal (every 10 s),
    // so at least 20 s after the signal.
    expect(lastPush - signalledAt, 'ms from SIGTERM to the last volunteer reached').toBeLessThan(20_000);

    await waitFor(
      async () => {
        const res = await api(b, 'GET', `/sos/${eventId}`, { token: scenario.victimToken });
        return (res.body as { alerted: { kind: string; deliveryStatus: string }[] }).alerted.every(
          (r) => r.kind !== 'volunteer' || r.deliveryStatus === 'sent',
        );
      },
      { timeoutMs: 15_000, what: 'every volunteer marked sent' },
    );
    await b.stop();
    expect(peer.rejected).toEqual([]);
    const counts = pushesPerSubscription(peer);
    for (const id of scenario.volunteerIds) expect(counts.get(scenario.subscriptionOf.get(id) as string), `pushes to volunteer ${id}`).toBe(1);
    expect(mine.every((p) => (p.payload as { sosEventId: number }).sosEventId === eventId)).toBe(true);
  });
});
