import { describe, expect, it } from 'vitest';
import { build } from '../../../test/build';
import { buildSecondProcess } from '../../../test/second-process';
import { addContact } from '../../../test/sos-fixtures';
import {
  contactPhone,
  linkTokenSentTo,
  MINUTE,
  notificationsOf,
  SAFETY_PIN,
  SAFETY_TIMER_TEST_ENV,
  send,
  smsTo,
  startTimer,
  timerOwner,
  volunteerNear,
} from '../../../test/safety-timer-fixtures';

const t = build(SAFETY_TIMER_TEST_ENV);

/** Moves the clock to `minutes` after `start` and lets the outbox do what is due. */
async function at(app: { outbox: { drain(): Promise<void> } }, start: number, minutes: number) {
  t.clock.set(new Date(start + minutes * MINUTE));
  await app.outbox.drain();
}

describe('safety timer escalation, held by the server', () => {
  it('reminds at 28 min, asks at 30, alerts the chosen contacts at 32 and raises an SOS at 37, across a restart; the check-in sends the all-clear', async () => {
    const owner = await timerOwner(t, 'Meera Joshi');
    // A second contact who uses the app (push + in-app), and a third who was not chosen.
    const friend = await t.factory.user({ name: 'Farah Khan', phoneNumber: contactPhone() });
    await addContact(t, owner.id, { name: 'Farah', phoneNumber: friend.phoneNumber });
    const notChosen = contactPhone();
    await addContact(t, owner.id, { name: 'Uncle', phoneNumber: notChosen });
    const contacts = await t.db.selectFrom('emergency_contacts').select(['id', 'phone_number']).where('user_id', '=', owner.id).orderBy('id').execute();
    const volunteer = await volunteerNear(t, owner.place);

    const start = t.clock.now().getTime();
    const id = await startTimer(t, owner, { durationMinutes: 30, destination: 'Home, Satellite', contactIds: [contacts[0]!.id, contacts[1]!.id] });

    await at(t.app, start, 28 - 1 / 60);
    expect(await notificationsOf(t, owner.id)).toEqual([]);
    await at(t.app, start, 28);
    expect((await notificationsOf(t, owner.id)).map((n) => [n.type, n.title])).toEqual([['safety_timer.reminder', 'Your safety timer ends in 2 min']]);
    expect((await send(t, owner.token, 'GET', '/api/safety-timers/current')).json().timer).toMatchObject({ id, status: 'running', stage: 'reminded' });

    await at(t.app, start, 30 - 1 / 60);
    expect(await notificationsOf(t, owner.id)).toHaveLength(1);
    await at(t.app, start, 30);
    expect((await notificationsOf(t, owner.id)).map((n) => [n.type, n.title, (n.data as { url: string }).url])).toEqual([
      ['safety_timer.reminder', 'Your safety timer ends in 2 min', '/safety-timer'],
      ['safety_timer.check', 'Are you OK?', '/safety-timer'],
    ]);
    expect((await send(t, owner.token, 'GET', '/api/safety-timers/current')).json().timer).toMatchObject({ stage: 'overdue' });

    // The server stops between the stages; a new one on the same database carries on.
    await t.app.outbox.stop();
    const restarted = await buildSecondProcess(t, SAFETY_TIMER_TEST_ENV);
    try {
      await restarted.ready();
      await at(restarted, start, 32 - 1 / 60);
      expect(smsTo(t, owner.contactPhone)).toEqual([]);
      await at(restarted, start, 32);
      expect(smsTo(t, owner.contactPhone)).toEqual([
        expect.stringMatching(/^Meera missed a safety check-in\. Live location: saathi\.example\/t\/[A-Za-z0-9]{12} No answer\? Call 112\. -Saathi$/),
      ]);
      expect(smsTo(t, friend.phoneNumber)).toHaveLength(1);
      expect(smsTo(t, notChosen)).toEqual([]);
      expect((await notificationsOf(t, friend.id)).map((n) => [n.type, n.title])).toEqual([['safety_timer.overdue', 'Meera has not checked in']]);

      // The contact's live-tracking link shows the newest position the phone sent.
      const moved = { latitude: owner.place.latitude + 0.001, longitude: owner.place.longitude + 0.002, accuracy: 8 };
      expect(
        (
          await restarted.inject({
            method: 'POST',
            url: `/api/safety-timers/${id}/location`,
            headers: { authorization: `Bearer ${owner.token}` },
            payload: moved,
          })
        ).statusCode,
      ).toBe(204);
      const link = linkTokenSentTo(t, owner.contactPhone) as string;
      const tracked = await restarted.inject({ method: 'GET', url: `/api/track/${link}` });
      expect(tracked.statusCode).toBe(200);
      expect(tracked.json()).toMatchObject({
        status: 'active',
        firstName: 'Meera',
        threat: null,
        location: { latitude: moved.latitude, longitude: moved.longitude, accuracy: 8 },
      });

      const sosBefore = await t.db.selectFrom('sos_events').select('id').where('user_id', '=', owner.id).execute();
      expect(sosBefore).toEqual([]);
      await at(restarted, start, 37 - 1 / 60);
      expect(await t.db.selectFrom('sos_events').select('id').where('user_id', '=', owner.id).execute()).toEqual([]);
      await at(restarted, start, 37);
      const [event] = await t.db.selectFrom('sos_events').select(['id', 'status', 'contacts_only']).where('user_id', '=', owner.id).execute();
      expect(event).toMatchObject({ status: 'active', contacts_only: false });
      expect((await notificationsOf(t, volunteer.id)).map((n) => n.type)).toEqual(['sos.alert']);
      expect((await send(t, owner.token, 'GET', '/api/safety-timers/current')).json().timer).toMatchObject({ stage: 'sos_raised' });

      // Checking in ends it all: the contacts hear all is clear, the link stops, the SOS is cancelled.
      const checkIn = await restarted.inject({
        method: 'POST',
        url: `/api/safety-timers/${id}/check-in`,
        headers: { authorization: `Bearer ${owner.token}` },
        payload: { pin: SAFETY_PIN },
      });
      expect(checkIn.json()).toEqual({ status: 'ended' });
      await restarted.outbox.drain();
      expect(smsTo(t, owner.contactPhone)).toContain('All clear: Meera checked in safely. No help is needed now. -Saathi');
      expect((await notificationsOf(t, friend.id)).map((n) => n.type)).toContain('safety_timer.all_clear');
      expect((await restarted.inject({ method: 'GET', url: `/api/track/${link}` })).statusCode).toBe(410);
      expect(await t.db.selectFrom('sos_events').select('status').where('id', '=', event!.id).executeTakeFirstOrThrow()).toEqual({ status: 'cancelled' });
    } finally {
      await restarted.close();
    }
  });

  it('with contactsOnly never raises an SOS; an extension moves every stage and the old ones do nothing; the chosen contact is kept', async () => {
    const owner = await timerOwner(t, 'Ritu Shah');
    const volunteer = await volunteerNear(t, owner.place);
    const app = t.app;
    app.outbox.start();
    const start = t.clock.now().getTime();
    const id = await startTimer(t, owner, { durationMinutes: 10, contactsOnly: true, contactIds: [owner.contactId] });
    // Saving the contacts list replaces its rows (new ids): the timer keeps the contact chosen at the start.
    await t.db.deleteFrom('emergency_contacts').where('user_id', '=', owner.id).execute();
    await at(app, start, 7);
    const extended = await send(t, owner.token, 'POST', `/api/safety-timers/${id}/extend`, { minutes: 15 });
    expect(extended.json()).toMatchObject({ dueAt: new Date(start + 25 * MINUTE).toISOString(), extendedMinutes: 15, extendableMinutes: 45 });
    // The old plan (reminder at 8, ask at 10, contacts at 12) finds the timer moved.
    await at(app, start, 12);
    expect(await notificationsOf(t, owner.id)).toEqual([]);
    expect(smsTo(t, owner.contactPhone)).toEqual([]);
    await at(app, start, 23);
    expect((await notificationsOf(t, owner.id)).map((n) => n.type)).toEqual(['safety_timer.reminder']);
    await at(app, start, 27);
    expect(smsTo(t, owner.contactPhone)).toHaveLength(1);
    await at(app, start, 60);
    expect(await t.db.selectFrom('sos_events').select('id').where('user_id', '=', owner.id).execute()).toEqual([]);
    expect(await notificationsOf(t, volunteer.id)).toEqual([]);
    // The link lives until one hour after the (extended) end: 25 + 60 minutes.
    const link = linkTokenSentTo(t, owner.contactPhone) as string;
    t.clock.set(new Date(start + 85 * MINUTE - 1000));
    expect((await t.app.inject({ method: 'GET', url: `/api/track/${link}` })).statusCode).toBe(200);
    t.clock.set(new Date(start + 85 * MINUTE + 1000));
    expect((await t.app.inject({ method: 'GET', url: `/api/track/${link}` })).statusCode).toBe(410);
  });
});
