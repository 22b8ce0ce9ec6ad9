#!/usr/bin/env node
// Budgets (docs/newsroom.md; DESIGN.md §7 "news list, 100k articles"): on PostgreSQL with
// 100,000 articles, the readers' list page (`GET /api/news?language=hi&category=...`, the
// first 20) p95 ≤ 20 ms, and one article (`GET /api/news/<slug>?language=hi`) p95 ≤ 10 ms,
// over HTTP with a few connections. Seeds a scratch database `saathi_bench_news` next to
// BENCH_DATABASE_URL / TEST_DATABASE_URL (default: the local server), reused while it holds
// the same (bench/news-seed.mjs), then loads the running server on 127.0.0.1. Also reported,
// without a budget: the list in all categories, breaking only, and a page deep in the list
// (a cursor 10 pages down). The embedded figures use NEWS_BENCH_EMBEDDED_ARTICLES (default
// 20,000): PGlite is one single-threaded WebAssembly Postgres. NEWS_BENCH_ONLY=postgres or
// embedded runs one of the two. Exits non-zero when a budget is missed.
// Started through tsx (`npm run bench:news`), so it reuses the server's own modules.
import { withBenchServer } from './bench-server.mjs';
import { loadGet, measureScenarios, pick, runOnBothDatabases } from './http-load.mjs';
import { seedScratchDatabase } from './scratch-db.mjs';
import { isListed, NEWS_CATEGORIES, seedNewsBench, slugOf } from './news-seed.mjs';

const ARTICLES = Number(process.env.NEWS_BENCH_ARTICLES ?? 100_000);
const EMBEDDED_ARTICLES = Number(process.env.NEWS_BENCH_EMBEDDED_ARTICLES ?? 20_000);
const DURATION_S = Number(process.env.NEWS_BENCH_SECONDS ?? 10);
const DB_NAME = 'saathi_bench_news';

function randomListedId(count) {
  for (;;) {
    const i = 1 + Math.floor(Math.random() * count);
    if (isListed(i)) return i;
  }
}

async function deepCursor(baseUrl, token, query, pages) {
  let cursor = null;
  for (let page = 0; page < pages; page++) {
    const response = await fetch(`${baseUrl}/api/news?${query}${cursor ? `&cursor=${cursor}` : ''}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`list: ${response.status} ${await response.text()}`);
    cursor = (await response.json()).nextCursor;
  }
  return cursor;
}

function run(kind) {
  return withBenchServer('saathi-bench-news-', async ({ dataDir, start }) => {
    const count = kind === 'postgres' ? ARTICLES : EMBEDDED_ARTICLES;
    const { seeded, databaseUrl } = await seedScratchDatabase(kind, DB_NAME, dataDir, (db, log) => seedNewsBench(db, count, log));
    console.log(
      `[${kind}] ${seeded.articles} articles, ${seeded.versions} language versions (${seeded.hindi} Hindi published), ${seeded.breaking} breaking (${seeded.reused ? 'reused' : `seeded in ${seeded.seconds} s`})`,
    );
    const server = await start(databaseUrl, { PUSH_PROVIDER: 'none' }, 120_000);
    const connections = Number(process.env.NEWS_BENCH_CONNECTIONS ?? 4);
    const token = seeded.sessionToken;
    const deep = await deepCursor(server.baseUrl, token, 'language=hi', 10);
    const scenarios = [
      { label: 'list_category', budget: 20, path: () => `/api/news?language=hi&category=${pick(NEWS_CATEGORIES)}` },
      { label: 'article', budget: 10, path: () => `/api/news/${slugOf(randomListedId(count))}?language=hi` },
      { label: 'list_all', budget: null, path: () => '/api/news?language=hi' },
      { label: 'list_breaking', budget: null, path: () => '/api/news?language=hi&type=breaking' },
      { label: 'list_three_categories', budget: null, path: () => '/api/news?language=hi&category=safety,health,weather' },
      { label: 'list_page_11', budget: null, path: () => `/api/news?language=hi&cursor=${deep}` },
    ];
    for (const scenario of scenarios) {
      const response = await fetch(`${server.baseUrl}${scenario.path()}`, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`${scenario.label}: ${response.status} ${await response.text()}`);
    }
    // Warm-up: caches and the query plans.
    for (const scenario of scenarios) await loadGet({ baseUrl: server.baseUrl, token, connections, durationS: 2, makePath: scenario.path });
    const suffix = kind === 'postgres' ? '' : ` (embedded: ${seeded.articles} articles, not 100k)`;
    const load = (makePath) => loadGet({ baseUrl: server.baseUrl, token, connections, durationS: DURATION_S, makePath });
    const fields = `db=${kind} articles=${seeded.articles} connections=${connections}`;
    return measureScenarios({ bench: 'news', labelKey: 'scenario', scenarios, load, fields, suffix });
  });
}

await runOnBothDatabases(process.env.NEWS_BENCH_ONLY, run);
