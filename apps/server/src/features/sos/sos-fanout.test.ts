import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/build';
import { addContact, buildWithPushPeer, freshPlace, makeVolunteer, offset, post, raiseSos, recipientsOf, subscribePush } from '../../../test/sos-fixtures';
import { snapToCell } from '../../domain/volunteer-grid';

const sos = buildWithPushPeer();
const { t } = sos;

const pushesTo = (subscriptionId: string) => sos.peer.received.filter((p) => p.subscriptionId === subscriptionId);

describe('SOS fan-out', () => {
  it('texts the contacts a tracking link, and alerts available volunteers whose cell is within 500 m, nearest first', async () => {
    // The fan-out measures volunteers' privacy cells (~250 m): from a cell centre, a point N
    // rows north lies in a cell 250·N to 250·N+30 m away (other rows' columns do not line up).
    const here = snapToCell(freshPlace());
    const victim = await t.factory.user({ name: 'Meera Shah' });
    await addContact(t, victim.id, { name: 'Papa', phoneNumber: '9822000001' });
    await addContact(t, victim.id, { name: 'Own number', phoneNumber: victim.phoneNumber });
    const far = await makeVolunteer(t, { at: offset(here, 300) });
    const near = await makeVolunteer(t, { at: offset(here, 60, 40), via: 'live' });
    const outside = await makeVolunteer(t, { at: offset(here, 800) });
    const unavailable = await makeVolunteer(t, { at: offset(here, 50), available: false });
    const stale = await makeVolunteer(t, { at: offset(here, 60), via: 'live', seenAt: new Date(t.clock.now().getTime() - 16 * 60_000) });

    const res = await raiseSos(t, await t.loginAs(victim), { ...here, threat: 'medical', contactsOnly: false });
    expect(res.statusCode).toBe(201);
    const eventId = res.json().id as number;
    await t.app.outbox.drain();

    const rows = await recipientsOf(t, eventId);
    expect(rows.map((r) => r.recipient_kind)).toEqual(['contact', 'volunteer', 'volunteer']);
    const volunteers = rows.filter((r) => r.recipient_kind === 'volunteer');
    expect(volunteers.map((r) => r.recipient_user_id)).toEqual([near.id, far.id]);
    // Measured from the cells (near shares the victim's cell: ~0 m); nothing exact before accepting.
    expect(volunteers[0]?.cell_distance_m).toBeLessThanOrEqual(1);
    expect(volunteers[1]?.cell_distance_m).toBeGreaterThanOrEqual(249);
    expect(volunteers[1]?.cell_distance_m).toBeLessThanOrEqual(281);
    expect(volunteers.map((r) => r.distance_m)).toEqual([null, null]);
    expect(rows.every((r) => r.delivery_status === 'sent')).toBe(true);
    const alerted = rows.map((r) => r.recipient_user_id);
    for (const nobody of [victim.id, outside.id, unavailable.id, stale.id]) expect(alerted).not.toContain(nobody);

    const sms = t.sms.messages.filter((m) => m.to === '9822000001');
    expect(sms).toHaveLength(1);
    expect(sms[0]?.text).toMatch(/^SOS from Meera \(Medical emergency\)\. Live location: saathi\.example\/t\/[A-Za-z0-9]{12} No answer\? Call 112\.$/);
    expect(t.sms.messages.some((m) => m.to === victim.phoneNumber && m.text.includes('SOS'))).toBe(false);

    const inApp = await t.db.selectFrom('notifications').select(['user_id', 'type', 'sos_event_id']).where('sos_event_id', '=', eventId).execute();
    expect(inApp.map((n) => n.user_id).sort()).toEqual([near.id, far.id].sort());
    expect(inApp.every((n) => n.type === 'sos.alert')).toBe(true);
  });

  it('pushes an encrypted Web Push message with a "Go to SOS" action, and drops expired subscriptions', async () => {
    const here = freshPlace();
    const victim = await t.factory.user({ name: 'Kavya Iyer' });
    const volunteer = await makeVolunteer(t, { at: offset(here, 200) });
    const phone = await subscribePush(t, sos.peer, volunteer.id);
    const oldLaptop = await subscribePush(t, sos.peer, volunteer.id);
    sos.peer.respondWith(oldLaptop, 410);

    const res = await raiseSos(t, await t.loginAs(victim), { ...here, threat: 'fire' });
    const eventId = res.json().id as number;
    await t.app.outbox.drain();

    const [push] = pushesTo(phone);
    expect(sos.peer.rejected.filter((r) => r.subscriptionId === phone)).toEqual([]);
    expect(push?.payload).toEqual({
      title: 'SOS nearby: Fire',
      // A band from the volunteer's cell, never an exact distance (DESIGN.md §8).
      body: 'Kavya needs help within 500 m of you. Can you go?',
      url: `/sos-mode?sosEventId=${eventId}`,
      type: 'sos.alert',
      sosEventId: eventId,
      notificationId: expect.any(Number),
      actions: [{ action: 'open-sos', title: 'Go to SOS' }],
    });
    expect(push?.headers.urgency).toBe('high');
    const left = await t.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', volunteer.id).execute();
    expect(left).toHaveLength(1);
    expect(left[0]?.endpoint).toContain(phone);
  });

  it('alerts a contact who uses the app by SMS, push and in-app, once, even when they also volunteer nearby', async () => {
    const here = freshPlace();
    const victim = await t.factory.user({ name: 'Ritu' });
    const brother = await makeVolunteer(t, { at: offset(here, 30), name: 'Arjun Rao' });
    await addContact(t, victim.id, { name: 'Bhai', phoneNumber: brother.phoneNumber });
    const sub = await subscribePush(t, sos.peer, brother.id);

    const eventId = (await raiseSos(t, await t.loginAs(victim), here)).json().id as number;
    await t.app.outbox.drain();

    const rows = await recipientsOf(t, eventId);
    expect(rows).toEqual([expect.objectContaining({ recipient_user_id: brother.id, recipient_kind: 'contact', delivery_status: 'sent' })]);
    expect(t.sms.messages.filter((m) => m.to === brother.phoneNumber)).toHaveLength(1);
    expect(pushesTo(sub)).toHaveLength(1);
    expect(pushesTo(sub)[0]?.payload).toMatchObject({ type: 'sos.contact_alert', title: 'SOS from Ritu' });
  });

  it('quotes only the first name in the SMS, cut to 30 characters, and no link from a name stored before the name rule', async () => {
    const longFirst = 'वेंकटसुब्रमण्यमश्रीनिवासनरसिंहाचार्युलु';
    const cases = [
      { name: `${longFirst} शर्मा`, first: 'वेंकटसुब्रमण्यमश्रीनिवासनरसिं', phone: '9822000011' },
      { name: 'ધ્રુવ પટેલ', first: 'ધ્રુવ', phone: '9822000012' },
      { name: 'Priya123 visit http://x.io', first: 'Priya', phone: '9822000013' },
      { name: 'www.evil.example Priya', first: 'your contact', phone: '9822000014' },
    ];
    for (const { name, first, phone } of cases) {
      const victim = await t.factory.user({ name });
      await addContact(t, victim.id, { name: 'Maa', phoneNumber: phone });
      const token = await t.loginAs(victim);
      const eventId = (await raiseSos(t, token, { ...freshPlace(), threat: 'medical', contactsOnly: true })).json().id as number;
      await t.app.outbox.drain();
      expect((await post(t, token, `/api/sos/${eventId}/cancel`)).statusCode).toBe(200);
      await t.app.outbox.drain();

      const texts = t.sms.messages.filter((m) => m.to === phone).map((m) => m.text);
      expect(texts, name).toEqual([
        expect.stringMatching(new RegExp(`^SOS from ${first} \\(Medical emergency\\)\\. Live location: saathi\\.example/t/`)),
        `All clear: ${first} cancelled the SOS alert. No help is needed now. -Saathi`,
      ]);
      // The link's random token may hold any letters and digits: only the rest of the text is read.
      for (const text of texts) expect(text.replace(/\S+\/t\/[A-Za-z0-9]{12}/, '<link>')).not.toMatch(/x\.io|evil|शर्मा|પટેલ|123/);
    }
    // The long first name is cut within 30 code points after a whole letter with its marks: 'सिं' is
    // the 27th to 29th, and 'हा' (two more) would make 31.
    expect([...cases[0]!.first]).toHaveLength(29);
  });

  it('alerts only the contacts when contactsOnly is set', async () => {
    const here = freshPlace();
    const victim = await t.factory.user();
    await addContact(t, victim.id, { name: 'Maa', phoneNumber: '9822000002' });
    await makeVolunteer(t, { at: offset(here, 20) });
    const eventId = (await raiseSos(t, await t.loginAs(victim), { ...here, contactsOnly: true })).json().id as number;
    t.clock.advance(10 * 60_000);
    await t.app.outbox.drain();
    expect((await recipientsOf(t, eventId)).map((r) => r.recipient_kind)).toEqual(['contact']);
  });

  it('widens 500 m → 1 km → 2 km → 5 km every SOS_ESCALATION_SECONDS while nobody accepts, alerting nobody twice', async () => {
    // From a cell centre: cells 250–280 m, 750–760 m, 1750–1755 m and exactly 4500 m (same row) away.
    const here = snapToCell(freshPlace());
    const victim = await t.factory.user();
    const v300 = await makeVolunteer(t, { at: offset(here, 300) });
    const v800 = await makeVolunteer(t, { at: offset(here, 800) });
    const v1800 = await makeVolunteer(t, { at: offset(here, -1800) });
    const v4500 = await makeVolunteer(t, { at: offset(here, 0, -4500) });
    const v9000 = await makeVolunteer(t, { at: offset(here, 9000) });
    const eventId = (await raiseSos(t, await t.loginAs(victim), here)).json().id as number;
    await t.app.outbox.drain();
    const alerted = async () => (await recipientsOf(t, eventId)).map((r) => [r.recipient_user_id, r.radius_m]);
    expect(await alerted()).toEqual([[v300.id, 500]]);

    t.clock.advance(29_000);
    await t.app.outbox.drain();
    expect(await alerted()).toHaveLength(1);

    t.clock.advance(1_000);
    await t.app.outbox.drain();
    expect(await alerted()).toEqual([
      [v300.id, 500],
      [v800.id, 1000],
    ]);
    t.clock.advance(30_000);
    await t.app.outbox.drain();
    t.clock.advance(30_000);
    await t.app.outbox.drain();
    t.clock.advance(30_000);
    await t.app.outbox.drain();
    expect(await alerted()).toEqual([
      [v300.id, 500],
      [v800.id, 1000],
      [v1800.id, 2000],
      [v4500.id, 5000],
    ]);
    expect((await alerted()).map(([id]) => id)).not.toContain(v9000.id);
    const event = await t.db.selectFrom('sos_events').select(['radius_m', 'radius_step']).where('id', '=', eventId).executeTakeFirstOrThrow();
    expect(event).toEqual({ radius_m: 5000, radius_step: 3 });
    const alerts = await t.db.selectFrom('notifications').select('user_id').where('sos_event_id', '=', eventId).execute();
    expect(alerts).toHaveLength(4);
  });

  it('stops widening once a volunteer accepted', async () => {
    const here = freshPlace();
    const victim = await t.factory.user();
    const v200 = await makeVolunteer(t, { at: offset(here, 200) });
    const v900 = await makeVolunteer(t, { at: offset(here, 900) });
    const eventId = (await raiseSos(t, await t.loginAs(victim), here)).json().id as number;
    await t.app.outbox.drain();
    const accept = await t.app.inject({ method: 'POST', url: `/api/sos/${eventId}/accept`, headers: bearer(await t.loginAs(v200)) });
    expect(accept.statusCode).toBe(200);
    t.clock.advance(31_000);
    await t.app.outbox.drain();
    const ids = (await recipientsOf(t, eventId)).map((r) => r.recipient_user_id);
    expect(ids).toEqual([v200.id]);
    expect(ids).not.toContain(v900.id);
  });

  it('retries a push the service could not take, with backoff, and delivers it once', async () => {
    const here = freshPlace();
    const victim = await t.factory.user();
    const volunteer = await makeVolunteer(t, { at: offset(here, 100) });
    const sub = await subscribePush(t, sos.peer, volunteer.id);
    sos.peer.respondWith(sub, 503);
    const eventId = (await raiseSos(t, await t.loginAs(victim), here)).json().id as number;
    await t.app.outbox.drain();
    expect(pushesTo(sub)).toHaveLength(0);
    expect((await recipientsOf(t, eventId))[0]?.delivery_status).toBe('pending');
    const job = await t.db
      .selectFrom('outbox')
      .select(['attempts', 'status', 'last_error'])
      .where('dedupe_key', '=', `sos:${eventId}:deliver:0:0`)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ attempts: 1, status: 'pending' });

    sos.peer.respondWith(sub, 201);
    t.clock.advance(2_000);
    await t.app.outbox.drain();
    expect(pushesTo(sub)).toHaveLength(1);
    expect((await recipientsOf(t, eventId))[0]?.delivery_status).toBe('sent');
    // The in-app row was written once, on the first attempt.
    const inApp = await t.db.selectFrom('notifications').select('id').where('sos_event_id', '=', eventId).where('user_id', '=', volunteer.id).execute();
    expect(inApp).toHaveLength(1);
  });

  it("answers a volunteer's accept at once while the victim's push service hangs; her notification follows through the outbox", async () => {
    const here = snapToCell(freshPlace());
    const victim = await t.factory.user({ name: 'Isha Rao' });
    const victimSub = await subscribePush(t, sos.peer, victim.id);
    const volunteer = await makeVolunteer(t, { at: offset(here, 100), name: 'Kabir Das' });
    const eventId = (await raiseSos(t, await t.loginAs(victim), here)).json().id as number;
    await t.app.outbox.drain();
    const volunteerToken = await t.loginAs(volunteer);

    sos.peer.freeze();
    try {
      const started = performance.now();
      const res = await t.app.inject({ method: 'POST', url: `/api/sos/${eventId}/accept`, headers: bearer(volunteerToken) });
      expect(res.statusCode).toBe(200);
      expect(performance.now() - started, 'the answer does not wait for the push').toBeLessThan(1000);
      const job = await t.db.selectFrom('outbox').select(['topic', 'payload']).where('dedupe_key', '=', `sos:${eventId}:accepted:${volunteer.id}`).execute();
      expect(job).toEqual([{ topic: 'sos.accepted', payload: { eventId, volunteerId: volunteer.id } }]);
    } finally {
      // Held pushes fail now and are retried with backoff.
      sos.peer.unfreeze();
    }
    for (let i = 0; i < 10 && pushesTo(victimSub).length === 0; i++) {
      await t.app.outbox.drain();
      t.clock.advance(5000);
    }
    await t.app.outbox.drain();
    expect(pushesTo(victimSub).map((p) => (p.payload as { type: string }).type)).toEqual(['sos.accepted']);
    const notes = await t.db.selectFrom('notifications').select('title').where('user_id', '=', victim.id).where('type', '=', 'sos.accepted').execute();
    expect(notes).toHaveLength(1);
  });
});
