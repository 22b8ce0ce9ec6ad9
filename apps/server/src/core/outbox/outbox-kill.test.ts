import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type DbHandle } from '../db/database';
import { TEST_AUTH_SECRET, testDbKind } from '../../../test/build';
import { adminQuery, quoteIdent, withDatabase } from '../../../test/pg-admin';
import { startPushPeer, type PushPeer } from '../../../test/push-peer';
import { seedSosScenario } from '../../../test/sos-scenario';
import { spawnServer, type ServerProcess } from '../../../test/spawn-server';
import '../../../test/provided';
import { waitFor } from '../../../test/wait-for';

/**
 * The outbox promise, tested the hard way: a real server process is killed with SIGKILL in
 * the middle of a fan-out, restarted on the same database, and every volunteer must end
 * up with exactly one push.
 */
const VOLUNTEERS = 250;
const STALL_AFTER = 90;

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

async function prepareDatabase(dataDir: string): Promise<{ handle: DbHandle; env: Record<string, string>; reopen: () => Promise<DbHandle> }> {
  if (testDbKind() === 'postgres') {
    const adminUrl = inject('pgAdminUrl');
    const name = `${inject('pgTemplateDb')}_${randomBytes(4).toString('hex')}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(inject('pgTemplateDb'))}`);
    cleanups.push(() => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
    const databaseUrl = withDatabase(adminUrl, name);
    const open = () => openDatabase({ databaseUrl, dataDir, poolSize: 2 });
    return { handle: await open(), env: { DATABASE_URL: databaseUrl }, reopen: open };
  }
  await fs.cp(inject('pgliteTemplateDir'), dataDir, { recursive: true });
  const open = () => openDatabase({ dataDir });
  return { handle: await open(), env: {}, reopen: open };
}

/** How many volunteers the server has recorded as reached, as the victim's own view shows it. */
async function volunteersMarkedSent(baseUrl: string, victimToken: string, eventId: number): Promise<number> {
  const res = await fetch(`${baseUrl}/api/sos/${eventId}`, { headers: { authorization: `Bearer ${victimToken}` } });
  if (res.status !== 200) return -1;
  const view = (await res.json()) as { alerted: { kind: string; deliveryStatus: string }[] };
  return view.alerted.filter((r) => r.kind === 'volunteer' && r.deliveryStatus === 'sent').length;
}

describe('outbox after a crash', () => {
  it('delivers every remaining alert exactly once after kill -9 in the middle of a fan-out', { timeout: 180_000 }, async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'saathi-kill-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const vapid = webpush.generateVAPIDKeys();
    const peer: PushPeer = await startPushPeer({ vapidPublicKey: vapid.publicKey });
    cleanups.push(() => peer.close());

    const { handle, env: dbEnv, reopen } = await prepareDatabase(dataDir);
    const center = { latitude: 19.076, longitude: 72.8777 };
    const scenario = await seedSosScenario(handle.db, {
      center,
      count: VOLUNTEERS,
      radiusM: 480,
      subscriptionFor: (i) => peer.subscription(`v${i}`),
    });
    await handle.close();

    const env = {
      ...dbEnv,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'false',
      AUTH_SECRET: TEST_AUTH_SECRET,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-dist'),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      OUTBOX_POLL_MS: '100',
      // PostgreSQL can have other workers, so a dead one's claim returns when its lease ends.
      OUTBOX_LEASE_MS: '2000',
    };
    let server: ServerProcess = await spawnServer(env);
    cleanups.push(() => server.stop());

    // The push service stalls after STALL_AFTER messages; the server is killed while the
    // remaining deliveries are in flight or still queued.
    peer.freezeAfter(STALL_AFTER);
    const raised = await fetch(`${server.baseUrl}/api/sos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${scenario.victimToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...center, threat: 'accident' }),
    });
    expect(raised.status).toBe(201);
    const eventId = ((await raised.json()) as { id: number }).id;
    await peer.waitFor(STALL_AFTER, 30_000);
    // Once the server has recorded what the push service already accepted, kill it (the
    // rest of the chunk is still in flight, stalled at the push service).
    await waitFor(async () => (await volunteersMarkedSent(server.baseUrl, scenario.victimToken, eventId)) >= STALL_AFTER, {
      timeoutMs: 15_000,
      intervalMs: 50,
      what: `${STALL_AFTER} volunteers marked sent before the kill`,
    });
    await server.kill9();
    expect(peer.received.length).toBe(STALL_AFTER);

    peer.unfreeze();
    server = await spawnServer(env);
    await peer.waitFor(VOLUNTEERS, 60_000);
    // No fixed quiet period before counting: wait until the server says every volunteer is
    // recorded as reached, stop it cleanly (its worker finishes the jobs in hand, so nothing
    // can be sent after this), and check the delivery jobs all completed. Any push sent
    // twice has arrived by then.
    await waitFor(async () => (await volunteersMarkedSent(server.baseUrl, scenario.victimToken, eventId)) === VOLUNTEERS, {
      timeoutMs: 30_000,
      intervalMs: 100,
      what: `all ${VOLUNTEERS} volunteers marked sent after the restart`,
    });
    await server.stop();
    expect(server.child.signalCode, 'the server stopped on SIGTERM, not the SIGKILL fallback').not.toBe('SIGKILL');
    const after = await reopen();
    try {
      const deliveries = await after.db
        .selectFrom('outbox')
        .select(['dedupe_key', 'status'])
        .where('topic', '=', 'sos.deliver')
        .where('dedupe_key', 'like', `sos:${eventId}:deliver:%`)
        .execute();
      expect(deliveries.length).toBeGreaterThan(0);
      expect(
        deliveries.filter((d) => d.status !== 'delivered'),
        'delivery jobs left unfinished',
      ).toEqual([]);
    } finally {
      await after.close();
    }

    expect(peer.rejected).toEqual([]);
    const perSubscription = new Map<string, number>();
    for (const push of peer.received) perSubscription.set(push.subscriptionId, (perSubscription.get(push.subscriptionId) ?? 0) + 1);
    const expected = scenario.volunteerIds.map((id) => scenario.subscriptionOf.get(id));
    expect(perSubscription.size).toBe(VOLUNTEERS);
    for (const sub of expected) expect(perSubscription.get(sub as string), `pushes to ${sub}`).toBe(1);
    expect(peer.received.every((p) => (p.payload as { sosEventId: number }).sosEventId === eventId)).toBe(true);
  });
});
