#!/usr/bin/env node
// Journeys at scale (apps/server/src/features/journeys/README.md), on PostgreSQL.
//
// Points: JOURNEYS (100,000) people walking home, each phone taking a point every 10 s and
// sending its newest BATCH (3) points every BATCH × 10 s in one POST /api/journeys/{id}/positions,
// as a phone saving its battery does: POINTS_PER_S (10,000) points a second reach the server in
// all, POINTS_PER_S / BATCH batches a second (3,333), the phones' sends spread evenly over each
// round. A lower POINTS_PER_S is the same phones with fewer of them sending (POINTS_PER_S × 10;
// the other journeys stay active and silent). The load is open: each batch is sent at its
// planned time whatever the server does, over CONNECTIONS (64) keep-alive connections per
// server process (a batch waits for a free one: `queued_for_connection`), and its time counts
// from its planned time, so a slow server shows as latency and never lowers the offered rate;
// `late_sends` counts batches the generator itself got to over 20 ms late, and `unanswered`
// those still without an answer 35 s after the run (counted as errors). One round (WARMUP_S,
// BATCH × 10 s) warms up: every phone's first batch after a server start (its session, its
// day's activity); then SECONDS (60) are measured. The server is `src/server.ts` through tsx, as
// bench:load runs it (PROCESSES=2: two processes over Redis, the phones split between them).
// Prints p50/p95/p99 per batch, the seconds whose p95 was over budget, errors, the points kept
// (journey_positions rows) against those offered, the rate achieved, and the CPU the server,
// PostgreSQL, the generator and anything else used (percent of one core; the generator shares
// the machine, and other work on it is named) and per batch answered. Fails when p95 is over
// 20 ms, on any error or unanswered batch, or on a point not kept.
//
// Late: LATE (1,000; every JOURNEYS / LATE-th journey) fall due (the expected arrival plus the
// grace) in the same second, LATE_AT_S (20) s into the measured run, and the stage scheduler
// escalates them while the points go on: "Are you OK?" (stage overdue, the owner's
// notification), the contacts CONTACTS_AFTER_S (5) s later (their SMS written and taken by a
// local stand-in of Twilio's API) and the SOS SOS_AFTER_S (5) s after that. Each must be done
// within 2,000 ms of its own due time, read from the database's record afterwards. LATE=0 leaves
// the points alone.
//
// A fresh database next to BENCH_DATABASE_URL / TEST_DATABASE_URL (default: the local server) is
// seeded (about 80 s for 100,000 journeys with 10 minutes of track each) and dropped.
// JOURNEYS_PROFILE=<dir>: CPU profiles and query times of the (first) server from the start of
// the measured run to the end of the escalation (bench/profile-hook.mjs;
// `node bench/profile-summary.mjs <dir>`). DATABASE_POOL_SIZE, DATABASE_SOS_POOL_SIZE and SHED_*
// pass through to the server. Started through tsx (`npm run bench:journeys`).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/core/db/database.ts';
import { migrateToLatest } from '../apps/server/src/core/db/migrate.ts';
import { freePort, spawnServer } from '../apps/server/test/spawn-server.ts';
import { startTwilioPeer } from '../apps/server/test/sms-peers.ts';
import { SMS_TEMPLATE_ID_KEYS } from '@saathi/shared/sms';
import { lateJourneys, POINT_EVERY_S, seedJourneys, walkOf } from './journeys-seed.mjs';
import { createFreshDatabase } from './scratch-db.mjs';

const env = process.env;
const JOURNEYS = Number(env.JOURNEYS ?? 100_000);
const POINTS_PER_S = Number(env.POINTS_PER_S ?? 10_000);
const BATCH = Number(env.BATCH ?? 3);
const SECONDS = Number(env.SECONDS ?? 60);
const WARMUP_S = Number(env.WARMUP_S ?? BATCH * POINT_EVERY_S);
const PROCESSES = Number(env.PROCESSES ?? 1);
const CONNECTIONS = Number(env.CONNECTIONS ?? 64);
const LATE = Number(env.LATE ?? JOURNEYS / 100);
/** The late journeys are every LATE_EVERY-th (by id), so they are spread among the phones. */
const LATE_EVERY = LATE > 0 ? Math.floor(JOURNEYS / LATE) : JOURNEYS + 1;
const LATE_AT_S = Number(env.LATE_AT_S ?? 20);
const CONTACTS_AFTER_S = Number(env.CONTACTS_AFTER_S ?? 5);
const SOS_AFTER_S = Number(env.SOS_AFTER_S ?? 5);
const P95_BUDGET_MS = 20;
const LATE_BUDGET_MS = 2000;
const LATE_SEND_MS = 20;
const PROFILE = env.JOURNEYS_PROFILE ? path.resolve(env.JOURNEYS_PROFILE) : undefined;
const REDIS_URL = env.BENCH_REDIS_URL ?? env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const TWILIO_ACCOUNT = `AC${'a7'.repeat(16)}`;

if (!(BATCH >= 1 && BATCH <= 120 && Number.isInteger(BATCH))) throw new Error('BATCH: 1 to 120 points');
const SENDERS = Math.min(JOURNEYS, Math.round(POINTS_PER_S * POINT_EVERY_S));
const ROUND_MS = BATCH * POINT_EVERY_S * 1000;

const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const f1 = (n) => (Number.isFinite(n) ? n.toFixed(1) : String(n));

// ------------------------------------------------------------------------------------ CPU

/** CPU seconds (user + system) of a process, from /proc; 0 once it is gone. */
async function cpuSeconds(pid) {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  if (!stat) return 0;
  const fields = stat.split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * CPU seconds of PostgreSQL's processes: `ours` (the backends on the bench's database and the
 * server-wide ones: WAL writer, checkpointer, autovacuum, ...) and `all` (other databases' too).
 */
async function postgresCpu(dbName) {
  let ours = 0;
  let all = 0;
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    if (!stat.includes('(postgres)')) continue;
    const cmdline = (await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '')).replace(/\0/g, ' ');
    const fields = stat.split(') ')[1].split(' ');
    const seconds = (Number(fields[11]) + Number(fields[12])) / 100;
    all += seconds;
    const clientBackend = /\d+\.\d+\.\d+\.\d+\(\d+\)|\[local\]/.test(cmdline);
    if (!clientBackend || cmdline.includes(dbName)) ours += seconds;
  }
  return { ours, all };
}

/** The machine's busy CPU seconds over all cores, from /proc/stat. */
async function machineBusySeconds() {
  const line = (await fs.readFile('/proc/stat', 'utf8')).split('\n')[0];
  const [user, nice, system, , , irq, softirq, steal] = line.split(/\s+/).slice(1).map(Number);
  return (user + nice + system + irq + softirq + steal) / 100;
}

/** CPU seconds of every other process (not PostgreSQL, not this one, not `skip`), by pid, with a short name: what else ran on the machine. */
async function otherProcesses(skip) {
  const found = new Map();
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry) || skip.has(Number(entry))) continue;
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    if (!stat || stat.includes('(postgres)')) continue;
    const fields = stat.split(') ')[1].split(' ');
    // Node by its script (vitest, eslint, tsc), anything else by its command name.
    let name = stat.slice(stat.indexOf('(') + 1, stat.indexOf(')'));
    if (name === 'node' || name === 'MainThread') {
      const args = (await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '')).split('\0').filter(Boolean);
      const script = args.find((a, i) => i > 0 && !a.startsWith('-') && /\.[cm]?[jt]s$|\/\.bin\//.test(a));
      if (script) name = path.basename(script);
    }
    found.set(entry, { name, seconds: (Number(fields[11]) + Number(fields[12])) / 100 });
  }
  return found;
}

async function cpuSnapshot(servers, dbName) {
  const usage = process.cpuUsage();
  return {
    servers: await Promise.all(servers.map((s) => cpuSeconds(s.child.pid))),
    pg: await postgresCpu(dbName),
    generator: (usage.user + usage.system) / 1e6,
    machine: await machineBusySeconds(),
    others: await otherProcesses(new Set([process.pid, ...servers.map((s) => s.child.pid)])),
    at: performance.now(),
  };
}

/** The other processes that used the most CPU between two snapshots (percent of one core), e.g. `vitest.mjs:45%`. */
function busiestOthers(before, after, seconds) {
  const byName = new Map();
  for (const [pid, now] of after.others) {
    const used = now.seconds - (before.others.get(pid)?.seconds ?? 0);
    byName.set(now.name, (byName.get(now.name) ?? 0) + used);
  }
  return [...byName]
    .map(([name, used]) => [name, Math.round((used / seconds) * 100)])
    .filter(([, pct]) => pct >= 3)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name, pct]) => `${name}:${pct}%`)
    .join(',');
}

// ------------------------------------------------------------------------------- metrics

/** The samples of a process's /metrics that the bench reads: its positions timings and event loop. */
async function scrape(url) {
  const text = await (await fetch(url)).text();
  const value = (pattern) => Number(new RegExp(`^${pattern} ([0-9.e+-]+)$`, 'm').exec(text)?.[1] ?? NaN);
  const bucket = (le) => {
    for (const line of text.split('\n')) {
      if (!line.startsWith('saathi_http_request_duration_seconds_bucket{')) continue;
      if (line.includes('/api/journeys/:id/positions') && line.includes('"2xx"') && line.includes(`le="${le}"`)) return Number(line.split(' ').at(-1));
    }
    return NaN;
  };
  return {
    count: bucket('+Inf'),
    within10: bucket('0.01'),
    within25: bucket('0.025'),
    loopMeanMs: value('nodejs_eventloop_lag_mean_seconds') * 1000,
    loopP99Ms: value('nodejs_eventloop_lag_p99_seconds') * 1000,
  };
}

// ------------------------------------------------------------------------------ the phones

/**
 * A lean HTTP/1.1 client: `connections` keep-alive sockets to `host:port`, one request at a
 * time on each, the rest waiting in turn (node:http's client costs several times the CPU per
 * request, and the generator shares the machine with the server). `send(data, done, written)`
 * writes the request `data` when a socket is free (calling `written()` then) and calls
 * `done(status, bodyText | error)` once its answer has been read (Content-Length or chunked);
 * a socket that fails ends its request with status 0 and is replaced.
 */
function leanClient(host, port, connections) {
  const idle = [];
  const waiting = [];
  let head = 0;
  const open = () => {
    const conn = { socket: net.connect({ host, port, noDelay: true }), buf: null, current: null };
    conn.socket.on('data', (chunk) => {
      conn.buf = conn.buf ? Buffer.concat([conn.buf, chunk]) : chunk;
      read(conn);
    });
    const fail = (error) => {
      if (conn.dead) return;
      conn.dead = true;
      const current = conn.current;
      conn.current = null;
      conn.socket.destroy();
      if (current) current.done(0, String(error ?? 'connection closed'));
      // A new connection in its place, a moment later (a server gone refuses at once).
      if (!closed) setTimeout(() => closed || free(open()), 50);
    };
    conn.socket.once('error', fail);
    conn.socket.once('close', () => fail());
    return conn;
  };
  const read = (conn) => {
    const buf = conn.buf;
    const end = buf.indexOf('\r\n\r\n');
    if (end === -1 || !conn.current) return;
    const headers = buf.toString('latin1', 0, end);
    const status = Number(headers.slice(9, 12));
    const length = /\r\ncontent-length: *(\d+)/i.exec(headers);
    let total;
    if (length) total = end + 4 + Number(length[1]);
    else {
      const last = buf.indexOf('\r\n0\r\n\r\n', end);
      if (last === -1) return;
      total = last + 7;
    }
    if (buf.length < total) return;
    const body = status === 200 ? '' : buf.toString('utf8', end + 4, total);
    conn.buf = buf.length > total ? buf.subarray(total) : null;
    const current = conn.current;
    conn.current = null;
    current.done(status, body);
    free(conn);
  };
  const write = (conn, request) => {
    conn.current = request;
    request.written?.();
    conn.socket.write(request.data);
  };
  const free = (conn) => {
    if (closed) conn.socket.destroy();
    else if (head < waiting.length) {
      const request = waiting[head];
      waiting[head++] = undefined;
      if (head > 4096 && head * 2 > waiting.length) {
        waiting.splice(0, head);
        head = 0;
      }
      write(conn, request);
    } else idle.push(conn);
  };
  let closed = false;
  for (let i = 0; i < connections; i++) idle.push(open());
  return {
    send(data, done, written) {
      const request = { data, done, written };
      const conn = idle.pop();
      if (conn) write(conn, request);
      else waiting.push(request);
    },
    close() {
      closed = true;
      for (const conn of idle) conn.socket.destroy();
    },
  };
}

/**
 * The phones, open loop: batch n is due at `t0 + n × ROUND_MS / SENDERS` and goes to phone
 * n mod SENDERS (journey id n mod SENDERS + 1), with the points of its 10 s grid since its last
 * batch. Sends until `endAt` (a performance.now() time); `phaseOf(intendedAt)` names the phase
 * each batch counts in. Resolves once every answer is in (or after 35 s more).
 */
async function drivePhones({ servers, seeded, t0, endAt, phaseOf }) {
  const clients = servers.map((s) => {
    const url = new URL(s.baseUrl);
    return { client: leanClient(url.hostname, Number(url.port), CONNECTIONS), host: url.host };
  });
  const lastSent = seeded.lastPointAtMs.slice(0, SENDERS);
  const walks = new Map();
  const phases = new Map();
  const stats = (phase) => {
    let s = phases.get(phase);
    if (!s)
      phases.set(
        phase,
        (s = {
          latencies: [],
          bySecond: new Map(),
          statuses: new Map(),
          errors: 0,
          sent: 0,
          points: 0,
          lateSends: 0,
          lagMax: 0,
          queued: 0,
          okPoints: 0,
          firstError: undefined,
        }),
      );
    return s;
  };
  let inFlight = 0;
  let allAnswered;
  const answered = new Promise((resolve) => (allAnswered = resolve));
  let sending = true;

  const send = (n, intendedAt) => {
    const phone = n % SENDERS;
    const id = phone + 1;
    const startedAt = seeded.startedAtMs[phone];
    const nowEpoch = performance.timeOrigin + intendedAt;
    // The points on the phone's grid taken since its last batch, at most BATCH (the newest): in
    // a steady run exactly BATCH; the first batch skips what the phone took while the bench seeded.
    let from = lastSent[phone] + POINT_EVERY_S * 1000;
    const upTo = startedAt + Math.floor((nowEpoch - startedAt) / (POINT_EVERY_S * 1000)) * POINT_EVERY_S * 1000;
    if (upTo < from) return;
    from = Math.max(from, upTo - (BATCH - 1) * POINT_EVERY_S * 1000);
    let walk = walks.get(id);
    if (!walk) walks.set(id, (walk = walkOf(id)));
    const points = [];
    for (let at = from; at <= upTo; at += POINT_EVERY_S * 1000) {
      const p = walk.at(startedAt, at);
      points.push({
        latitude: Number(p.latitude.toFixed(6)),
        longitude: Number(p.longitude.toFixed(6)),
        accuracy: 8 + ((id + at / 1000) % 20),
        at: new Date(at).toISOString(),
      });
    }
    lastSent[phone] = upTo;
    const phase = stats(phaseOf(intendedAt));
    phase.sent += 1;
    phase.points += points.length;
    // How late the generator itself got to it (its loop, its CPU).
    const lag = performance.now() - intendedAt;
    if (lag > LATE_SEND_MS) phase.lateSends += 1;
    phase.lagMax = Math.max(phase.lagMax, lag);
    const { client, host } = clients[phone % clients.length];
    const body = JSON.stringify({ points });
    const data =
      `POST /api/journeys/${id}/positions HTTP/1.1\r\nhost: ${host}\r\nauthorization: Bearer ${seeded.tokens[phone]}\r\n` +
      `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    inFlight += 1;
    client.send(
      data,
      (status, text) => {
        inFlight -= 1;
        if (phase.unanswered !== undefined) return;
        phase.statuses.set(status, (phase.statuses.get(status) ?? 0) + 1);
        if (status === 200) {
          const ms = performance.now() - intendedAt;
          phase.latencies.push(ms);
          const second = Math.floor((intendedAt - t0) / 1000);
          const list = phase.bySecond.get(second);
          if (list) list.push(ms);
          else phase.bySecond.set(second, [ms]);
          phase.okPoints += points.length;
        } else {
          phase.errors += 1;
          phase.firstError ??= `${status} ${text.slice(0, 200)}`;
        }
        if (!sending && inFlight === 0) allAnswered();
      },
      () => {
        // Written only once a connection was free: the server held all of them.
        if (performance.now() - intendedAt > LATE_SEND_MS) phase.queued += 1;
      },
    );
  };

  const gapMs = ROUND_MS / SENDERS;
  let n = 0;
  while (performance.now() < endAt) {
    const now = performance.now();
    while (t0 + n * gapMs <= now && t0 + n * gapMs < endAt) {
      send(n, t0 + n * gapMs);
      n += 1;
    }
    await sleep(1);
  }
  sending = false;
  if (inFlight > 0) await Promise.race([answered, sleep(35_000)]);
  // What is still unanswered now counts as failed (`unanswered`); a later answer changes nothing.
  for (const phase of phases.values()) phase.unanswered = phase.sent - phase.latencies.length - phase.errors;
  for (const { client } of clients) client.close();
  return phases;
}

function phaseFigures(s, seconds) {
  const sorted = s.latencies.sort((a, b) => a - b);
  // The seconds (of the batches' planned times, from the measured run's start) with the worst p95.
  const secondsP95 = [...s.bySecond].map(([second, list]) => [
    second,
    percentile(
      list.sort((a, b) => a - b),
      0.95,
    ),
  ]);
  const first = Math.min(...s.bySecond.keys(), Infinity);
  return {
    batches: s.sent,
    points: s.points,
    ok: sorted.length,
    errors: s.errors + s.unanswered,
    unanswered: s.unanswered,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? NaN,
    offeredPps: s.points / seconds,
    batchesPerS: s.sent / seconds,
    lateSends: s.lateSends,
    lagMax: s.lagMax,
    queued: s.queued,
    okPoints: s.okPoints,
    worstSeconds: secondsP95
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([second, p95]) => `+${second - first}s:${Math.round(p95)}`)
      .join(' '),
    // A second none of whose batches was answered counts as over too.
    secondsOver: Math.round(seconds) - secondsP95.filter(([, p95]) => p95 <= P95_BUDGET_MS).length,
    statuses: [...s.statuses].map(([status, count]) => `${status}:${count}`).join(','),
    firstError: s.firstError,
  };
}

// ------------------------------------------------------------------------------ escalation

/** How late each stage of the late journeys was done, from the database's record (ms after its own due time). */
async function escalationLags(db, lateIds) {
  const ask = await sql`
    SELECT t.id, t.stage, (extract(epoch FROM t.due_at) * 1000)::float8 AS due_ms,
      (SELECT (extract(epoch FROM min(n.created_at)) * 1000)::float8 FROM notifications n WHERE n.user_id = t.user_id AND n.created_at >= t.due_at - interval '1 second') AS done_ms
    FROM safety_timers t WHERE t.id = ANY(${lateIds})`.execute(db);
  const contacts = await sql`
    SELECT t.id, (extract(epoch FROM t.due_at) * 1000)::float8 AS due_ms, t.contacts_alerted_at IS NOT NULL AS alerted,
      (SELECT (extract(epoch FROM min(m.created_at)) * 1000)::float8 FROM sms_messages m WHERE m.safety_timer_id = t.id) AS written_ms,
      (SELECT (extract(epoch FROM min(m.updated_at)) * 1000)::float8 FROM sms_messages m WHERE m.safety_timer_id = t.id AND m.provider IS NOT NULL) AS taken_ms
    FROM safety_timers t WHERE t.id = ANY(${lateIds})`.execute(db);
  const sos = await sql`
    SELECT t.id, (extract(epoch FROM t.due_at) * 1000)::float8 AS due_ms,
      (SELECT (extract(epoch FROM min(e.created_at)) * 1000)::float8 FROM sos_events e WHERE e.user_id = t.user_id) AS done_ms
    FROM safety_timers t WHERE t.id = ANY(${lateIds})`.execute(db);
  const lags = (rows, doneOf, offsetMs) => rows.filter((r) => doneOf(r) !== null).map((r) => doneOf(r) - (r.due_ms + offsetMs));
  const stagePassed = ask.rows.filter((r) => r.stage !== 'running' && r.stage !== 'reminded').length;
  return {
    ask: { lags: lags(ask.rows, (r) => r.done_ms, 0), note: `stage_overdue_or_later=${stagePassed}` },
    contacts: {
      lags: lags(contacts.rows, (r) => r.taken_ms, CONTACTS_AFTER_S * 1000),
      note: `alerted=${contacts.rows.filter((r) => r.alerted).length} sms_written_max_ms=${Math.round(Math.max(...lags(contacts.rows, (r) => r.written_ms, CONTACTS_AFTER_S * 1000)))}`,
    },
    sos: { lags: lags(sos.rows, (r) => r.done_ms, (CONTACTS_AFTER_S + SOS_AFTER_S) * 1000), note: '' },
  };
}

// ------------------------------------------------------------------------------------ run

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'saathi-bench-journeys-'));
const servers = [];
let database;
let twilio;
try {
  database = await createFreshDatabase('saathi_bench_journeys');
  const dbName = new URL(database.databaseUrl).pathname.slice(1);
  const seedStarted = performance.now();
  const handle = await openDatabase({ databaseUrl: database.databaseUrl, dataDir });
  await migrateToLatest(handle.db);
  const seeded = await seedJourneys(handle.db, { journeys: JOURNEYS, lateEvery: LATE_EVERY, log: (line) => console.log(`[journeys] ${line}`) });
  await handle.close();
  console.log(`[journeys] seeded ${JOURNEYS} journeys and ${seeded.history} points in ${Math.round((performance.now() - seedStarted) / 1000)} s`);

  twilio = await startTwilioPeer({ accountSid: TWILIO_ACCOUNT, authToken: 'bench-auth-token' });
  // Production refuses a real gateway without every template's registered id.
  const templateIds = path.join(dataDir, 'sms-templates.json');
  await fs.writeFile(
    templateIds,
    JSON.stringify(Object.fromEntries(SMS_TEMPLATE_ID_KEYS.map((key, i) => [key, `1207169100000${String(i).padStart(6, '0')}`]))),
  );
  const serverEnv = {
    DATABASE_URL: database.databaseUrl,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'false',
    PUSH_PROVIDER: 'none',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-dist'),
    SAFETY_TIMER_CONTACTS_AFTER_SECONDS: String(CONTACTS_AFTER_S),
    SAFETY_TIMER_SOS_AFTER_SECONDS: String(SOS_AFTER_S),
    SMS_PROVIDER: 'twilio',
    SMS_TEMPLATE_IDS: templateIds,
    TWILIO_ACCOUNT_SID: TWILIO_ACCOUNT,
    TWILIO_AUTH_TOKEN: 'bench-auth-token',
    TWILIO_FROM: 'SAATHI',
    TWILIO_API_URL: twilio.origin,
    ...(PROCESSES > 1 ? { REDIS_URL, REDIS_CHANNEL_PREFIX: `saathi-bench:${randomBytes(4).toString('hex')}:` } : {}),
    ...Object.fromEntries(Object.entries(env).filter(([name]) => /^(DATABASE_(SOS_)?POOL_SIZE|SHED_[A-Z_]+)$/.test(name))),
  };
  if (PROFILE) await fs.mkdir(PROFILE, { recursive: true });
  const metricsPorts = [];
  for (let i = 0; i < PROCESSES; i++) metricsPorts.push(await freePort());
  servers.push(
    ...(await Promise.all(
      metricsPorts.map((port, i) =>
        spawnServer(
          {
            ...serverEnv,
            METRICS_PORT: String(port),
            METRICS_HOST: '127.0.0.1',
            ...(PROFILE && i === 0 ? { NODE_OPTIONS: `--import ${path.join(import.meta.dirname, 'profile-hook.mjs')}`, SOS_BENCH_PROFILE: PROFILE } : {}),
          },
          120_000,
        ),
      ),
    )),
  );
  const metricsUrls = metricsPorts.map((port) => `http://127.0.0.1:${port}/metrics`);
  const exits = servers.map((server) => new Promise((resolve) => server.child.once('exit', () => resolve(performance.now()))));

  // The plan: the warm-up round from t0, the measured run after it, the 1,000 due LATE_AT_S into it.
  const t0 = performance.now() + 3000;
  const measureFrom = t0 + WARMUP_S * 1000;
  const measureTo = measureFrom + SECONDS * 1000;
  const lateDue = new Date(performance.timeOrigin + measureFrom + LATE_AT_S * 1000);
  const db = await openDatabase({ databaseUrl: database.databaseUrl, dataDir, poolSize: 2 }).then((h) => h.db);
  const lateIds = await lateJourneys(db, { lateEvery: LATE_EVERY, dueAt: lateDue, contactsAfterS: CONTACTS_AFTER_S, sosAfterS: SOS_AFTER_S });
  const rowsBefore = Number((await sql`SELECT count(*)::int AS n FROM journey_positions`.execute(db)).rows[0].n);
  if (performance.now() > t0) throw new Error('the start took too long for the plan');
  console.log(
    `[journeys] ${SENDERS} phones sending ${BATCH} points every ${ROUND_MS / 1000} s to ${PROCESSES} process(es): warm-up ${WARMUP_S} s, then ${SECONDS} s measured; ${lateIds.length} journeys due ${LATE_AT_S} s into it`,
  );

  let before;
  let after;
  const marks = [
    sleep(measureFrom - performance.now()).then(async () => {
      if (PROFILE) servers[0].child.kill('SIGUSR2');
      await Promise.all(metricsUrls.map(scrape)); // prom-client's event-loop histogram starts again at each scrape
      before = { cpu: await cpuSnapshot(servers, dbName), metrics: await Promise.all(metricsUrls.map(scrape)) };
    }),
    sleep(measureTo - performance.now()).then(async () => {
      after = { cpu: await cpuSnapshot(servers, dbName), metrics: await Promise.all(metricsUrls.map(scrape)) };
    }),
  ];
  const phases = await drivePhones({ servers, seeded, t0, endAt: measureTo, phaseOf: (at) => (at < measureFrom ? 'warmup' : 'measured') });
  await Promise.all(marks);

  // The escalation: wait until the SOS stage of the last one is due and no stage work is left (or a minute more).
  const lastDue = lateDue.getTime() + LATE + (CONTACTS_AFTER_S + SOS_AFTER_S) * 1000;
  while (lateIds.length > 0 && Date.now() < lastDue + 60_000) {
    await sleep(500);
    if (Date.now() < lastDue + LATE_BUDGET_MS) continue;
    const left = await sql`SELECT count(*)::int AS n FROM outbox WHERE status = 'pending' AND next_attempt_at <= now()`.execute(db);
    if (left.rows[0].n === 0) break;
  }
  // What the servers said beyond the start (warnings and errors: a stage retried, a failure), and whether one ended.
  let serverEnded = false;
  for (const [i, server] of servers.entries()) {
    const said = server
      .output()
      .split('\n')
      .filter((line) => line.trim() && !line.includes('web app not built'));
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      serverEnded = true;
      const at = ((await exits[i]) - measureFrom) / 1000;
      console.log(`journeys: server ${i + 1} exited (${server.child.exitCode ?? server.child.signalCode}) ${at.toFixed(1)} s into the measured run`);
    }
    if (said.length > 0) console.log(`journeys: server ${i + 1} logged ${said.length} lines, the last:\n${said.slice(-10).join('\n')}`);
  }
  const kept = Number((await sql`SELECT count(*)::int AS n FROM journey_positions`.execute(db)).rows[0].n) - rowsBefore;
  const lags = await escalationLags(db, lateIds);
  const wrongly = await sql`SELECT count(*)::int AS n FROM notifications WHERE NOT (user_id = ANY(${lateIds}))`.execute(db);
  await db.destroy();
  // The profile ends last, once everything above is read: the hook's query timer fails on a query
  // still running when it stops (an unhandled rejection that ends the server).
  if (PROFILE) {
    servers[0].child.kill('SIGUSR2');
    await sleep(2000);
  }

  // ---- points
  let over = serverEnded;
  const offeredAll = [...phases.values()].reduce((sum, s) => sum + s.points, 0);
  const warm = phases.get('warmup');
  if (warm) {
    const w = phaseFigures(warm, WARMUP_S);
    console.log(
      `journeys warmup batches=${w.batches} points=${w.points} p50_ms=${f1(w.p50)} p95_ms=${f1(w.p95)} p99_ms=${f1(w.p99)} max_ms=${f1(w.max)} errors=${w.errors} unanswered=${w.unanswered} late_sends=${w.lateSends} queued_for_connection=${w.queued}`,
    );
  }
  const m = phaseFigures(phases.get('measured'), SECONDS);
  const seconds = (after.cpu.at - before.cpu.at) / 1000;
  const pct = (a, b) => Math.round(((a - b) / seconds) * 100);
  const serverCpu = after.cpu.servers.map((c, i) => pct(c, before.cpu.servers[i]));
  const pgCpu = pct(after.cpu.pg.ours, before.cpu.pg.ours);
  const pgOther = pct(after.cpu.pg.all, before.cpu.pg.all) - pgCpu;
  const generatorCpu = pct(after.cpu.generator, before.cpu.generator);
  const machine = pct(after.cpu.machine, before.cpu.machine);
  const others = machine - serverCpu.reduce((a, b) => a + b, 0) - pgCpu - pgOther - generatorCpu;
  const achievedPps = m.okPoints / SECONDS;
  console.log(
    `journeys points processes=${PROCESSES} journeys=${JOURNEYS} senders=${SENDERS} batch=${BATCH} seconds=${SECONDS} batches=${m.batches} batches_per_s=${Math.round(m.batchesPerS)} ` +
      `p50_ms=${f1(m.p50)} p95_ms=${f1(m.p95)} p99_ms=${f1(m.p99)} max_ms=${f1(m.max)} offered_pps=${Math.round(m.offeredPps)} achieved_pps=${Math.round(achievedPps)} ` +
      `kept=${kept}/${offeredAll} errors=${m.errors} unanswered=${m.unanswered} late_sends=${m.lateSends} send_lag_max_ms=${f1(m.lagMax)} queued_for_connection=${m.queued} budget_p95_ms=${P95_BUDGET_MS}${m.p95 > P95_BUDGET_MS || m.errors > 0 ? ' OVER' : ''}`,
  );
  console.log(
    `journeys cpu ${serverCpu.map((c, i) => `cpu_server${PROCESSES > 1 ? `_${'AB'[i] ?? i}` : ''}=${c}%`).join(' ')} cpu_pg=${pgCpu}% cpu_generator=${generatorCpu}% ` +
      `cpu_pg_other_dbs=${pgOther}% cpu_rest=${others}% machine=${machine}% of ${os.cpus().length * 100}%${others >= 10 ? ` (others on the machine: ${busiestOthers(before.cpu, after.cpu, seconds) || 'short-lived processes'})` : ''}`,
  );
  const server = after.metrics.map((a, i) => {
    const b = before.metrics[i];
    const n = a.count - b.count;
    return `server${PROCESSES > 1 ? `_${'AB'[i] ?? i}` : ''}_answered=${n} within_10ms=${f1(((a.within10 - b.within10) / n) * 100)}% within_25ms=${f1(((a.within25 - b.within25) / n) * 100)}% loop_delay_mean_ms=${f1(a.loopMeanMs)} loop_delay_p99_ms=${f1(a.loopP99Ms)}`;
  });
  // CPU per batch the servers answered in the run (the escalation's work included): what one batch costs.
  const answered = after.metrics.reduce((sum, a, i) => sum + a.count - before.metrics[i].count, 0);
  const perBatch = (percent) => f1((percent * 10 * seconds) / Math.max(1, answered));
  console.log(`journeys ${server.join(' ')} cpu_ms_per_batch_server=${perBatch(serverCpu.reduce((a, b) => a + b, 0))} cpu_ms_per_batch_pg=${perBatch(pgCpu)}`);
  console.log(`journeys points seconds_with_p95_over_budget=${m.secondsOver}/${SECONDS} worst_seconds_p95_ms=${m.worstSeconds}`);
  if (m.errors > m.unanswered) console.log(`journeys errors by status: ${m.statuses}; first: ${m.firstError}`);
  if (m.p95 > P95_BUDGET_MS || m.errors > 0) over = true;
  if (kept !== offeredAll) {
    over = true;
    console.log(`journeys points: ${offeredAll - kept} of ${offeredAll} points offered were not kept`);
  }

  // ---- late
  const all = {};
  for (const [stage, { lags: values, note }] of lateIds.length > 0 ? Object.entries(lags) : []) {
    const sorted = [...values].sort((a, b) => a - b);
    const done = sorted.length === lateIds.length;
    const max = sorted.at(-1) ?? NaN;
    all[stage] = done ? Math.round(max) : 'missing';
    if (!done || !(max <= LATE_BUDGET_MS)) over = true;
    console.log(
      `journeys late stage=${stage} done=${sorted.length}/${lateIds.length} p50_ms=${Math.round(percentile(sorted, 0.5))} p95_ms=${Math.round(percentile(sorted, 0.95))} max_ms=${Math.round(max)} ${note}${done && max <= LATE_BUDGET_MS ? '' : ' OVER'}`.replace(
        / $/,
        '',
      ),
    );
  }
  if (lateIds.length > 0)
    console.log(
      `journeys late n=${lateIds.length} ask_all_ms=${all.ask} contacts_all_ms=${all.contacts} sos_all_ms=${all.sos} budget_ms=${LATE_BUDGET_MS} sms_taken=${twilio.requests.filter((r) => r.answer === 201).length}`,
    );
  if (wrongly.rows[0].n !== 0) {
    over = true;
    console.log(`journeys late: ${wrongly.rows[0].n} notifications went to people whose journey was not late`);
  }
  if (over) process.exitCode = 1;
} catch (error) {
  for (const server of servers) console.error(server.output().trimEnd().split('\n').slice(-20).join('\n'));
  throw error;
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  await twilio?.close();
  await database?.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
