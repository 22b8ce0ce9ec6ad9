#!/usr/bin/env node
// Budget (DESIGN.md §7): an SOS raised with 1,000 available volunteers within 500 m → the
// 1,000th Web Push request received by the push service, in milliseconds (2,000).
// Runs on the embedded database, and on PostgreSQL when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set (a fresh database is created next to the one named and dropped).
// Started through tsx (`npm run bench:sos`), so it reuses the server's own test helpers.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import webpush from 'web-push';
import { openDatabase } from '../apps/server/src/core/db/database.ts';
import { migrateToLatest } from '../apps/server/src/core/db/migrate.ts';
import { adminQuery, quoteIdent, withDatabase } from '../apps/server/test/pg-admin.ts';
import { startPushPeer } from '../apps/server/test/push-peer.ts';
import { seedSosScenario } from '../apps/server/test/sos-scenario.ts';
import { withBenchServer } from './bench-server.mjs';

const BUDGET_MS = 2000;
const VOLUNTEERS = 1000;
const CENTER = { latitude: 23.0225, longitude: 72.5714 };

function run(kind) {
  return withBenchServer('saathi-bench-sos-', async ({ dataDir, start, defer }) => {
    const peer = await startPushPeer({ countOnly: true });
    defer(() => peer.close());
    const vapid = webpush.generateVAPIDKeys();
    let databaseUrl;
    if (kind === 'postgres') {
      const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
      const name = `saathi_bench_${randomBytes(4).toString('hex')}`;
      await adminQuery(adminUrl, `CREATE DATABASE ${quoteIdent(name)}`);
      defer(() => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`).catch(() => undefined));
      databaseUrl = withDatabase(adminUrl, name);
    }
    const handle = await openDatabase({ databaseUrl, dataDir });
    await migrateToLatest(handle.db);
    const scenario = await seedSosScenario(handle.db, {
      center: CENTER,
      count: VOLUNTEERS,
      radiusM: 480,
      subscriptionFor: (i) => peer.subscription(`v${i}`),
    });
    await handle.close();

    const server = await start(databaseUrl, { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey });

    const cpuBefore = await cpuMs(server.child.pid);
    const started = performance.now();
    const res = await fetch(`${server.baseUrl}/api/sos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${scenario.victimToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...CENTER, threat: 'medical' }),
    });
    if (res.status !== 201) throw new Error(`POST /api/sos answered ${res.status}: ${await res.text()}`);
    await peer.waitFor(VOLUNTEERS, 60_000);
    const elapsed = Math.round((peer.received[VOLUNTEERS - 1]?.receivedAt ?? performance.now()) - started);
    const serverCpu = (await cpuMs(server.child.pid)) - cpuBefore;
    const distinct = new Set(peer.received.map((p) => p.subscriptionId)).size;
    if (distinct !== VOLUNTEERS) throw new Error(`${distinct} distinct volunteers reached, expected ${VOLUNTEERS}`);
    return { elapsed, serverCpu };
  });
}

/**
 * CPU time (all threads) the server process used, from /proc where there is one: on a busy
 * machine the wall time mostly measures the neighbours, the CPU time measures the server.
 */
async function cpuMs(pid) {
  try {
    const fields = (await fs.readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

const kinds = ['pglite', ...(process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL ? ['postgres'] : [])];
let over = false;
for (const kind of kinds) {
  const { elapsed: ms, serverCpu } = await run(kind);
  console.log(`sos fanout_1000_ms=${ms} db=${kind}${Number.isNaN(serverCpu) ? '' : ` server_cpu_ms=${Math.round(serverCpu)}`}`);
  if (ms > BUDGET_MS) {
    console.error(`over budget on ${kind}: ${ms} ms > ${BUDGET_MS} ms`);
    over = true;
  }
}
process.exit(over ? 1 : 0);
