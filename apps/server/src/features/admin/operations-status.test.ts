import type { OperationsStatus } from '@saathi/shared';
import { describe, expect, it } from 'vitest';
import { bearer, signedInUser } from '../../../test/build';
import { addContact, buildWithPushPeer, freshPlace, makeVolunteer, offset, raiseSos, subscribePush } from '../../../test/sos-fixtures';

const sos = buildWithPushPeer();
const { t } = sos;
const admin = signedInUser(t, { name: 'Ila Admin', roles: ['admin'] });

const status = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/status', headers: bearer(admin.token) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json<OperationsStatus>();
};

describe('GET /api/admin/status', () => {
  it('shows the SOS of the last hour with their first step, the queue and the deliveries by channel', async () => {
    await expect.poll(() => t.app.outbox.running, { timeout: 10_000 }).toBe(true);
    const before = await status();
    expect(before.ready).toEqual({ database: 'ok', migrations: 'ok', redis: 'not_configured', outbox: 'ok' });
    expect(before.windowMinutes).toBe(60);
    expect(before.sos.firstStep.objectiveMs).toBe(2000);

    const here = freshPlace();
    const victim = await t.factory.user({ name: 'Sana Khan' });
    await addContact(t, victim.id, { name: 'Abbu', phoneNumber: '9822000021' });
    const volunteer = await makeVolunteer(t, { at: offset(here, 120) });
    await subscribePush(t, sos.peer, volunteer.id);
    const gone = await makeVolunteer(t, { at: offset(here, 140) });
    sos.peer.respondWith(await subscribePush(t, sos.peer, gone.id), 410);
    await raiseSos(t, await t.loginAs(victim), { ...here, threat: 'medical' });
    await t.app.outbox.drain();

    const after = await status();
    expect(after.sos.raised).toBe(before.sos.raised + 1);
    expect(after.sos.active).toBe(before.sos.active + 1);
    expect(after.sos.firstStep.measured).toBe(before.sos.firstStep.measured + 1);
    expect(after.sos.firstStep.p95Ms).toEqual(expect.any(Number));
    expect(after.sos.firstStep.p50Ms).toBeLessThanOrEqual(after.sos.firstStep.p95Ms as number);
    // The test clock stands still while the fan-out runs: it is measured within the objective.
    expect(after.sos.firstStep.withinObjective).toBe(before.sos.firstStep.withinObjective + 1);
    expect(after.deliveries.push.ok).toBe(before.deliveries.push.ok + 1);
    expect(after.deliveries.push.expired).toBe(before.deliveries.push.expired + 1);
    expect(after.deliveries.sms.ok).toBe(before.deliveries.sms.ok + 1);
    expect(after.deliveries.inapp.ok).toBe(before.deliveries.inapp.ok + 2);
    expect(after.outbox).toMatchObject({ due: 0, lagSeconds: 0 });
  });

  it('leaves out what is older than an hour', async () => {
    const old = await status();
    t.clock.advance(61 * 60_000);
    const later = await status();
    expect(later.sos.raised).toBe(0);
    expect(later.sos.firstStep).toMatchObject({ measured: 0, p50Ms: null, p95Ms: null });
    expect(later.deliveries.push.ok).toBe(0);
    // Active alerts stay counted whatever their age.
    expect(later.sos.active).toBe(old.sos.active);
  });
});
