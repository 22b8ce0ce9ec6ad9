import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveChallengeOf } from '../altcha-solver';
import { createFactory, uniquePhone } from '../factory';
import { freePort, type ServerProcess } from '../spawn-server';
import {
  api,
  Cleanups,
  clusterEnv,
  errorCode,
  migratedDatabase,
  seedSosOnPeer,
  startPair,
  startSharedServices,
  type ClusterDatabase,
  type SharedServices,
} from './cluster';
import { openEventStream } from './event-stream';

/**
 * Two server processes, A and B, behind one imagined load balancer: a client's requests may
 * land on either, so everything a client sees must be the same whichever one answers.
 */
const LIMITS = { otpPerIp: 4, nearbyPerMinute: 4, postsPerDay: 3, likesPerDay: 4 };

const cleanups = new Cleanups();
let database: ClusterDatabase;
let services: SharedServices;
let a: ServerProcess;
let b: ServerProcess;
/** Each process's own metrics listener (METRICS_PORT). */
let metricsPorts: [number, number];
const factory = createFactory(() => database.db);
/** Every request names its own client address (TRUST_PROXY), so per-IP limits of one test do not touch another's. */
let ipCounter = 0;
const freshIp = () => {
  ipCounter += 1;
  return `203.0.113.${ipCounter}`;
};

beforeAll(async () => {
  [database, services] = await Promise.all([migratedDatabase(cleanups), startSharedServices(cleanups)]);
  const env = clusterEnv(database.url, services, {
    TRUST_PROXY: 'true',
    OTP_CODES_PER_IP_PER_HOUR: String(LIMITS.otpPerIp),
    VOLUNTEERS_NEARBY_PER_MINUTE: String(LIMITS.nearbyPerMinute),
    DAILY_POST_LIMIT: String(LIMITS.postsPerDay),
    DAILY_LIKE_LIMIT: String(LIMITS.likesPerDay),
  });
  metricsPorts = [await freePort(), await freePort()];
  [a, b] = await startPair({ ...env, METRICS_PORT: String(metricsPorts[0]) }, { ...env, METRICS_PORT: String(metricsPorts[1]) }, cleanups);
});

afterAll(async () => {
  await cleanups.run();
});

/** The login code the console SMS provider printed on `server`'s stdout for `phone`, newest first. */
function codeSentTo(server: ServerProcess, phone: string): string | undefined {
  const codes = [...server.output().matchAll(/^\[sms\] to=\+91(\d{10}) text=(.*)$/gm)]
    .filter((m) => m[1] === phone)
    .map((m) => /(?<!\d)\d{6}(?!\d)/.exec(m[2] ?? '')?.[0]);
  return codes.at(-1);
}

const requestCode = (server: ServerProcess, phoneNumber: string, ip = freshIp()) =>
  api(server, 'POST', '/auth/otp/request', { body: { phoneNumber }, headers: { 'x-forwarded-for': ip } });

/** A fixed window counted by the clock's minute or hour must not roll over in the middle of a test. */
async function awayFromWindowEdge(windowMs: number, marginMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** Asks alternately on A and B until one refuses; returns the 1-based number of the refused request and its answer. */
async function alternateUntilRefused(
  call: (server: ServerProcess, attempt: number) => Promise<{ status: number; body: unknown }>,
  max: number,
): Promise<{ refusedAt: number; status: number; code: string | undefined; servedBy: string[] }> {
  const servedBy: string[] = [];
  for (let attempt = 1; attempt <= max; attempt++) {
    const server = attempt % 2 === 1 ? a : b;
    const res = await call(server, attempt);
    servedBy.push(server === a ? 'A' : 'B');
    if (res.status >= 400) return { refusedAt: attempt, status: res.status, code: errorCode(res.body), servedBy };
    if (res.status >= 300) throw new Error(`unexpected ${res.status}: ${JSON.stringify(res.body)}`);
  }
  return { refusedAt: -1, status: 0, code: undefined, servedBy };
}

describe('two server processes on one database, one Redis, one bucket', () => {
  it('an SOS raised on A reaches a volunteer streaming from B within a second', async () => {
    const center = { latitude: 19.076, longitude: 72.8777 };
    const scenario = await seedSosOnPeer(database, services.push, { center, count: 3, prefix: 'near-' });
    const volunteerToken = await factory.loginAs({ id: scenario.volunteerIds[0] as number });
    const stream = await openEventStream(b.baseUrl, volunteerToken);
    try {
      expect(stream.status).toBe(200);
      await stream.next('ready');
      const started = performance.now();
      const raised = await api(a, 'POST', '/sos', { token: scenario.victimToken, body: { ...center, threat: 'accident' } });
      expect(raised.status).toBe(201);
      const eventId = (raised.body as { id: number }).id;
      const alert = await stream.next('notification.created', (d) => (d as { notification: { type: string } }).notification.type === 'sos.alert', 5000);
      expect((alert.data as { notification: { sosEventId: number } }).notification.sosEventId).toBe(eventId);
      expect(alert.receivedAt - started, 'ms from POST /api/sos on A to the alert on B').toBeLessThan(1000);
    } finally {
      stream.close();
    }
  });

  it('an SOS evidence chunk uploaded through A plays back through B, from the shared private bucket', async () => {
    const victim = await factory.user();
    const token = await factory.loginAs(victim);
    const raised = await api(a, 'POST', '/sos', { token, body: { latitude: 12.9716, longitude: 77.5946, threat: 'accident' } });
    expect(raised.status).toBe(201);
    const eventId = (raised.body as { id: number }).id;
    // The start of a MediaRecorder webm (its EBML header and the Segment's), then a few hundred kilobytes.
    const webmStart = Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d42878104428581021853806701ffffffffffffff', 'hex');
    const chunk = Buffer.concat([webmStart, Buffer.alloc(300_000, 9)]);
    const uploaded = await fetch(`${a.baseUrl}/api/sos/${eventId}/evidence?sequence=0&kind=video`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'video/webm;codecs=vp8,opus' },
      body: chunk,
    });
    expect(uploaded.status).toBe(201);

    const played = await fetch(`${b.baseUrl}/api/sos/${eventId}/evidence/video.webm`, { headers: { authorization: `Bearer ${token}` } });
    expect(played.status).toBe(200);
    expect(played.headers.get('content-type')).toBe('video/webm');
    expect(played.headers.get('content-length')).toBe(String(chunk.length));
    expect(Buffer.from(await played.arrayBuffer()).equals(chunk)).toBe(true);
    // It is in the private bucket, which refuses an unsigned read.
    const [row] = await database.db.selectFrom('media_objects').select('key').where('key', 'like', `evidence/${eventId}/%`).execute();
    expect((await fetch(`${services.s3.endpoint}/${services.s3.privateBucket}/${row?.key}`)).status).toBe(403);
  });

  it('a session from a login on A works on B, and a logout on B ends it on A', async () => {
    const phone = uniquePhone();
    const requested = await requestCode(a, phone);
    expect(requested.status).toBe(200);
    const code = codeSentTo(a, phone);
    expect(code, 'A printed the login code').toMatch(/^\d{6}$/);
    const login = await api(a, 'POST', '/auth/otp/verify', {
      body: { phoneNumber: phone, code, attemptId: (requested.body as { attemptId: string }).attemptId },
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(login.status).toBe(200);
    const { token, user } = login.body as { token: string; user: { id: number } };

    const onB = await api(b, 'GET', '/users/me', { token });
    expect(onB.status).toBe(200);
    expect((onB.body as { id: number }).id).toBe(user.id);
    expect((await api(a, 'GET', '/users/me', { token })).status).toBe(200);

    expect((await api(b, 'POST', '/auth/logout', { token })).status).toBe(200);
    expect((await api(a, 'GET', '/users/me', { token })).status).toBe(401);
    expect((await api(b, 'GET', '/users/me', { token })).status).toBe(401);
  });

  describe('rate limits count across both processes', () => {
    it('login codes per number and browser: the growing resend wait holds whichever process is asked', async () => {
      const phone = uniquePhone();
      const browser = { cookie: `saathi_device=${'d'.repeat(43)}`, 'x-forwarded-for': freshIp() };
      const ask = (server: ServerProcess) => api(server, 'POST', '/auth/otp/request', { body: { phoneNumber: phone }, headers: browser });
      // Stands in for the wait itself: the codes sent so far are moved back in time.
      const waitOut = (seconds: number) =>
        sql`UPDATE otp_codes SET created_at = created_at - make_interval(secs => ${seconds + 1}) WHERE phone_number = ${phone}`.execute(database.db);
      for (const [i, wait] of [30, 60, 120].entries()) {
        const server = i % 2 === 0 ? a : b;
        const sent = await ask(server);
        expect(sent.status).toBe(200);
        expect((sent.body as { resendAfterSeconds: number }).resendAfterSeconds).toBe(wait);
        // The other process must see the code just sent: asking there at once is too soon.
        const tooSoon = await ask(server === a ? b : a);
        expect(tooSoon.status).toBe(429);
        expect(tooSoon.body).toMatchObject({ error: { code: 'too_many_requests', params: { seconds: expect.any(Number) } } });
        expect((tooSoon.body as { error: { params: { seconds: number } } }).error.params.seconds).toBeGreaterThan(wait - 5);
        await waitOut(wait);
      }
    });

    it('login codes per network address: past the hourly count the address is challenged, and a solution buys one request on either process', async () => {
      const ip = freshIp();
      const ask = (server: ServerProcess, altcha?: string) =>
        api(server, 'POST', '/auth/otp/request', { body: { phoneNumber: uniquePhone(), ...(altcha ? { altcha } : {}) }, headers: { 'x-forwarded-for': ip } });
      const result = await alternateUntilRefused((server) => ask(server), LIMITS.otpPerIp + 2);
      expect(result).toMatchObject({ refusedAt: LIMITS.otpPerIp + 1, status: 428, code: 'challenge_required' });
      // A challenge is bound to the number it was asked for: ask for one number, then solve it.
      const phone = uniquePhone();
      const challenged = await api(a, 'POST', '/auth/otp/request', { body: { phoneNumber: phone }, headers: { 'x-forwarded-for': ip } });
      expect(challenged.status).toBe(428);
      const altcha = await solveChallengeOf(challenged.body);
      const solved = await api(b, 'POST', '/auth/otp/request', { body: { phoneNumber: phone, altcha }, headers: { 'x-forwarded-for': ip } });
      expect(solved.status).toBe(200);
      // Spent: the same solution on the other process is answered with a new challenge.
      const replayed = await api(a, 'POST', '/auth/otp/request', {
        body: { phoneNumber: phone, altcha },
        headers: { 'x-forwarded-for': ip, cookie: 'saathi_device=' + 'r'.repeat(43) },
      });
      expect(replayed.status).toBe(428);
    });

    it('posts per day (the photos go to the shared bucket) and likes per day', async () => {
      const poster = await factory.user({ name: 'Kavya Iyer', dob: '1990-05-17' });
      const posterToken = await factory.loginAs(poster);
      const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 200, g: 40, b: 120 } } })
        .jpeg()
        .toBuffer();
      const mediaUrls: string[] = [];
      const posts = await alternateUntilRefused(async (server, attempt) => {
        const form = new FormData();
        form.append('title', `Street light out ${attempt}`);
        form.append('description', 'Dark lane near the market');
        form.append('media_0', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
        const res = await fetch(`${server.baseUrl}/api/posts/post-create`, { method: 'POST', headers: { authorization: `Bearer ${posterToken}` }, body: form });
        const body = (await res.json()) as { mediaUrls?: string[] };
        mediaUrls.push(...(body.mediaUrls ?? []));
        return { status: res.status, body };
      }, LIMITS.postsPerDay + 2);
      expect(posts).toMatchObject({ refusedAt: LIMITS.postsPerDay + 1, status: 429, code: 'daily_limit_reached' });
      // A photo uploaded through one process is served to anyone, not from that process's disk.
      expect(mediaUrls).toHaveLength(LIMITS.postsPerDay);
      for (const url of mediaUrls) expect(url.startsWith(`${services.s3.endpoint}/`), url).toBe(true);
      expect((await fetch(mediaUrls[1] as string)).status).toBe(200);

      const liker = await factory.user({ name: 'Rohan Das', dob: '1992-01-02' });
      const likerToken = await factory.loginAs(liker);
      const postIds: number[] = [];
      for (let i = 0; i < LIMITS.likesPerDay + 2; i++) {
        const row = await database.db
          .insertInto('posts')
          .values({ user_id: poster.id, user_name: 'Kavya Iyer', title: `Notice ${i}`, description: 'A post', tags: [] })
          .returning('id')
          .executeTakeFirstOrThrow();
        postIds.push(row.id);
      }
      const likes = await alternateUntilRefused(
        (server, attempt) => api(server, 'POST', `/posts/${postIds[attempt - 1]}/like`, { token: likerToken, body: {} }),
        LIMITS.likesPerDay + 2,
      );
      expect(likes).toMatchObject({ refusedAt: LIMITS.likesPerDay + 1, status: 429, code: 'daily_limit_reached' });
    });

    it('volunteers-nearby searches per minute (counted in Redis)', async () => {
      const searcher = await factory.user({ name: 'Meera Nair' });
      const token = await factory.loginAs(searcher);
      await awayFromWindowEdge(60_000, 5_000);
      const result = await alternateUntilRefused(
        (server) => api(server, 'GET', `/community/volunteers-nearby?location=${encodeURIComponent('19.076, 72.8777')}&range=1000`, { token }),
        LIMITS.nearbyPerMinute + 2,
      );
      expect(result).toMatchObject({ refusedAt: LIMITS.nearbyPerMinute + 1, status: 429, code: 'rate_limited' });
    });

    it('test pushes per hour', async () => {
      const user = await factory.user({ name: 'Arjun Rao' });
      const token = await factory.loginAs(user);
      await awayFromWindowEdge(3_600_000, 5_000);
      // 5 an hour (src/features/push/push-test.test.ts says where the number comes from): the 6th is refused.
      const result = await alternateUntilRefused((server) => api(server, 'POST', '/push/test', { token }), 7);
      expect(result).toMatchObject({ refusedAt: 6, status: 429, code: 'push_test_limit' });
    });
  });

  it('a stream that reconnects with Last-Event-ID gets exactly the events it missed, in order, then live ones', async () => {
    const user = await factory.user({ name: 'Sana Khan' });
    const token = await factory.loginAs(user);
    const notificationOf = (data: unknown) => (data as { notification: { id: number; type: string } }).notification;

    const first = await openEventStream(b.baseUrl, token);
    let lastId: string | undefined;
    try {
      await first.next('ready');
      expect((await api(a, 'POST', '/push/test', { token })).status).toBe(200);
      const [seen] = await first.waitForEvents(1);
      expect(seen?.type).toBe('notification.created');
      lastId = seen?.id;
    } finally {
      first.close();
    }
    expect(lastId, 'each event frame carries an id: line').toBeTruthy();

    // Two notifications while the client is away (e.g. a phone between cell towers).
    expect((await api(a, 'POST', '/push/test', { token })).status).toBe(200);
    expect((await api(a, 'POST', '/push/test', { token })).status).toBe(200);
    const listed = await api(b, 'GET', '/notifications?pageSize=3', { token });
    const missedIds = (listed.body as { items: { id: number }[] }).items
      .slice(0, 2)
      .map((n) => n.id)
      .reverse();

    const resumed = await openEventStream(a.baseUrl, token, { 'last-event-id': lastId as string });
    try {
      const ready = await resumed.next('ready');
      expect(ready.data).toMatchObject({ resumed: true });
      const replayed = await resumed.waitForEvents(2);
      expect(replayed.map((f) => f.type)).toEqual(['notification.created', 'notification.created']);
      expect(replayed.map((f) => notificationOf(f.data).id)).toEqual(missedIds);
      expect(resumed.events.indexOf(ready)).toBe(0);

      // A live event after the replay comes next: nothing was sent twice or left over.
      expect((await api(b, 'POST', '/push/test', { token })).status).toBe(200);
      const all = await resumed.waitForEvents(3);
      expect(all).toHaveLength(3);
      expect(notificationOf(all[2]?.data).id).toBeGreaterThan(missedIds[1] as number);
      expect(new Set(all.map((f) => f.id)).size).toBe(3);
    } finally {
      resumed.close();
    }
  });
});

describe('metrics listener', () => {
  it('each process serves its own figures on METRICS_PORT, and the public port serves none of them', async () => {
    for (const [server, port] of [
      [a, metricsPorts[0]],
      [b, metricsPorts[1]],
    ] as const) {
      const own = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(own.status).toBe(200);
      const text = await own.text();
      expect(text).toMatch(/^saathi_ready 1$/m);
      expect(text).toMatch(/^saathi_outbox_lag_seconds /m);
      expect(text).toMatch(/^process_resident_memory_bytes /m);
      const open = await fetch(`${server.baseUrl}/metrics`);
      expect(await open.text()).not.toContain('saathi_');
    }
  });
});
