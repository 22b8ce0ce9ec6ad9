import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addContact, buildWithPushPeer, freshPlace, makeVolunteer, offset, post, raiseSos, subscribePush } from '../../../test/sos-fixtures';
import { createOutboxRepository } from '../outbox';
import { DbRef } from '../db/db-ref';
import { enqueue } from '../outbox';
import { metricsText } from './metrics';
import { startMetricsServer, type MetricsServer } from './metrics-server';

const sos = buildWithPushPeer();
const { t } = sos;

/** The value of one series as the registry holds it now (0 when it has no sample yet). */
async function sample(name: string, labels: Record<string, string> = {}): Promise<number> {
  const metric = t.app.metrics.registry.getSingleMetric(name);
  if (!metric) throw new Error(`no metric ${name}`);
  const { values } = await metric.get();
  const found = values.find(
    (v) => Object.entries(labels).every(([k, value]) => String(v.labels[k]) === value) && Object.keys(v.labels).length >= Object.keys(labels).length,
  );
  return found?.value ?? 0;
}

/** A histogram's `_count`, or one `_bucket` with `le`, for one label set. */
async function histogramSample(name: string, labels: Record<string, string>, suffix: 'count' | 'bucket' = 'count'): Promise<number> {
  const metric = t.app.metrics.registry.getSingleMetric(name);
  const { values } = (await metric!.get()) as { values: Array<{ value: number; labels: Record<string, unknown>; metricName?: string }> };
  const found = values.find((v) => v.metricName === `${name}_${suffix}` && Object.entries(labels).every(([k, value]) => String(v.labels[k]) === value));
  return found?.value ?? 0;
}

const histogramCount = (name: string, labels: Record<string, string> = {}) => histogramSample(name, labels);

describe('metrics', () => {
  it('an SOS moves the raised counter, the fan-out histogram of its first step and the push and SMS counters', async () => {
    const here = freshPlace();
    const victim = await t.factory.user({ name: 'Asha Rao' });
    await addContact(t, victim.id, { name: 'Amma', phoneNumber: '9822000011' });
    const volunteer = await makeVolunteer(t, { at: offset(here, 150) });
    await subscribePush(t, sos.peer, volunteer.id);
    const before = {
      raised: await sample('saathi_sos_raised_total'),
      step1: await histogramCount('saathi_sos_fanout_duration_seconds', { step: '1' }),
      pushOk: await sample('saathi_notifications_total', { channel: 'push', outcome: 'ok' }),
      smsOk: await sample('saathi_notifications_total', { channel: 'sms', outcome: 'ok' }),
      inApp: await sample('saathi_notifications_total', { channel: 'inapp', outcome: 'ok' }),
    };

    const res = await raiseSos(t, await t.loginAs(victim), { ...here, threat: 'medical' });
    expect(res.statusCode).toBe(201);
    const eventId = res.json().id as number;
    await t.app.outbox.drain();

    expect(await sample('saathi_sos_raised_total')).toBe(before.raised + 1);
    expect(await histogramCount('saathi_sos_fanout_duration_seconds', { step: '1' })).toBe(before.step1 + 1);
    expect(await sample('saathi_notifications_total', { channel: 'push', outcome: 'ok' })).toBe(before.pushOk + 1);
    expect(await sample('saathi_notifications_total', { channel: 'sms', outcome: 'ok' })).toBe(before.smsOk + 1);
    expect(await sample('saathi_notifications_total', { channel: 'inapp', outcome: 'ok' })).toBe(before.inApp + 1);
    // The step is written once, for the status screen of every process.
    const steps = await t.db.selectFrom('sos_fanout_steps').selectAll().where('event_id', '=', eventId).execute();
    expect(steps.map((s) => s.step)).toEqual([1]);

    // A volunteer coming: the time to the first accept is observed once, not at a second answer.
    const accepted = await histogramCount('saathi_sos_accepted_seconds');
    const token = await t.loginAs(volunteer);
    for (let i = 0; i < 2; i++) {
      const answer = await post(t, token, `/api/sos/${eventId}/accept`);
      expect(answer.statusCode).toBe(200);
    }
    expect(await histogramCount('saathi_sos_accepted_seconds')).toBe(accepted + 1);
  });

  it('a push service answering 410 Gone counts as expired, a 500 as failed, and an SMS gateway that is down as failed', async () => {
    const here = freshPlace();
    const victim = await t.factory.user({ name: 'Ritu Das' });
    await addContact(t, victim.id, { name: 'Bhai', phoneNumber: '9822000012' });
    const gone = await makeVolunteer(t, { at: offset(here, 100) });
    const down = await makeVolunteer(t, { at: offset(here, 120) });
    sos.peer.respondWith(await subscribePush(t, sos.peer, gone.id), 410);
    sos.peer.respondWith(await subscribePush(t, sos.peer, down.id), 500);
    const expired = await sample('saathi_notifications_total', { channel: 'push', outcome: 'expired' });
    const failed = await sample('saathi_notifications_total', { channel: 'push', outcome: 'failed' });
    const smsFailed = await sample('saathi_notifications_total', { channel: 'sms', outcome: 'failed' });
    t.sms.failNext(1);

    await raiseSos(t, await t.loginAs(victim), { ...here, threat: 'fire' });
    // One round: the retries of the 500 and of the SMS wait for their backoff.
    await t.app.outbox.drain();

    expect(await sample('saathi_notifications_total', { channel: 'push', outcome: 'expired' })).toBe(expired + 1);
    expect(await sample('saathi_notifications_total', { channel: 'push', outcome: 'failed' })).toBeGreaterThanOrEqual(failed + 1);
    expect(await sample('saathi_notifications_total', { channel: 'sms', outcome: 'failed' })).toBe(smsFailed + 1);
  });

  it('a first step still unfinished when the alert widens counts as late; one that had nobody to alert does not count', async () => {
    const here = freshPlace();
    const victim = await t.factory.user({ name: 'Pooja Nair' });
    const down = await makeVolunteer(t, { at: offset(here, 110) });
    sos.peer.respondWith(await subscribePush(t, sos.peer, down.id), 503);
    const lonely = await t.factory.user({ name: 'Farah Ali' });
    const nowhere = { latitude: here.latitude + 0.9, longitude: here.longitude + 0.9 };
    const step1 = await histogramCount('saathi_sos_fanout_duration_seconds', { step: '1' });
    const fast = await histogramSample('saathi_sos_fanout_duration_seconds', { step: '1', le: '2' }, 'bucket');

    const stuck = (await raiseSos(t, await t.loginAs(victim), { ...here, threat: 'fire' })).json().id as number;
    const alone = (await raiseSos(t, await t.loginAs(lonely), { ...nowhere, threat: 'fire' })).json().id as number;
    await t.app.outbox.drain();
    expect(await histogramCount('saathi_sos_fanout_duration_seconds', { step: '1' })).toBe(step1);

    t.clock.advance(31_000);
    await t.app.outbox.drain();
    // (An earlier test's SOS whose push service failed widens now too.)
    expect(await histogramCount('saathi_sos_fanout_duration_seconds', { step: '1' })).toBeGreaterThan(step1);
    expect(await histogramSample('saathi_sos_fanout_duration_seconds', { step: '1', le: '2' }, 'bucket')).toBe(fast);
    const written = await t.db.selectFrom('sos_fanout_steps').select(['event_id', 'step']).where('event_id', 'in', [stuck, alone]).execute();
    expect(written).toEqual([{ event_id: stuck, step: 1 }]);
  });

  it('the outbox figures count due work and how long the oldest has waited; the process reads ready while its worker runs', async () => {
    // Due an hour from the test clock, so the app's own worker leaves it alone; counted as of then.
    const dueAt = new Date(t.clock.now().getTime() + 3600_000);
    await enqueue(t.db, [{ topic: 'test.metrics-waiting', payload: {}, dueAt, dedupeKey: 'metrics-lag' }]);
    const ref = new DbRef({ db: t.db, kind: t.kind, close: async () => undefined });
    await ref.whenReady;
    const outbox = createOutboxRepository(ref);
    const later = await outbox.stats(new Date(dueAt.getTime() + 45_000));
    expect(later.due).toBeGreaterThanOrEqual(1);
    expect(later.lagSeconds).toBeGreaterThanOrEqual(45);
    expect(await outbox.stats(t.clock.now())).toMatchObject({ lagSeconds: 0 });
    await t.db.deleteFrom('outbox').where('topic', '=', 'test.metrics-waiting').execute();

    // The gauges read the same figures at scrape time.
    await expect.poll(() => t.app.outbox.running, { timeout: 10_000 }).toBe(true);
    expect(await sample('saathi_outbox_lag_seconds')).toBe(0);
    expect(await sample('saathi_ready')).toBe(1);
  });

  it('adds the deliveries of each minute to the shared table the status screen reads', async () => {
    const sumOf = async () => {
      const rows = await t.db.selectFrom('delivery_counts').select(['channel', 'outcome', 'count']).execute();
      return rows.filter((r) => r.channel === 'push' && r.outcome === 'ok').reduce((n, r) => n + Number(r.count), 0);
    };
    const here = freshPlace();
    const victim = await t.factory.user({ name: 'Neha Joshi' });
    const volunteer = await makeVolunteer(t, { at: offset(here, 90) });
    await subscribePush(t, sos.peer, volunteer.id);
    await flushCounts();
    const before = await sumOf();
    await raiseSos(t, await t.loginAs(victim), { ...here, threat: 'medical' });
    await t.app.outbox.drain();
    await flushCounts();
    expect(await sumOf()).toBe(before + 1);
  });

  it('labels requests by route pattern and status class, never by path or id', async () => {
    const token = await t.loginAs(await t.factory.user());
    for (const id of [918273, 918274]) {
      await t.app.inject({ method: 'GET', url: `/api/sos/${id}`, headers: { authorization: `Bearer ${token}` } });
    }
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing/5551234567' });
    await t.app.inject({ method: 'PROPFIND', url: '/api/health' });
    const { body } = await metricsText(t.app.metrics);
    const lines = body.split('\n').filter((l) => l.startsWith('saathi_http_request_duration_seconds_count'));
    expect(lines.some((l) => l.includes('route="/api/sos/:id"') && l.includes('status_class="4xx"'))).toBe(true);
    expect(lines.some((l) => l.includes('route="unmatched"'))).toBe(true);
    for (const line of lines) {
      expect(line).not.toMatch(/918273|918274|5551234567|no-such-thing|PROPFIND/);
      expect(line).toMatch(/method="(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS|OTHER)"/);
    }
    // Default process figures come along.
    expect(body).toMatch(/^process_cpu_user_seconds_total /m);
    expect(body).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
  });

  describe('the metrics listener', () => {
    let metricsServer: MetricsServer;
    let publicPort: number;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      publicPort = (t.app.server.address() as AddressInfo).port;
      metricsServer = await startMetricsServer(t.app.metrics, { port: 0, host: '127.0.0.1', log: t.app.log });
    });
    afterAll(async () => {
      await metricsServer.close();
    });

    it('serves /metrics on its own port, and nothing of it on the public port', async () => {
      const own = await fetch(`http://127.0.0.1:${metricsServer.port}/metrics`);
      expect(own.status).toBe(200);
      expect(own.headers.get('content-type')).toContain('text/plain');
      expect(await own.text()).toContain('saathi_sos_raised_total');
      expect((await fetch(`http://127.0.0.1:${metricsServer.port}/`)).status).toBe(404);

      for (const path of ['/metrics', '/api/metrics', '/metrics/']) {
        const res = await fetch(`http://127.0.0.1:${publicPort}${path}`);
        expect(await res.text()).not.toContain('saathi_');
      }
    });
  });

  /** What the app's own timer does every few seconds. */
  const flushCounts = () => t.app.deliveryCounts.flush();
});
