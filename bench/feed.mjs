#!/usr/bin/env node
// Budget (DESIGN.md §7): a community feed page with distance over 1,000,000 posts on
// PostgreSQL, p95 ≤ 50 ms; also a keyword search. Seeds a scratch database
// `saathi_bench_feed` next to BENCH_DATABASE_URL / TEST_DATABASE_URL (default: the local
// server), reused while it holds the same number of posts, then loads the running server over
// HTTP on 127.0.0.1 with bounded concurrency. The embedded figures use FEED_BENCH_EMBEDDED_POSTS
// (default 50,000) posts: PGlite is one single-threaded WebAssembly Postgres.
// Started through tsx (`npm run bench:feed`), so it reuses the server's own modules.
import { withBenchServer } from './bench-server.mjs';
import { loadGet, pick } from './http-load.mjs';
import { seedScratchDatabase } from './scratch-db.mjs';
import { CITIES, SEARCH_WORDS, seedFeedBench } from './feed-seed.mjs';

const POSTS = Number(process.env.FEED_BENCH_POSTS ?? 1_000_000);
const EMBEDDED_POSTS = Number(process.env.FEED_BENCH_EMBEDDED_POSTS ?? 50_000);
const DURATION_S = Number(process.env.FEED_BENCH_SECONDS ?? 10);
const BUDGET_P95_MS = 50;
const DB_NAME = 'saathi_bench_feed';

const feedPath = () => {
  const city = pick(CITIES);
  const lat = city.latitude + (Math.random() - 0.5) * 0.1;
  const lon = city.longitude + (Math.random() - 0.5) * 0.1;
  const page = 1 + Math.floor(Math.random() * 3);
  return `/api/posts/community-posts?status=active&page=${page}&limit=5&latitude=${lat.toFixed(5)}&longitude=${lon.toFixed(5)}`;
};
const searchPath = () => {
  const city = pick(CITIES);
  return `/api/posts/community-posts?status=active&page=1&limit=5&prompt=${encodeURIComponent(pick(SEARCH_WORDS))}&latitude=${city.latitude}&longitude=${city.longitude}`;
};

function run(kind) {
  return withBenchServer('saathi-bench-feed-', async ({ dataDir, start }) => {
    const count = kind === 'postgres' ? POSTS : EMBEDDED_POSTS;
    const { seeded, databaseUrl } = await seedScratchDatabase(kind, DB_NAME, dataDir, (db, log) => seedFeedBench(db, count, log));
    console.log(`[${kind}] ${seeded.posts} posts (${seeded.reused ? 'reused' : `seeded in ${seeded.seconds} s`})`);

    const server = await start(databaseUrl, { PUSH_PROVIDER: 'none' }, 120_000);
    const connections = Number(process.env.FEED_BENCH_CONNECTIONS ?? (kind === 'postgres' ? 4 : 2));
    const load = (makePath) => loadGet({ baseUrl: server.baseUrl, token: seeded.sessionToken, connections, durationS: DURATION_S, makePath });
    // Warm-up: caches and the query plans.
    await load(feedPath);
    const distance = await load(feedPath);
    const keyword = await load(searchPath);
    for (const [label, r] of [
      ['distance', distance],
      ['keyword', keyword],
    ]) {
      if (r.errors > 0) throw new Error(`${label}: ${r.errors} non-200 answers`);
      console.log(
        `feed p50_ms=${Math.round(r.p50)} p95_ms=${Math.round(r.p95)} rps=${Math.round(r.rps)} label=${label} db=${kind} posts=${seeded.posts} connections=${connections} n=${r.count}`,
      );
    }
    return { distance, keyword };
  });
}

const only = process.env.FEED_BENCH_ONLY;
const results = {};
if (only !== 'embedded') results.postgres = await run('postgres');
if (only !== 'postgres') results.embedded = await run('pglite');
if (results.postgres) {
  const worst = Math.max(results.postgres.distance.p95, results.postgres.keyword.p95);
  console.log(`budget p95 ≤ ${BUDGET_P95_MS} ms on PostgreSQL: ${worst <= BUDGET_P95_MS ? 'met' : 'MISSED'} (${Math.round(worst)} ms)`);
  if (worst > BUDGET_P95_MS) process.exitCode = 1;
}
