#!/usr/bin/env node
// Budget (DESIGN.md §7): a leaderboard page with the caller's own rank over 1,000,000 users on
// PostgreSQL, p95 ≤ 30 ms for the city, ≤ 50 ms for all of India and for a 5 km circle (the
// state is reported). Seeds a scratch database `saathi_bench_leaderboard` next to
// BENCH_DATABASE_URL / TEST_DATABASE_URL (default: the local server): 1,000,000 users in 500
// cities and 5,000,000 ledger rows, reused while it holds the same, then loads the running
// server over HTTP on 127.0.0.1 with bounded concurrency as the caller, a Mumbai user near the
// median score. Each request is the first page (20 rows) with the caller's rank, as the screen
// opens it. The circles are drawn around the 10 biggest cities' centres (within ~4 km). The
// embedded figures use LEADERBOARD_BENCH_EMBEDDED_USERS (default 100,000, with five ledger
// rows each): PGlite is one single-threaded WebAssembly Postgres.
// Started through tsx (`npm run bench:leaderboard`), so it reuses the server's own modules.
import { withBenchServer } from './bench-server.mjs';
import { loadGet, measureScenarios, pick, runOnBothDatabases } from './http-load.mjs';
import { seedScratchDatabase } from './scratch-db.mjs';
import { CITIES, seedLeaderboardBench } from './leaderboard-seed.mjs';

const USERS = Number(process.env.LEADERBOARD_BENCH_USERS ?? 1_000_000);
const LEDGER_ROWS_PER_USER = 5;
const EMBEDDED_USERS = Number(process.env.LEADERBOARD_BENCH_EMBEDDED_USERS ?? 100_000);
const DURATION_S = Number(process.env.LEADERBOARD_BENCH_SECONDS ?? 10);
const LIMIT = 20;
const DB_NAME = 'saathi_bench_leaderboard';
/** p95 budgets in ms; null: reported only. */
const SCOPES = [
  { label: 'city', budget: 30, path: () => `/api/leaderboard?scope=administrative&region=city&limit=${LIMIT}` },
  { label: 'state', budget: null, path: () => `/api/leaderboard?scope=administrative&region=state&limit=${LIMIT}` },
  { label: 'country', budget: 50, path: () => `/api/leaderboard?scope=administrative&region=country&limit=${LIMIT}` },
  {
    label: 'location_5km',
    budget: 50,
    path: () => {
      const city = pick(CITIES.slice(0, 10));
      const lat = city.latitude + (Math.random() - 0.5) * 0.08;
      const lon = city.longitude + (Math.random() - 0.5) * 0.08;
      return `/api/leaderboard?scope=location&latitude=${lat.toFixed(6)}&longitude=${lon.toFixed(6)}&radius=5000&limit=${LIMIT}`;
    },
  },
];

function run(kind) {
  return withBenchServer('saathi-bench-leaderboard-', async ({ dataDir, start }) => {
    const count = kind === 'postgres' ? USERS : EMBEDDED_USERS;
    const { seeded, databaseUrl } = await seedScratchDatabase(kind, DB_NAME, dataDir, (db, log) =>
      seedLeaderboardBench(db, count, count * LEDGER_ROWS_PER_USER, log),
    );
    console.log(
      `[${kind}] ${seeded.users} users in ${seeded.cities} cities, ${seeded.ledger} ledger rows, ${seeded.totals} distinct totals (${seeded.reused ? 'reused' : `seeded in ${seeded.seconds} s`})`,
    );

    const server = await start(databaseUrl, { PUSH_PROVIDER: 'none' }, 120_000);
    const connections = Number(process.env.LEADERBOARD_BENCH_CONNECTIONS ?? (kind === 'postgres' ? 4 : 2));
    const load = (makePath) => loadGet({ baseUrl: server.baseUrl, token: seeded.sessionToken, connections, durationS: DURATION_S, makePath });
    const suffix = kind === 'postgres' ? '' : ` (embedded: ${seeded.users} users, not 1M)`;
    // The caller's rank in each scope, as the page shows it (the first request also records today's active day).
    for (const scope of SCOPES) {
      const response = await fetch(`${server.baseUrl}${scope.path()}`, { headers: { authorization: `Bearer ${seeded.sessionToken}` } });
      if (!response.ok) throw new Error(`${scope.label}: ${response.status} ${await response.text()}`);
      const body = await response.json();
      console.log(`[${kind}] ${scope.label}: caller score ${body.me.score}, rank ${body.me.rank}, top score ${body.items[0]?.score ?? '-'}`);
    }
    // Warm-up: caches and the query plans.
    for (const scope of SCOPES) await loadGet({ baseUrl: server.baseUrl, token: seeded.sessionToken, connections, durationS: 2, makePath: scope.path });
    const fields = `db=${kind} users=${seeded.users} connections=${connections}`;
    return measureScenarios({ bench: 'leaderboard', labelKey: 'scope', scenarios: SCOPES, load, fields, suffix });
  });
}

await runOnBothDatabases(process.env.LEADERBOARD_BENCH_ONLY, run);
