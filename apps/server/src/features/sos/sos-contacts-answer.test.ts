import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '@saathi/shared';
import { bearer } from '../../../test/build';
import { addContact, buildWithPushPeer, freshPlace, get, makeVolunteer, offset, post, raiseSos, subscribePush } from '../../../test/sos-fixtures';
import { snapToCell } from '../../domain/volunteer-grid';

/**
 * The person's emergency contacts who use the app answer an SOS like volunteers (issue 29):
 * "I'm coming" and "I can't", seen by the person with their role; a contact who also volunteers
 * nearby is one recipient with both roles.
 */
const sos = buildWithPushPeer();
const { t } = sos;

async function sosWithContact(options: { contactVolunteersAt?: number; volunteersAt?: number[] } = {}) {
  const here = snapToCell(freshPlace());
  const victim = await t.factory.user({ name: 'Priya Sharma' });
  const contact =
    options.contactVolunteersAt === undefined
      ? await t.factory.user({ name: 'Anil Patel' })
      : await makeVolunteer(t, { at: offset(here, options.contactVolunteersAt), name: 'Anil Patel' });
  await addContact(t, victim.id, { name: 'Anil bhai', phoneNumber: contact.phoneNumber });
  const volunteers = [];
  for (const metres of options.volunteersAt ?? []) volunteers.push(await makeVolunteer(t, { at: offset(here, metres), name: 'Vikram Singh' }));
  const contactPush = await subscribePush(t, sos.peer, contact.id);
  const token = await t.loginAs(victim);
  const res = await raiseSos(t, token, { ...here, accuracy: 10, threat: 'harassment', contactsOnly: false });
  expect(res.statusCode).toBe(201);
  await t.app.outbox.drain();
  return { here, victim, token, contact, contactToken: await t.loginAs(contact), contactPush, volunteers, eventId: res.json().id as number };
}

describe('an emergency contact who uses the app answers the SOS', () => {
  it('accepts with a position: the person sees them coming as a contact, with how far they are', async () => {
    const { here, victim, token, contactToken, contact, eventId } = await sosWithContact();
    const live: LiveEvent[] = [];
    const unsubscribe = await t.app.bus.subscribe(victim.id, (event) => live.push(event));
    try {
      // Before answering, the contact sees the live location (they were chosen) and that they are a contact.
      const before = (await get(t, contactToken, `/api/sos/${eventId}`)).json();
      expect(before).toMatchObject({ role: 'volunteer', recipientRole: 'contact', response: 'notified', victim: { firstName: 'Priya', distanceM: null } });
      expect(before.victim.location).not.toBeNull();

      const accepted = await post(t, contactToken, `/api/sos/${eventId}/accept`, offset(here, 800));
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toMatchObject({ eventId, status: 'accepted' });
      expect(accepted.json().distanceM).toBeGreaterThan(780);
      expect(accepted.json().distanceM).toBeLessThan(820);

      const owner = (await get(t, token, `/api/sos/${eventId}`)).json();
      expect(owner.accepted).toEqual([
        expect.objectContaining({
          userId: contact.id,
          name: 'Anil bhai',
          role: 'contact',
          kind: 'contact',
          alsoVolunteer: false,
          distanceM: accepted.json().distanceM,
        }),
      ]);
      // Live, with the answer: the person's screen needs no refetch to say who is coming.
      const seen = live.find((e) => e.type === 'sos.accepted');
      expect(seen?.type === 'sos.accepted' && seen.data.recipient).toMatchObject({ role: 'contact', name: 'Anil bhai', status: 'accepted' });

      // The contact's own view: the live location and their distance, like an accepted volunteer.
      const mine = (await get(t, contactToken, `/api/sos/${eventId}`)).json();
      expect(mine).toMatchObject({ response: 'accepted', recipientRole: 'contact', victim: { distanceM: accepted.json().distanceM } });

      // The person's notification goes through the outbox and names the contact.
      await t.app.outbox.drain();
      const notes = await t.db
        .selectFrom('notifications')
        .select(['type', 'actor_id', 'body'])
        .where('user_id', '=', victim.id)
        .where('type', '=', 'sos.accepted')
        .execute();
      expect(notes).toEqual([{ type: 'sos.accepted', actor_id: contact.id, body: expect.stringContaining('Anil bhai') }]);
    } finally {
      await unsubscribe();
    }
  });

  it('declines, and may accept after all; says where they are once coming', async () => {
    const { token, contactToken, eventId } = await sosWithContact();
    const declined = await post(t, contactToken, `/api/sos/${eventId}/decline`);
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined', distanceM: null });
    expect((await get(t, token, `/api/sos/${eventId}`)).json().accepted).toEqual([]);
    const alerted = (await get(t, token, `/api/sos/${eventId}`)).json().alerted;
    expect(alerted).toEqual([expect.objectContaining({ role: 'contact', status: 'declined' })]);

    // Before accepting, no status on the scene.
    const early = await post(t, contactToken, `/api/sos/${eventId}/status`, { status: 'arrived' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('sos_not_accepted');

    expect((await post(t, contactToken, `/api/sos/${eventId}/accept`)).json()).toMatchObject({ status: 'accepted' });
    const arrived = await post(t, contactToken, `/api/sos/${eventId}/status`, { status: 'arrived' });
    expect(arrived.statusCode).toBe(200);
    const owner = (await get(t, token, `/api/sos/${eventId}`)).json();
    expect(owner.accepted).toEqual([expect.objectContaining({ role: 'contact', sceneStatus: 'arrived' })]);
  });

  it('a contact who is also a volunteer within the first radius gets one alert, one push and one entry, with both roles', async () => {
    const { token, contact, contactPush, eventId, volunteers } = await sosWithContact({ contactVolunteersAt: 60, volunteersAt: [120] });
    const rows = await t.db
      .selectFrom('sos_notifications')
      .select(['recipient_user_id', 'recipient_kind', 'also_volunteer'])
      .where('event_id', '=', eventId)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { recipient_user_id: contact.id, recipient_kind: 'contact', also_volunteer: true },
      { recipient_user_id: volunteers[0]!.id, recipient_kind: 'volunteer', also_volunteer: false },
    ]);
    const alerts = await t.db.selectFrom('notifications').select('type').where('user_id', '=', contact.id).where('sos_event_id', '=', eventId).execute();
    expect(alerts).toEqual([{ type: 'sos.contact_alert' }]);
    expect(sos.peer.received.filter((p) => p.subscriptionId === contactPush)).toHaveLength(1);

    const owner = (await get(t, token, `/api/sos/${eventId}`)).json();
    expect(owner.alerted.filter((r: { userId: number }) => r.userId === contact.id)).toEqual([
      expect.objectContaining({ role: 'contact', alsoVolunteer: true, distanceBand: null }),
    ]);
    // Widening steps later do not alert them again as a volunteer.
    t.clock.advance(31_000);
    await t.app.outbox.drain();
    const after = await t.db.selectFrom('sos_notifications').select('id').where('event_id', '=', eventId).where('recipient_user_id', '=', contact.id).execute();
    expect(after).toHaveLength(1);
  });

  it('a contact who volunteers far away is a contact only', async () => {
    const { token, contact, eventId } = await sosWithContact({ contactVolunteersAt: 20_000 });
    const owner = (await get(t, token, `/api/sos/${eventId}`)).json();
    expect(owner.alerted).toEqual([expect.objectContaining({ userId: contact.id, role: 'contact', alsoVolunteer: false })]);
  });

  it('the tracking page and the others coming show the contact as a contact', async () => {
    const { here, contact, contactToken, eventId, volunteers } = await sosWithContact({ volunteersAt: [100] });
    await post(t, contactToken, `/api/sos/${eventId}/accept`, offset(here, 300));
    const volunteerToken = await t.loginAs(volunteers[0]!);
    await post(t, volunteerToken, `/api/sos/${eventId}/accept`);
    const volunteerView = (await get(t, volunteerToken, `/api/sos/${eventId}`)).json();
    expect(volunteerView.recipientRole).toBe('volunteer');
    expect(volunteerView.responders).toEqual([expect.objectContaining({ name: 'Anil', role: 'contact' })]);

    const text = t.sms.messages.findLast((m) => m.to === contact.phoneNumber)?.text ?? '';
    const link = /\/t\/([A-Za-z0-9]{12})\b/.exec(text)?.[1];
    const tracking = (await t.app.inject({ method: 'GET', url: `/api/track/${link}` })).json();
    expect(tracking.responders).toEqual([
      expect.objectContaining({ name: 'Anil', role: 'contact' }),
      expect.objectContaining({ name: 'Vikram', role: 'volunteer' }),
    ]);
  });

  it('the person rates a contact who came, like a volunteer', async () => {
    const { victim, token, contact, contactToken, eventId } = await sosWithContact();
    await post(t, contactToken, `/api/sos/${eventId}/accept`);
    await post(t, token, `/api/sos/${eventId}/resolve`);
    const list = await get(t, token, `/api/sos/sos-accepted-users?userId=${victim.id}&eventId=${eventId}`);
    expect(list.json()[0].notifications).toEqual([expect.objectContaining({ feedbackAdded: false, recipient: expect.objectContaining({ id: contact.id }) })]);
    const body = { feedBackData: { eventId, feedbackGiverId: victim.id, feedbackReceiverId: contact.id, rating: 5, feedbackText: 'Came in ten minutes' } };
    const rated = await t.app.inject({ method: 'POST', url: '/api/sos/feedback', headers: bearer(token), payload: body });
    expect(rated.statusCode).toBe(201);
    const again = await t.app.inject({ method: 'POST', url: '/api/sos/feedback', headers: bearer(token), payload: body });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a stranger, a contact of another SOS and the person themself, and changes nothing', async () => {
    const { token, eventId } = await sosWithContact();
    const other = await sosWithContact();
    const stranger = await t.loginAs(await t.factory.user());
    for (const caller of [stranger, other.contactToken, token]) {
      const res = await post(t, caller, `/api/sos/${eventId}/accept`);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('sos_not_alerted');
    }
    expect((await post(t, other.contactToken, `/api/sos/${eventId}/accept`, { latitude: 'north', longitude: 72 })).statusCode).toBe(400);
    expect((await get(t, token, `/api/sos/${eventId}`)).json().accepted).toEqual([]);
  });

  it('after the end a contact can no longer answer (409 sos_ended)', async () => {
    const { token, contactToken, eventId } = await sosWithContact();
    await post(t, token, `/api/sos/${eventId}/cancel`);
    const late = await post(t, contactToken, `/api/sos/${eventId}/accept`);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('sos_ended');
  });
});
