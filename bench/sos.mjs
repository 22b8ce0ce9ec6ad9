#!/usr/bin/env node
// Budgets (DESIGN.md §7): an SOS raised with 1,000 available volunteers within 500 m → the
// 1,000th Web Push request accepted by the push service ≤ 1,000 ms, also while the feed bench
// runs beside it; ≥ 2,000 encrypted pushes per second per core.
//
// The server runs as its own process (src/server.ts through tsx), the push service as another
// (push-service.mjs: it checks every VAPID token and the aes128gcm framing, and decrypts one
// push in ten with the subscription's keys). Each round raises an SOS as a new person and
// times POST /api/sos → the 1,000th push answered 201, and reads the server's CPU time per
// thread from /proc: the whole process per fan-out (database, texts, outbox and pushes) and
// the push worker thread (encryption and HTTP). Rounds: the first after the start (reported
// apart), SOS_BENCH_ROUNDS quiet ones, and as many beside `bench/feed.mjs` (its embedded
// variant unless FEED_BENCH_ONLY says otherwise; SOS_BENCH_BESIDE_FEED=0 skips it). Then the
// push pipeline alone on this process's CPU clock: web-push's generateRequestDetails per
// message (a freshly signed VAPID token each time), web-push's encryption with a cached token
// (the code before), and encryptPush with a cached token (now), taking turns; then the
// encryption and the VAPID header alone.
// Embedded database, and PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set
// (a scratch database is created next to it and dropped).
// SOS_BENCH_PROFILE=<dir>: CPU profiles of every server thread and the time per query over the
// quiet rounds (profile-hook.mjs); `node bench/profile-summary.mjs <dir>` prints them.
// SOS_BENCH_ONLY=pipeline runs only the push pipeline part; SOS_BENCH_DB=pglite|postgres only one database.
// SOS_BENCH_SMS=twilio: each person also has 3 emergency contacts, texted through Twilio's API
// as served by its local stand-in (apps/server/test/sms-peers.ts), as production would: the
// contacts' SMS go out beside the volunteers' pushes, not in their way.
// Started through tsx (`npm run bench:sos`), so it reuses the server's own modules.
import { fork, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import webpush from 'web-push';
import { newToken, randomString, sha256Hex } from '../apps/server/src/core/crypto.ts';
import { openDatabase } from '../apps/server/src/core/db/database.ts';
import { migrateToLatest } from '../apps/server/src/core/db/migrate.ts';
import { postBytes } from '../apps/server/src/core/push/http-post.mjs';
import { encryptPush } from '../apps/server/src/core/push/push-encrypt.mjs';
import { createVapidTokens } from '../apps/server/src/core/push/vapid-token.ts';
import { seedSosScenario } from '../apps/server/test/sos-scenario.ts';
import { REFERRAL_ID_ALPHABET, REFERRAL_ID_LENGTH } from '@saathi/shared';
import { SMS_TEMPLATE_ID_KEYS } from '@saathi/shared/sms';
import { startTwilioPeer } from '../apps/server/test/sms-peers.ts';
import { withBenchServer } from './bench-server.mjs';
import { createFreshDatabase } from './scratch-db.mjs';

const BUDGET_MS = 1000;
const BUDGET_PUSHES_PER_CORE = 2000;
const VOLUNTEERS = Number(process.env.SOS_BENCH_VOLUNTEERS ?? 1000);
const ROUNDS = Number(process.env.SOS_BENCH_ROUNDS ?? 5);
const BESIDE_FEED = process.env.SOS_BENCH_BESIDE_FEED !== '0';
const PROFILE_DIR = process.env.SOS_BENCH_PROFILE;
const PIPELINE_PUSHES = Number(process.env.SOS_BENCH_PIPELINE_PUSHES ?? 1000);
const PIPELINE_REPEATS = Number(process.env.SOS_BENCH_PIPELINE_REPEATS ?? 5);
const SMS = process.env.SOS_BENCH_SMS === 'twilio' ? 'twilio' : 'console';
const CONTACTS_PER_PERSON = SMS === 'twilio' ? 3 : 0;
const TWILIO_ACCOUNT = `AC${'c3'.repeat(16)}`;
const CENTER = { latitude: 23.0225, longitude: 72.5714 };
const here = path.dirname(fileURLToPath(import.meta.url));
const CLOCK_TICK_MS = 1000 / 100;

const epochNow = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/** The local push service in its own process, with a request/answer helper over IPC. */
async function startPushService() {
  const child = fork(path.join(here, 'push-service.mjs'), { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = (type, timeoutMs = 30_000) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        child.off('message', onMessage);
        reject(new Error(`the push service sent no '${type}' within ${timeoutMs} ms`));
      }, timeoutMs);
      const onMessage = (message) => {
        if (message.type !== type) return;
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(message);
      };
      child.on('message', onMessage);
    });
  const { origin } = await next('ready');
  return {
    origin,
    async subscriptions(count) {
      child.send({ type: 'subscriptions', count });
      return (await next('subscriptions')).list;
    },
    /** Resolves with the push service's report once `count` more pushes were accepted. */
    expect(count, timeoutMs) {
      const reached = next('reached', timeoutMs);
      child.send({ type: 'expect', count });
      return reached;
    },
    async stats() {
      child.send({ type: 'stats' });
      return next('stats');
    },
    close: () => {
      child.disconnect();
      return new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
    },
  };
}

/** CPU milliseconds per thread of `pid` (Linux /proc; empty elsewhere). */
async function threadCpu(pid) {
  const cpu = new Map();
  try {
    for (const tid of await fs.readdir(`/proc/${pid}/task`)) {
      const fields = (await fs.readFile(`/proc/${pid}/task/${tid}/stat`, 'utf8')).split(') ')[1].split(' ');
      cpu.set(Number(tid), (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS);
    }
  } catch {
    // Not Linux, or the thread ended meanwhile.
  }
  return cpu;
}

/**
 * CPU used between two threadCpu readings: the whole process, and the busiest thread other
 * than the main one, which during a fan-out is the push worker (encryption and HTTP).
 */
function cpuBetween(before, after, pid) {
  let total = 0;
  let push = 0;
  for (const [tid, ms] of after) {
    const used = ms - (before.get(tid) ?? 0);
    total += used;
    if (tid !== pid) push = Math.max(push, used);
  }
  return { total, main: (after.get(pid) ?? 0) - (before.get(pid) ?? 0), push };
}

/** People who raise the SOS of each round, each with a day-long session (only its hash stored). */
async function seedVictims(db, count) {
  const victims = [];
  for (let i = 0; i < count; i++) {
    const user = await db
      .insertInto('users')
      .values({
        phone_number: `8${String(100_000_000 + i).slice(-9)}`,
        name: `Bench Person ${i}`,
        referral_id: randomString(REFERRAL_ID_ALPHABET, REFERRAL_ID_LENGTH),
        is_verified: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = newToken();
    await db
      .insertInto('sessions')
      .values({ user_id: user.id, token_hash: sha256Hex(token), expires_at: sql`now() + interval '1 day'` })
      .execute();
    if (CONTACTS_PER_PERSON > 0) {
      await db
        .insertInto('emergency_contacts')
        .values(
          Array.from({ length: CONTACTS_PER_PERSON }, (_, k) => ({
            user_id: user.id,
            name: `Contact ${k + 1}`,
            phone_number: `9${String(100_000_000 + i * 10 + k).slice(-9)}`,
            position: k,
          })),
        )
        .execute();
    }
    victims.push(token);
  }
  return victims;
}

/** One SOS: POST /api/sos → the VOLUNTEERS-th push accepted; then resolved so it never widens. */
async function round(server, peer, token) {
  const pid = server.child.pid;
  const reached = peer.expect(VOLUNTEERS, 60_000);
  const cpuBefore = await threadCpu(pid);
  const started = epochNow();
  const res = await fetch(`${server.baseUrl}/api/sos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...CENTER, threat: 'medical' }),
  });
  if (res.status !== 201) throw new Error(`POST /api/sos answered ${res.status}: ${await res.text()}`);
  const { id } = await res.json();
  const report = await reached;
  const toLast = cpuBetween(cpuBefore, await threadCpu(pid), pid);
  // The marks 'sent' and the outbox bookkeeping after the last push belong to the fan-out too.
  await sleep(1000);
  const whole = cpuBetween(cpuBefore, await threadCpu(pid), pid);
  const resolved = await fetch(`${server.baseUrl}/api/sos/${id}/resolve`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  if (!resolved.ok) throw new Error(`resolving SOS ${id} answered ${resolved.status}`);
  if (report.sample?.sosEventId !== id) throw new Error(`a decrypted push was ${JSON.stringify(report.sample)}, not SOS ${id}`);
  return { ms: report.at - started, toLast, whole, load: os.loadavg()[0] };
}

function describe(label, kind, results) {
  const ms = results.map((r) => r.ms);
  const wholeCpu = median(results.map((r) => r.whole.total));
  const pushCpu = median(results.map((r) => r.whole.push));
  const line = {
    label,
    db: kind,
    sms: SMS,
    rounds: results.length,
    post_to_last_push_ms_p50: Math.round(median(ms)),
    max_ms: Math.round(Math.max(...ms)),
    server_cpu_ms_p50: Math.round(wholeCpu),
    push_thread_cpu_ms_p50: Math.round(pushCpu),
    pushes_per_cpu_s_process: Math.round((VOLUNTEERS * 1000) / wholeCpu),
    pushes_per_cpu_s_push_thread: Math.round((VOLUNTEERS * 1000) / pushCpu),
    load1: median(results.map((r) => r.load)).toFixed(1),
  };
  console.log(
    `sos ${Object.entries(line)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
  );
  return line;
}

/** bench/feed.mjs as a child; resolves `loaded` once its server is under load, `done` when it ends. */
function startFeedBench() {
  const env = {
    ...process.env,
    FEED_BENCH_ONLY: process.env.FEED_BENCH_ONLY ?? 'embedded',
    FEED_BENCH_EMBEDDED_POSTS: process.env.FEED_BENCH_EMBEDDED_POSTS ?? '20000',
    FEED_BENCH_SECONDS: process.env.FEED_BENCH_SECONDS ?? '20',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'feed.mjs')], { cwd: here, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let seededAt;
  const onData = (d) => {
    out += d.toString();
    if (seededAt === undefined && / posts \(/.test(out)) seededAt = Date.now();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const done = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const loaded = (async () => {
    while (seededAt === undefined) {
      if (child.exitCode !== null) throw new Error(`the feed bench ended before its load:\n${out}`);
      await sleep(200);
    }
    // Its server starts (a few seconds) and the warm-up load begins.
    await sleep(10_000);
  })();
  return { loaded, done, output: () => out, running: () => child.exitCode === null };
}

function run(kind) {
  return withBenchServer('saathi-bench-sos-', async ({ dataDir, start, defer }) => {
    const peer = await startPushService();
    defer(() => peer.close());
    const vapid = webpush.generateVAPIDKeys();
    let databaseUrl;
    if (kind === 'postgres') {
      const database = await createFreshDatabase('saathi_bench');
      defer(database.drop);
      databaseUrl = database.databaseUrl;
    }
    const subscriptions = await peer.subscriptions(VOLUNTEERS);
    const handle = await openDatabase({ databaseUrl, dataDir });
    await migrateToLatest(handle.db);
    await seedSosScenario(handle.db, { center: CENTER, count: VOLUNTEERS, radiusM: 480, subscriptionFor: (i) => subscriptions[i] });
    const victims = await seedVictims(handle.db, 1 + ROUNDS * (BESIDE_FEED ? 2 : 1));
    await handle.close();

    const env = { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey };
    let twilio;
    if (SMS === 'twilio') {
      twilio = await startTwilioPeer({ accountSid: TWILIO_ACCOUNT, authToken: 'bench-auth-token' });
      defer(() => twilio.close());
      // Production refuses a real gateway without every template's registered id.
      const templateIds = path.join(dataDir, 'sms-templates.json');
      await fs.writeFile(
        templateIds,
        JSON.stringify(Object.fromEntries(SMS_TEMPLATE_ID_KEYS.map((key, i) => [key, `1207169100000${String(i).padStart(6, '0')}`]))),
      );
      Object.assign(env, {
        SMS_PROVIDER: 'twilio',
        SMS_TEMPLATE_IDS: templateIds,
        TWILIO_ACCOUNT_SID: TWILIO_ACCOUNT,
        TWILIO_AUTH_TOKEN: 'bench-auth-token',
        TWILIO_FROM: 'SAATHI',
        TWILIO_API_URL: twilio.origin,
      });
    }
    if (PROFILE_DIR) {
      await fs.mkdir(PROFILE_DIR, { recursive: true });
      Object.assign(env, { NODE_OPTIONS: `--import ${path.join(here, 'profile-hook.mjs')}`, SOS_BENCH_PROFILE: path.resolve(PROFILE_DIR) });
    }
    const server = await start(databaseUrl, env);
    // Let the start-up work (warm-up queries, the push worker thread) finish first.
    await sleep(2000);
    const lines = [];
    const first = await round(server, peer, victims.shift());
    lines.push(describe('first-after-start', kind, [first]));

    if (PROFILE_DIR) process.kill(server.child.pid, 'SIGUSR2');
    const quiet = [];
    for (let i = 0; i < ROUNDS; i++) quiet.push(await round(server, peer, victims.shift()));
    if (PROFILE_DIR) {
      process.kill(server.child.pid, 'SIGUSR2');
      await sleep(2000);
    }
    lines.push(describe('quiet', kind, quiet));

    if (BESIDE_FEED) {
      const feed = startFeedBench();
      await feed.loaded;
      const beside = [];
      for (let i = 0; i < ROUNDS; i++) beside.push(await round(server, peer, victims.shift()));
      const overlapped = feed.running();
      lines.push(describe('beside-feed-bench', kind, beside));
      const code = await feed.done;
      console.log(
        feed
          .output()
          .split('\n')
          .filter((l) => l.startsWith('feed '))
          .map((l) => `  (beside) ${l}`)
          .join('\n'),
      );
      if (code !== 0) throw new Error(`the feed bench failed (${code}):\n${feed.output()}`);
      if (!overlapped) console.error('the feed bench ended before the last round: raise FEED_BENCH_SECONDS');
    }
    const stats = await peer.stats();
    if (stats.rejected > 0) throw new Error(`the push service refused ${stats.rejected} pushes: ${JSON.stringify(stats.reasons)}`);
    console.log(`  push service: ${stats.accepted} accepted, ${stats.decrypted} decrypted and checked, ${stats.rejected} refused`);
    if (twilio) {
      const taken = twilio.requests.filter((r) => r.answer === 201).length;
      console.log(`  sms gateway (twilio peer): ${taken} contact SMS taken of ${twilio.requests.length} requests`);
    }
    return { lines };
  });
}

/**
 * The push pipeline alone (encrypt, sign or reuse the VAPID token, POST over keep-alive
 * connections, 128 in flight) on this process's CPU clock, against the same push service.
 */
async function pipeline(vapid) {
  const peer = await startPushService();
  try {
    const subs = await peer.subscriptions(VOLUNTEERS);
    const subject = 'mailto:bench@saathi.invalid';
    const payload = (i) =>
      JSON.stringify({
        title: 'SOS nearby: Sneha needs help',
        body: 'Sneha needs help 0–500 m from you (medical). Open Saathi to respond.',
        url: '/sos-mode?sosEventId=1',
        type: 'sos.alert',
        sosEventId: 1,
        notificationId: i,
        actions: [{ action: 'open-sos', title: 'Go to SOS' }],
      });
    const base = { 'content-encoding': 'aes128gcm', 'content-type': 'application/octet-stream', ttl: '86400', urgency: 'high' };
    const audience = new URL(peer.origin).origin;
    const cached = webpush.getVapidHeaders(audience, subject, vapid.publicKey, vapid.privateKey, 'aes128gcm', Math.floor(Date.now() / 1000) + 12 * 3600);
    const tokens = createVapidTokens({ keys: vapid, subject });
    const impls = {
      'web-push generateRequestDetails (a token signed per message)': (sub, i) => {
        const details = webpush.generateRequestDetails(sub, payload(i), { vapidDetails: { subject, ...vapid }, TTL: 86400, urgency: 'high' });
        const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
        delete headers['content-length'];
        return { headers, body: details.body };
      },
      'web-push encrypt, cached token (before)': (sub, i) => ({
        headers: { ...base, authorization: cached.Authorization },
        body: webpush.encrypt(sub.keys.p256dh, sub.keys.auth, payload(i), 'aes128gcm').cipherText,
      }),
      'encryptPush, cached token (now)': (sub, i) => ({
        headers: { ...base, authorization: tokens.authorization(sub.endpoint) },
        body: encryptPush(sub.keys.p256dh, sub.keys.auth, payload(i)),
      }),
    };
    // Warm-up, then PIPELINE_REPEATS passes taking turns (the machine's load drifts; turns
    // spread it evenly), each impl's median reported.
    const cpuMsPerPush = new Map(Object.keys(impls).map((name) => [name, []]));
    const wallMs = new Map(Object.keys(impls).map((name) => [name, []]));
    for (let pass = -1; pass < PIPELINE_REPEATS; pass++) {
      for (const [name, make] of Object.entries(impls)) {
        const n = pass < 0 ? 300 : PIPELINE_PUSHES;
        const reached = peer.expect(n, 120_000);
        const cpu = process.cpuUsage();
        const started = performance.now();
        let next = 0;
        const lane = async () => {
          while (next < n) {
            const i = next++;
            const sub = subs[i % subs.length];
            const { headers, body } = make(sub, i);
            const status = await postBytes(sub.endpoint, headers, body, 10_000);
            if (status !== 201) throw new Error(`${name}: the push service answered ${status}`);
          }
        };
        await Promise.all(Array.from({ length: 128 }, lane));
        await reached;
        const used = process.cpuUsage(cpu);
        if (pass < 0) continue;
        cpuMsPerPush.get(name).push((used.user + used.system) / 1000 / n);
        wallMs.get(name).push(performance.now() - started);
      }
    }
    const results = [];
    for (const name of Object.keys(impls)) {
      const perPush = median(cpuMsPerPush.get(name));
      const perCore = Math.round(1000 / perPush);
      results.push({ name, perCore });
      console.log(
        `push pipeline pushes_per_cpu_s=${perCore} cpu_us_per_push=${Math.round(perPush * 1000)} wall_ms=${Math.round(median(wallMs.get(name)))} n=${PIPELINE_PUSHES}x${PIPELINE_REPEATS} load1=${load().split(' ')[0]} impl="${name}"`,
      );
    }
    // The encryption and the VAPID header alone, without HTTP, the same way.
    const alone = {
      'web-push encrypt': (sub, i) => webpush.encrypt(sub.keys.p256dh, sub.keys.auth, payload(i), 'aes128gcm'),
      encryptPush: (sub, i) => encryptPush(sub.keys.p256dh, sub.keys.auth, payload(i)),
      'web-push getVapidHeaders (signs)': () => webpush.getVapidHeaders(audience, subject, vapid.publicKey, vapid.privateKey, 'aes128gcm'),
      'createVapidTokens (cached)': (sub) => tokens.authorization(sub.endpoint),
    };
    const aloneUs = new Map(Object.keys(alone).map((name) => [name, []]));
    for (let pass = -1; pass < PIPELINE_REPEATS; pass++) {
      for (const [name, work] of Object.entries(alone)) {
        const n = pass < 0 ? 200 : 1000;
        const cpu = process.cpuUsage();
        for (let i = 0; i < n; i++) work(subs[i % subs.length], i);
        const used = process.cpuUsage(cpu);
        if (pass >= 0) aloneUs.get(name).push((used.user + used.system) / n);
      }
    }
    for (const [name, us] of aloneUs) {
      console.log(`push step per_cpu_s=${Math.round(1e6 / median(us))} cpu_us=${median(us).toFixed(1)} step="${name}"`);
    }
    const stats = await peer.stats();
    if (stats.rejected > 0) throw new Error(`the push service refused ${stats.rejected} pipeline pushes: ${JSON.stringify(stats.reasons)}`);
    return results;
  } finally {
    await peer.close();
  }
}

console.log(`machine: ${os.cpus().length} cores, load average ${load()}`);
const kinds = ['pglite', ...(process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL ? ['postgres'] : [])].filter(
  (kind) => !process.env.SOS_BENCH_DB || process.env.SOS_BENCH_DB === kind,
);
let over = false;
for (const kind of process.env.SOS_BENCH_ONLY === 'pipeline' ? [] : kinds) {
  const { lines } = await run(kind);
  for (const line of lines.filter((l) => l.label !== 'first-after-start')) {
    if (line.post_to_last_push_ms_p50 > BUDGET_MS) {
      console.error(`over budget on ${kind} (${line.label}): ${line.post_to_last_push_ms_p50} ms > ${BUDGET_MS} ms (load average ${line.load1})`);
      over = true;
    }
  }
}
const pipelineResults = await pipeline(webpush.generateVAPIDKeys());
const now = pipelineResults.at(-1);
if (now.perCore < BUDGET_PUSHES_PER_CORE) {
  console.error(`push pipeline under budget: ${now.perCore} < ${BUDGET_PUSHES_PER_CORE} pushes per CPU-second`);
  over = true;
}
console.log(`machine after: load average ${load()}`);
process.exit(over ? 1 : 0);
