import { describe, expect, it } from 'vitest';
import { build } from '../../../test/build';
import { freshPlace, get, makeVolunteer, offset, post, raiseSos } from '../../../test/sos-fixtures';

const t = build();

/** An event of its own victim with two accepted volunteers and one who only got the alert. */
async function eventWithVolunteers() {
  const here = freshPlace();
  const victim = await t.factory.user();
  const accepted = [await makeVolunteer(t, { at: offset(here, 100) }), await makeVolunteer(t, { at: offset(here, 200) })];
  const silent = await makeVolunteer(t, { at: offset(here, 300) });
  const token = await t.loginAs(victim);
  const eventId = (await raiseSos(t, token, { ...here, threat: 'theft' })).json().id as number;
  await t.app.outbox.drain();
  for (const v of accepted) expect((await post(t, await t.loginAs(v), `/api/sos/${eventId}/accept`)).statusCode).toBe(200);
  await post(t, token, `/api/sos/${eventId}/resolve`);
  return { victim, token, eventId, accepted, silent };
}

const feedback = (data: Record<string, unknown>) => ({ feedBackData: data });

describe('GET /api/sos/sos-accepted-users', () => {
  it("lists the event's accepted volunteers in SPEC.md's shape", async () => {
    const { victim, token, eventId, accepted } = await eventWithVolunteers();
    const res = await get(t, token, `/api/sos/sos-accepted-users?userId=${victim.id}&eventId=${eventId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: eventId,
        threat: 'theft',
        status: 'resolved',
        createdAt: expect.any(String),
        notifications: accepted.map((v) => ({
          id: expect.any(Number),
          eventId,
          feedbackAdded: false,
          recipient: { id: v.id, referralId: v.referralId, receivedFeedbacks: [] },
        })),
      },
    ]);
  });

  it('is only for the owner of the event', async () => {
    const { victim, eventId, accepted } = await eventWithVolunteers();
    const volunteerToken = await t.loginAs(accepted[0]!);
    expect((await get(t, volunteerToken, `/api/sos/sos-accepted-users?userId=${victim.id}&eventId=${eventId}`)).statusCode).toBe(403);
    expect((await get(t, volunteerToken, `/api/sos/sos-accepted-users?userId=${accepted[0]!.id}&eventId=${eventId}`)).statusCode).toBe(403);
    expect((await get(t, volunteerToken, `/api/sos/sos-accepted-users?userId=${accepted[0]!.id}&eventId=99999999`)).statusCode).toBe(404);
    expect((await get(t, volunteerToken, `/api/sos/sos-accepted-users?userId=x&eventId=1`)).statusCode).toBe(400);
  });
});

describe('POST /api/sos/feedback', () => {
  it("stores a rating, defaults '' to 'Good' and the status to 'Resolved', and locks it", async () => {
    const { victim, token, eventId, accepted } = await eventWithVolunteers();
    const [first, second] = accepted;
    const res = await post(
      t,
      token,
      '/api/sos/feedback',
      feedback({ feedbackGiverId: victim.id, feedbackReceiverId: first!.id, rating: 4, eventId, feedbackText: '' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ ok: true, feedback: { rating: 4, feedbackText: 'Good', status: 'Resolved', feedbackReceiverId: first!.id } });
    // SPEC.md sends ids as text in places; they are accepted as numbers or digit strings.
    const withText = await post(
      t,
      token,
      '/api/sos/feedback',
      feedback({
        feedbackGiverId: String(victim.id),
        feedbackReceiverId: second!.id,
        rating: 5,
        eventId: String(eventId),
        feedbackText: 'Came in 4 minutes',
        status: 'Closed',
      }),
    );
    expect(withText.statusCode).toBe(201);

    const list = (await get(t, token, `/api/sos/sos-accepted-users?userId=${victim.id}&eventId=${eventId}`)).json();
    expect(
      list[0].notifications.map((n: { feedbackAdded: boolean; recipient: { receivedFeedbacks: unknown[] } }) => [
        n.feedbackAdded,
        n.recipient.receivedFeedbacks,
      ]),
    ).toEqual([
      [true, [{ rating: 4, feedbackText: 'Good' }]],
      [true, [{ rating: 5, feedbackText: 'Came in 4 minutes' }]],
    ]);
  });

  it('refuses a second rating (409), ratings 0 and 6 (400), a volunteer who never accepted (400), and writes nothing', async () => {
    const { victim, token, eventId, accepted, silent } = await eventWithVolunteers();
    const base = { feedbackGiverId: victim.id, eventId, feedbackText: 'ok' };
    expect((await post(t, token, '/api/sos/feedback', feedback({ ...base, feedbackReceiverId: accepted[0]!.id, rating: 3 }))).statusCode).toBe(201);
    const twice = await post(t, token, '/api/sos/feedback', feedback({ ...base, feedbackReceiverId: accepted[0]!.id, rating: 5 }));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('feedback_already_given');
    for (const rating of [0, 6, 2.5]) {
      const res = await post(t, token, '/api/sos/feedback', feedback({ ...base, feedbackReceiverId: accepted[1]!.id, rating }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.field).toBe('feedBackData.rating');
    }
    const never = await post(t, token, '/api/sos/feedback', feedback({ ...base, feedbackReceiverId: silent.id, rating: 4 }));
    expect(never.statusCode).toBe(400);
    expect(never.json().error.code).toBe('not_accepted');
    const rows = await t.db.selectFrom('sos_feedback').select(['receiver_id', 'rating']).where('event_id', '=', eventId).execute();
    expect(rows).toEqual([{ receiver_id: accepted[0]!.id, rating: 3 }]);
    const flags = await t.db
      .selectFrom('sos_notifications')
      .select(['recipient_user_id', 'feedback_added'])
      .where('event_id', '=', eventId)
      .orderBy('id')
      .execute();
    expect(flags.filter((f) => f.feedback_added).map((f) => f.recipient_user_id)).toEqual([accepted[0]!.id]);
  });

  it("lets only the event's owner rate, as themself", async () => {
    const { victim, eventId, accepted } = await eventWithVolunteers();
    const intruder = await t.factory.user();
    const intruderToken = await t.loginAs(intruder);
    const body = { feedbackReceiverId: accepted[0]!.id, rating: 1, eventId };
    expect((await post(t, intruderToken, '/api/sos/feedback', feedback({ ...body, feedbackGiverId: victim.id }))).statusCode).toBe(403);
    expect((await post(t, intruderToken, '/api/sos/feedback', feedback({ ...body, feedbackGiverId: intruder.id }))).statusCode).toBe(403);
    expect((await post(t, intruderToken, '/api/sos/feedback', feedback({ ...body, feedbackGiverId: intruder.id, eventId: 99999999 }))).statusCode).toBe(404);
    const rows = await t.db.selectFrom('sos_feedback').select('id').where('event_id', '=', eventId).execute();
    expect(rows).toEqual([]);
  });
});
