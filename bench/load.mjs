#!/usr/bin/env node
// Saathi as several processes under a mixed load: two server processes on one PostgreSQL with
// PostGIS and one Redis (as deploy/compose.yaml runs them), LOAD_USERS people (default 500)
// reading the community feed, the news and the volunteers nearby, each about once a second
// and spread over both processes, while one SOS a second is raised. Prints p50/p95/p99 per
// kind of request and the error rate, then the memory of LOAD_STREAMS (default 10,000) idle
// live streams on one (fresh) process. The database `saathi_bench_load` (next to BENCH_DATABASE_URL /
// TEST_DATABASE_URL, default the local server) is seeded once and reused.
// Started through tsx (`npm run bench:load`), so it reuses the server's own modules.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { spawnServer } from '../apps/server/test/spawn-server.ts';
import { pick } from './http-load.mjs';
import { ARTICLES, CITIES, seedLoadBench } from './load-seed.mjs';
import { seedScratchDatabase } from './scratch-db.mjs';
import { isListed, slugOf } from './news-seed.mjs';

const USERS = Number(process.env.LOAD_USERS ?? 500);
const STREAMS = Number(process.env.LOAD_STREAMS ?? 10_000);
const DURATION_S = Number(process.env.LOAD_SECONDS ?? 30);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DB_NAME = 'saathi_bench_load';

/** What a reader does, and how often: the share of the requests of each kind. */
const near = () => {
  const city = pick(CITIES);
  return { lat: (city.latitude + (Math.random() - 0.5) * 0.05).toFixed(5), lon: (city.longitude + (Math.random() - 0.5) * 0.05).toFixed(5) };
};
const KINDS = [
  {
    kind: 'feed',
    share: 0.5,
    path: () => {
      const { lat, lon } = near();
      return `/api/posts/community-posts?status=active&page=1&limit=5&latitude=${lat}&longitude=${lon}`;
    },
  },
  {
    kind: 'news',
    share: 0.3,
    path: () => (Math.random() < 0.5 ? `/api/news?language=${pick(['en', 'hi', 'gu'])}` : `/api/news/${listedSlug()}?language=en`),
  },
  {
    kind: 'volunteers_nearby',
    share: 0.2,
    path: () => {
      const { lat, lon } = near();
      return `/api/community/volunteers-nearby?location=${encodeURIComponent(`${lat}, ${lon}`)}&range=${pick([500, 1000, 2000])}`;
    },
  },
];

/** A published article (the news seed leaves one in 37 a draft or taken down). */
const listedSlug = () => {
  let id;
  do id = 1 + Math.floor(Math.random() * ARTICLES);
  while (!isListed(id));
  return slugOf(id);
};

const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const figures = (latencies) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), p99: percentile(sorted, 0.99), n: sorted.length };
};

/** The kind of the next request, by the shares of KINDS. */
function pickKind() {
  let r = Math.random();
  for (const kind of KINDS) {
    r -= kind.share;
    if (r < 0) return kind;
  }
  return KINDS[KINDS.length - 1];
}

/** GET `path` with the person's session; resolves with the status once the body is read. */
function get(agent, baseUrl, path, token) {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const req = http.get({ hostname, port, path, agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', () => resolve(0));
  });
}

/**
 * `tokens.length` people for `durationS` seconds, each on one of the processes (half on each)
 * with a connection of their own, asking again at random about once a second (exponential
 * gaps, so that they do not all ask in the same instant as a fixed rate per connection would).
 * Returns the latencies and errors per kind.
 */
async function readers({ baseUrls, tokens, durationS }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: tokens.length });
  const byKind = new Map(KINDS.map((kind) => [kind.kind, { latencies: [], errors: 0 }]));
  const endAt = performance.now() + durationS * 1000;
  const person = async (token, index) => {
    const baseUrl = baseUrls[index % baseUrls.length];
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, -Math.log(1 - Math.random()) * 1000));
      if (performance.now() >= endAt) return;
      const kind = pickKind();
      const startedAt = performance.now();
      const status = await get(agent, baseUrl, kind.path(), token);
      const result = byKind.get(kind.kind);
      if (status === 200) result.latencies.push(performance.now() - startedAt);
      else result.errors += 1;
    }
  };
  await Promise.all(tokens.map(person));
  agent.destroy();
  return byKind;
}

/** One SOS a second, each from another caller near a city, alternating between the processes. */
async function sosEverySecond({ baseUrls, tokens, durationS }) {
  const latencies = [];
  let errors = 0;
  const sent = [];
  for (let i = 0; i < durationS && i < tokens.length; i++) {
    const startedAt = performance.now();
    const city = CITIES[i % CITIES.length];
    sent.push(
      fetch(`${baseUrls[i % 2]}/api/sos`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens[i]}`, 'content-type': 'application/json' },
        body: JSON.stringify({ latitude: city.latitude + 0.001, longitude: city.longitude, threat: 'medical' }),
      }).then(async (res) => {
        await res.arrayBuffer();
        if (res.status === 201) latencies.push(performance.now() - startedAt);
        else errors += 1;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  await Promise.all(sent);
  return { latencies, errors };
}

/** CPU seconds a process has used (user + system), from /proc. */
async function cpuSeconds(pid) {
  const fields = (await fs.readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function rssMb(pid) {
  return fs.readFile(`/proc/${pid}/status`, 'utf8').then((text) => Number(/VmRSS:\s+(\d+)/.exec(text)?.[1] ?? NaN) / 1024);
}

/** Opens `count` live streams to `baseUrl` with the readers' sessions and waits for each one's first bytes. */
async function openStreams(baseUrl, tokens, count) {
  const { hostname, port } = new URL(baseUrl);
  const open = [];
  const one = (token) =>
    new Promise((resolve, reject) => {
      const req = http.get(
        { hostname, port, path: '/api/events', agent: false, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
        (res) => {
          if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
          res.once('data', () => resolve(req));
        },
      );
      req.on('error', reject);
    });
  for (let i = 0; i < count; i += 250) {
    const batch = await Promise.all(tokens.slice(i, Math.min(count, i + 250)).map(one));
    open.push(...batch);
  }
  return open;
}

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'saathi-bench-load-'));
const servers = [];
try {
  const { seeded, databaseUrl } = await seedScratchDatabase('postgres', DB_NAME, dataDir, (db, log) =>
    seedLoadBench(db, { readers: Math.max(USERS, STREAMS), victims: Math.max(DURATION_S, 60) }, log),
  );
  console.log(`[load] database ${seeded.reused ? 'reused' : `seeded in ${seeded.seconds} s`}`);
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    REDIS_CHANNEL_PREFIX: `saathi-bench:${randomBytes(4).toString('hex')}:`,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'false',
    PUSH_PROVIDER: 'none',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-dist'),
  };
  servers.push(...(await Promise.all([spawnServer(env, 120_000), spawnServer(env, 120_000)])));
  const baseUrls = servers.map((server) => server.baseUrl);
  const readerTokens = seeded.readerTokens.slice(0, USERS);

  // A short warm-up (query plans, connection pools, JIT), then the measured run.
  const run = (durationS) =>
    Promise.all([
      readers({ baseUrls, tokens: readerTokens, durationS }),
      durationS > 5 ? sosEverySecond({ baseUrls, tokens: seeded.victimTokens, durationS }) : Promise.resolve({ latencies: [], errors: 0 }),
    ]);
  await run(5);
  const cpuBefore = await Promise.all(servers.map((server) => cpuSeconds(server.child.pid)));
  const [byKind, sos] = await run(DURATION_S);
  const cpuUsed = await Promise.all(servers.map(async (server, i) => (await cpuSeconds(server.child.pid)) - (cpuBefore[i] ?? 0)));
  let total = sos.latencies.length + sos.errors;
  let errors = sos.errors;
  console.log(`load users=${USERS} processes=2 seconds=${DURATION_S} cpus=${os.cpus().length}`);
  for (const [kind, { latencies, errors: kindErrors }] of byKind) {
    total += latencies.length + kindErrors;
    errors += kindErrors;
    const f = figures(latencies);
    console.log(
      `load kind=${kind} p50_ms=${f.p50.toFixed(1)} p95_ms=${f.p95.toFixed(1)} p99_ms=${f.p99.toFixed(1)} n=${f.n} rps=${Math.round(f.n / DURATION_S)} errors=${kindErrors}`,
    );
  }
  const s = figures(sos.latencies);
  console.log(`load kind=sos p50_ms=${s.p50.toFixed(1)} p95_ms=${s.p95.toFixed(1)} p99_ms=${s.p99.toFixed(1)} n=${s.n} errors=${sos.errors}`);
  console.log(`load error_rate=${((errors / Math.max(1, total)) * 100).toFixed(2)}% errors=${errors} requests=${total}`);
  // What one process served, and what it cost: the share of one core each process kept busy.
  console.log(
    `load per_process_rps=${Math.round(total / DURATION_S / servers.length)} ${cpuUsed.map((cpu, i) => `process_${'AB'[i]}_cpu_percent=${Math.round((cpu / DURATION_S) * 100)}`).join(' ')}`,
  );

  // Idle live streams on a third process of its own, started after the load so that the load's
  // garbage does not blur its memory: resident memory before and with the streams open.
  const idle = await spawnServer(env, 120_000);
  servers.push(idle);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const before = await rssMb(idle.child.pid);
  const started = performance.now();
  const streams = await openStreams(idle.baseUrl, seeded.readerTokens, STREAMS);
  const openedS = (performance.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const after = await rssMb(idle.child.pid);
  console.log(
    `load streams=${streams.length} rss_before_mb=${before.toFixed(0)} rss_after_mb=${after.toFixed(0)} per_stream_kb=${(((after - before) * 1024) / streams.length).toFixed(1)} opened_in_s=${openedS.toFixed(1)}`,
  );
  for (const req of streams) req.destroy();
  if (errors > 0) process.exitCode = 1;
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  await fs.rm(dataDir, { recursive: true, force: true });
}
