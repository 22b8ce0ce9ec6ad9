#!/usr/bin/env node
// Saathi as several processes under a mixed load: two server processes on one PostgreSQL with
// PostGIS and one Redis (as deploy/compose.yaml runs them), LOAD_USERS people (default 500)
// reading the community feed, the news and the volunteers nearby, each about once a second
// and spread over both processes, while one SOS a second is raised. The run is made once per
// factor of LOAD_FACTORS (default "1,2": the readers, then twice as many). For each it prints
// p50/p95/p99 per kind of request, the reads shed (503 busy, apart from errors), the SOS
// fan-out's first step (from the database's record and the processes' metrics) and the CPU
// the processes and PostgreSQL used per request served; then the memory of LOAD_STREAMS
// (default 10,000) idle live streams on one (fresh) process. LOAD_ONLY=feed (or news,
// volunteers_nearby; comma-separated) limits the readers to those kinds and raises no SOS:
// the cost of one kind of read alone. Fails on any error, or at the first factor on
// POST /api/sos p95 over 250 ms or a first step p95 over 1 s. The database `saathi_bench_load`
// (next to BENCH_DATABASE_URL / TEST_DATABASE_URL, default the local server) is seeded once
// and reused.
// Started through tsx (`npm run bench:load`), so it reuses the server's own modules.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, spawnServer } from '../apps/server/test/spawn-server.ts';
import { pick } from './http-load.mjs';
import { ARTICLES, CITIES, seedLoadBench } from './load-seed.mjs';
import { seedScratchDatabase } from './scratch-db.mjs';
import { isListed, slugOf } from './news-seed.mjs';

const USERS = Number(process.env.LOAD_USERS ?? 500);
const STREAMS = Number(process.env.LOAD_STREAMS ?? 10_000);
const DURATION_S = Number(process.env.LOAD_SECONDS ?? 30);
const FACTORS = (process.env.LOAD_FACTORS ?? '1,2').split(',').map(Number);
const ONLY = process.env.LOAD_ONLY?.split(',');
const SOS_P95_BUDGET_MS = 250;
const FIRST_STEP_P95_BUDGET_MS = 1000;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DB_NAME = 'saathi_bench_load';

/** What a reader does, and how often: the share of the requests of each kind. */
const near = () => {
  const city = pick(CITIES);
  return { lat: (city.latitude + (Math.random() - 0.5) * 0.05).toFixed(5), lon: (city.longitude + (Math.random() - 0.5) * 0.05).toFixed(5) };
};
const ALL_KINDS = [
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

const KINDS = ONLY ? ALL_KINDS.filter((kind) => ONLY.includes(kind.kind)) : ALL_KINDS;
if (KINDS.length === 0) throw new Error(`LOAD_ONLY names no kind of read: ${ONLY}`);
const shareOfAll = KINDS.reduce((sum, kind) => sum + kind.share, 0);

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
  let r = Math.random() * shareOfAll;
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
 * Returns the latencies of the answered reads, the reads shed (503) and the errors per kind.
 */
async function readers({ baseUrls, tokens, durationS }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: tokens.length });
  const byKind = new Map(KINDS.map((kind) => [kind.kind, { latencies: [], shed: 0, errors: 0 }]));
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
      else if (status === 503) result.shed += 1;
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

/** CPU seconds all of PostgreSQL's processes have used (the bench's database is the one at work). */
async function postgresCpuSeconds() {
  let total = 0;
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    if (!stat.includes('(postgres)')) continue;
    const fields = stat.split(') ')[1].split(' ');
    total += (Number(fields[11]) + Number(fields[12])) / 100;
  }
  return total;
}

/** Every sample of the processes' /metrics, by name and labels (sorted), summed over the processes. */
async function scrape(metricsUrls, each = []) {
  const samples = new Map();
  for (const url of metricsUrls) {
    const text = await (await fetch(url)).text();
    each.push(text);
    for (const line of text.split('\n')) {
      const match = /^([a-z_:]+(?:\{[^}]*\})?) ([0-9.e+-]+|NaN|\+Inf)$/.exec(line);
      if (!match) continue;
      // One key whatever the order the labels come in: `name{a="1",b="2"}` with sorted labels.
      const [, name, labels = ''] = /^([a-z_:]+)(?:\{(.*)\})?/.exec(match[1]);
      const key = labels ? `${name}{${labels.split(',').sort().join(',')}}` : name;
      samples.set(key, (samples.get(key) ?? 0) + Number(match[2]));
    }
  }
  return samples;
}

/** The first radius step of each SOS raised since `since`, from the fan-out's own record (`sos_fanout_steps`). */
async function firstSteps(databaseUrl, since) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT extract(epoch FROM done_at - raised_at) * 1000 AS ms FROM sos_fanout_steps WHERE step = 1 AND raised_at >= $1`,
      [since],
    );
    const { rows: raised } = await client.query(`SELECT count(*)::int AS n FROM sos_events WHERE created_at >= $1`, [since]);
    return { durations: rows.map((row) => Number(row.ms)), raised: raised[0].n };
  } finally {
    await client.end();
  }
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
  const most = USERS * Math.max(...FACTORS);
  const sosRuns = ONLY ? 0 : FACTORS.length;
  const { seeded, databaseUrl } = await seedScratchDatabase('postgres', DB_NAME, dataDir, (db, log) =>
    // At least the default sizes, so that a shorter or smaller trial run reuses the same seed.
    seedLoadBench(db, { readers: Math.max(most, STREAMS, 10_000), victims: Math.max(DURATION_S * sosRuns, 60) }, log),
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
    // The pools and the overload thresholds can be tried at other sizes from the command line.
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => /^(DATABASE_(SOS_)?POOL_SIZE|SHED_[A-Z_]+)$/.test(name))),
  };
  const metricsPorts = [await freePort(), await freePort()];
  // LOAD_PROFILE=<dir>: process A profiles the first measured run (bench/profile-hook.mjs;
  // `node bench/profile-summary.mjs <dir>` prints where its time went).
  const profile = process.env.LOAD_PROFILE ? path.resolve(process.env.LOAD_PROFILE) : undefined;
  if (profile) await fs.mkdir(profile, { recursive: true });
  const profiling = (i) =>
    profile && i === 0 ? { NODE_OPTIONS: `--import ${path.join(import.meta.dirname, 'profile-hook.mjs')}`, SOS_BENCH_PROFILE: profile } : {};
  servers.push(
    ...(await Promise.all(
      metricsPorts.map((port, i) => spawnServer({ ...env, ...profiling(i), METRICS_PORT: String(port), METRICS_HOST: '127.0.0.1' }, 120_000)),
    )),
  );
  const baseUrls = servers.map((server) => server.baseUrl);
  const metricsUrls = metricsPorts.map((port) => `http://127.0.0.1:${port}/metrics`);

  // A short warm-up (query plans, connection pools, JIT) before the measured runs.
  await readers({ baseUrls, tokens: seeded.readerTokens.slice(0, USERS), durationS: 5 });
  let errors = 0;
  for (const [round, factor] of FACTORS.entries()) {
    const users = USERS * factor;
    const readerTokens = seeded.readerTokens.slice(0, users);
    const victimTokens = seeded.victimTokens.slice(round * DURATION_S, (round + 1) * DURATION_S);
    const since = new Date();
    const metricsBefore = await scrape(metricsUrls);
    const cpuBefore = await Promise.all(servers.map((server) => cpuSeconds(server.child.pid)));
    const pgBefore = await postgresCpuSeconds();
    if (profile && round === 0) servers[0].child.kill('SIGUSR2');
    const [byKind, sos] = await Promise.all([
      readers({ baseUrls, tokens: readerTokens, durationS: DURATION_S }),
      ONLY ? { latencies: [], errors: 0 } : sosEverySecond({ baseUrls, tokens: victimTokens, durationS: DURATION_S }),
    ]);
    const cpuUsed = await Promise.all(servers.map(async (server, i) => (await cpuSeconds(server.child.pid)) - cpuBefore[i]));
    const pgUsed = (await postgresCpuSeconds()) - pgBefore;
    if (profile && round === 0) servers[0].child.kill('SIGUSR2');
    // The last SOS's fan-out may still be at work: give it a moment before reading the record.
    await new Promise((resolve) => setTimeout(resolve, ONLY ? 0 : 3000));
    const texts = [];
    const metricsAfter = await scrape(metricsUrls, texts);
    // Node's event-loop delay over the run (prom-client starts its histogram again at each scrape).
    const loopDelay = texts.map((text, i) => {
      const value = (name) => Number(new RegExp(`^${name} ([0-9.e+-]+)$`, 'm').exec(text)?.[1] ?? NaN) * 1000;
      return `process_${'AB'[i]}_loop_delay_ms_mean=${value('nodejs_eventloop_lag_mean_seconds').toFixed(1)} p99=${value('nodejs_eventloop_lag_p99_seconds').toFixed(1)}`;
    });
    const grew = (name) => (metricsAfter.get(name) ?? 0) - (metricsBefore.get(name) ?? 0);

    console.log(`load factor=${factor} users=${users} processes=2 seconds=${DURATION_S} cpus=${os.cpus().length}${ONLY ? ` only=${ONLY.join(',')}` : ''}`);
    let served = 0;
    let shed = 0;
    let roundErrors = sos.errors;
    for (const [kind, result] of byKind) {
      served += result.latencies.length;
      shed += result.shed;
      roundErrors += result.errors;
      const f = figures(result.latencies);
      console.log(
        `load kind=${kind} p50_ms=${f.p50.toFixed(1)} p95_ms=${f.p95.toFixed(1)} p99_ms=${f.p99.toFixed(1)} n=${f.n} rps=${Math.round(f.n / DURATION_S)} shed=${result.shed} errors=${result.errors}`,
      );
    }
    if (!ONLY) {
      const s = figures(sos.latencies);
      console.log(`load kind=sos p50_ms=${s.p50.toFixed(1)} p95_ms=${s.p95.toFixed(1)} p99_ms=${s.p99.toFixed(1)} n=${s.n} errors=${sos.errors}`);
      // The first step from the fan-out's record (exact), and the share within 1 s from the
      // processes' own histogram, as Prometheus would read it.
      const steps = await firstSteps(databaseUrl, since);
      const step = figures(steps.durations);
      const inMetrics = grew('saathi_sos_fanout_duration_seconds_count{step="1"}');
      const withinOneSecond = grew('saathi_sos_fanout_duration_seconds_bucket{le="1",step="1"}');
      console.log(
        `load fanout step=1 p50_ms=${step.p50.toFixed(0)} p95_ms=${step.p95.toFixed(0)} max_ms=${Math.max(...steps.durations).toFixed(0)} n=${step.n} raised=${steps.raised} metrics_n=${inMetrics} metrics_within_1s=${withinOneSecond}`,
      );
      if (factor === FACTORS[0]) {
        if (s.p95 > SOS_P95_BUDGET_MS) {
          console.log(`load over budget: POST /api/sos p95 ${s.p95.toFixed(0)} ms > ${SOS_P95_BUDGET_MS} ms`);
          process.exitCode = 1;
        }
        if (!(step.p95 <= FIRST_STEP_P95_BUDGET_MS) || step.n < steps.raised) {
          console.log(
            `load over budget: first step p95 ${step.p95.toFixed(0)} ms (${step.n} of ${steps.raised} recorded), budget ${FIRST_STEP_P95_BUDGET_MS} ms`,
          );
          process.exitCode = 1;
        }
      }
    }
    const requests = served + shed + roundErrors + sos.latencies.length;
    errors += roundErrors;
    console.log(`load error_rate=${((roundErrors / Math.max(1, requests)) * 100).toFixed(2)}% errors=${roundErrors} shed=${shed} requests=${requests}`);
    // What the requests cost: the share of one core each process and PostgreSQL kept busy, and
    // the reads answered per second of CPU (Node and PostgreSQL together): a core's throughput.
    const appCpu = cpuUsed.reduce((a, b) => a + b, 0);
    console.log(
      `load ${cpuUsed.map((cpu, i) => `process_${'AB'[i]}_cpu_percent=${Math.round((cpu / DURATION_S) * 100)}`).join(' ')} postgres_cpu_percent=${Math.round((pgUsed / DURATION_S) * 100)} ` +
        `app_cpu_ms_per_read=${((appCpu * 1000) / Math.max(1, served)).toFixed(2)} postgres_cpu_ms_per_read=${((pgUsed * 1000) / Math.max(1, served)).toFixed(2)} ` +
        `reads_per_core_s=${Math.round(served / Math.max(0.001, appCpu + pgUsed))}`,
    );
    console.log(`load ${loopDelay.join(' ')}`);
  }

  // Idle live streams on a third process of its own, started after the load so that the load's
  // garbage does not blur its memory: resident memory before and with the streams open.
  if (STREAMS > 0) {
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
  }
  if (errors > 0) process.exitCode = 1;
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  await fs.rm(dataDir, { recursive: true, force: true });
}
