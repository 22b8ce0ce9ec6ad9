import { describe, expect, it } from 'vitest';
import { bearer, build } from '../../../test/build';
import { jpegWithGps, multipart } from '../../../test/uploads';
import { DURESS_PIN, exists, mediaPath, SAFETY_PIN, seedLife, seedNewerFeatures, seedRatedSos } from './data-rights.fixtures';

// Cheap PIN hashes: the production cost is the safety timer's business, not the export's.
const t = build({ SAFETY_PIN_HASH_COST: '10' });

async function signedIn(name: string) {
  const user = await t.factory.user({ name, dob: '1992-05-01' });
  return { ...user, token: await t.loginAs(user) };
}

const exportOf = (token: string) => t.app.inject({ method: 'GET', url: '/api/users/me/export', headers: bearer(token) });
const askCode = (token: string) => t.app.inject({ method: 'POST', url: '/api/users/me/deletion-code', headers: bearer(token) });
const deleteMe = (token: string, payload: object) => t.app.inject({ method: 'DELETE', url: '/api/users/me', headers: bearer(token), payload });

async function rowsOf(userId: number) {
  const count = async (
    table: 'posts' | 'post_comments' | 'post_likes' | 'emergency_contacts' | 'saved_locations' | 'sessions' | 'notifications',
    column = 'user_id',
  ) =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(column as 'user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    users: Number(
      (
        await t.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    ),
    posts: await count('posts'),
    comments: await count('post_comments'),
    likes: await count('post_likes'),
    contacts: await count('emergency_contacts'),
    places: await count('saved_locations'),
    sessions: await count('sessions'),
    reels: Number(
      (
        await t.db
          .selectFrom('incidents')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('uploader_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    ),
  };
}

describe('GET /api/users/me/export', () => {
  it('gives every section of the caller’s own data as an attachment, without anyone else’s and without secrets', async () => {
    const asha = await signedIn('Asha');
    const other = await signedIn('Bina');
    const volunteer = await t.factory.user({ name: 'Volunteer Vikram' });
    await seedLife(t, asha.id, 'Asha');
    await seedLife(t, other.id, 'Bina');
    const eventId = await seedRatedSos(t, asha.id, volunteer.id);
    const newer = await seedNewerFeatures(t, asha.token);
    await t.app.inject({ method: 'POST', url: '/api/users/me/deletion-code', headers: bearer(asha.token) });

    const res = await exportOf(asha.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="saathi-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = res.json();
    for (const section of [
      'profile',
      'emergencyContacts',
      'places',
      'posts',
      'comments',
      'likes',
      'reels',
      'reports',
      'sosEvents',
      'sosRatingsGiven',
      'notifications',
      'certificates',
      'pointsLedger',
      'feedbackTickets',
      'sessions',
      'media',
      'astroCharts',
      'safetyPins',
      'safetyTimers',
      'journeys',
      'responderVerifications',
      'responderDuty',
      'alertReports',
      'alertSettings',
    ]) {
      expect(data, section).toHaveProperty(section);
    }
    expect(data.profile).toMatchObject({ id: asha.id, name: 'Asha' });
    expect(data.emergencyContacts).toEqual([expect.objectContaining({ name: 'Asha Mother', phoneNumber: '9812345678' })]);
    expect(data.places).toEqual([expect.objectContaining({ name: 'Asha Home', latitude: expect.closeTo(23.02, 5) })]);
    expect(data.posts).toEqual([expect.objectContaining({ title: 'Asha post', media: [expect.stringContaining('posts/asha-')] })]);
    expect(data.comments).toEqual([expect.objectContaining({ on: 'post', text: 'Asha comment' })]);
    expect(data.likes).toHaveLength(1);
    expect(data.reels).toEqual([expect.objectContaining({ title: 'Asha reel' })]);
    expect(data.notifications).toEqual([expect.objectContaining({ title: 'Asha notice' })]);
    expect(data.sosEvents).toEqual([
      expect.objectContaining({
        id: eventId,
        threat: 'medical',
        trail: [expect.objectContaining({ latitude: expect.closeTo(23.023, 5) })],
        recipients: expect.arrayContaining([
          expect.objectContaining({ kind: 'contact', contactName: 'Mother' }),
          expect.objectContaining({ kind: 'volunteer', status: 'accepted', contactName: null }),
        ]),
      }),
    ]);
    expect(data.sosRatingsGiven).toEqual([expect.objectContaining({ rating: 5, text: 'Came fast' })]);
    expect(data.sessions).toHaveLength(1);
    expect(data.media).toHaveLength(2);
    expect(data.astroCharts).toEqual([
      expect.objectContaining({
        name: 'Chart of mine',
        birthDate: '1990-04-12',
        birthTime: '06:30',
        placeName: 'New Delhi',
        latitude: 28.6139,
        longitude: 77.209,
        timeZone: 'Asia/Kolkata',
        chart: expect.objectContaining({ lagna: expect.any(Object) }),
      }),
    ]);
    expect(data.safetyPins).toEqual({ set: true, setAt: expect.any(String) });
    // Ended with the duress PIN: the export reads exactly like a safe check-in.
    expect(data.safetyTimers).toEqual([
      expect.objectContaining({
        id: newer.timerId,
        status: 'ended',
        durationMinutes: 30,
        extendedMinutes: 0,
        destination: 'Home from the metro',
        checkedInAt: expect.any(String),
        contactsAlertedAt: null,
      }),
    ]);
    expect(data.responderVerifications).toEqual([
      expect.objectContaining({
        id: newer.verificationId,
        profession: 'doctor',
        registrationNumber: 'GMC-G-12345',
        council: 'Gujarat Medical Council',
        status: 'pending',
        documentHeld: true,
        decidedAt: null,
        reason: null,
      }),
    ]);
    expect(data.responderDuty).toEqual({
      onDuty: false,
      quietDays: [1, 2],
      quietStartMinute: 1320,
      quietEndMinute: 360,
      dutySetAt: expect.any(String),
      verifiedProfession: null,
      verifiedUntil: null,
    });

    expect(data.alertReports).toEqual([
      expect.objectContaining({
        category: 'flooding',
        alertStatus: 'unverified',
        text: 'Knee-deep water under the bridge',
        latitude: expect.closeTo(28.6139, 5),
      }),
    ]);
    expect(data.alertSettings).toMatchObject({ categories: ['flooding', 'fire'], cellLatitude: null, locationAt: null });

    const text = res.body;
    expect(newer.documentKey).toMatch(/^evidence\//);
    expect(text).not.toContain(newer.documentKey);
    expect(text).not.toMatch(/duress|scrypt|silent|wrong_?pins/i);
    expect(text).not.toContain(`"${SAFETY_PIN}"`);
    expect(text).not.toContain(`"${DURESS_PIN}"`);
    expect(text).not.toContain('Bina');
    expect(text).not.toContain('Volunteer Vikram');
    expect(text).not.toContain(asha.token);
    expect(text).not.toMatch(/token_?hash|code_?hash|tokenHash|codeHash/i);

    const empty = (await exportOf(other.token)).json();
    expect([empty.astroCharts, empty.safetyTimers, empty.journeys, empty.responderVerifications, empty.alertReports]).toEqual([[], [], [], [], []]);
    expect(empty.alertSettings).toMatchObject({ categories: [], locationAt: null });
    expect(empty.safetyPins).toEqual({ set: false, setAt: null });
    expect(empty.responderDuty).toMatchObject({ onDuty: true, quietDays: null, dutySetAt: null });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me/export' })).statusCode).toBe(401);
  });
});

describe('DELETE /api/users/me', () => {
  it('refuses a wrong code, a missing code and a code of another session, and deletes nothing', async () => {
    const ravi = await signedIn('Ravi');
    const secondSession = await t.loginAs(ravi);
    await seedLife(t, ravi.id, 'Ravi');
    const before = await rowsOf(ravi.id);

    const none = await deleteMe(ravi.token, { code: '123456' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.code).toBe('code_not_requested');

    expect((await askCode(ravi.token)).statusCode).toBe(200);
    const code = t.sms.lastCode(ravi.phoneNumber);
    const wrong = await deleteMe(ravi.token, { code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('incorrect_code');

    const elsewhere = await deleteMe(secondSession, { code });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error.code).toBe('code_not_requested');

    const badBody = await deleteMe(ravi.token, { code: '12ab' });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().error.message).toContain('code');

    expect(await rowsOf(ravi.id)).toEqual(before);
    expect(await t.db.selectFrom('audit_log').select('id').where('action', '=', 'account_delete').where('target_id', '=', String(ravi.id)).execute()).toEqual(
      [],
    );
  });

  it('refuses an expired code', async () => {
    const meena = await signedIn('Meena');
    await askCode(meena.token);
    const code = t.sms.lastCode(meena.phoneNumber);
    t.clock.advance(6 * 60_000);
    const res = await deleteMe(meena.token, { code });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('code_expired');
    expect((await rowsOf(meena.id)).users).toBe(1);
  });

  it('keeps the login limits: a second code within the resend wait is refused', async () => {
    const kiran = await signedIn('Kiran');
    expect((await askCode(kiran.token)).statusCode).toBe(200);
    expect((await askCode(kiran.token)).statusCode).toBe(429);
  });

  it('deletes the account, its rows and media files (feedback screenshots and a pending verification’s document photo too), ends every session, keeps the volunteer’s rating without the person, and audits it', async () => {
    const neha = await signedIn('Neha');
    const otherSession = await t.loginAs(neha);
    const volunteer = await t.factory.user({ name: 'Volunteer Vijay' });
    const bystander = await signedIn('Bystander');
    const life = await seedLife(t, neha.id, 'Neha');
    const others = await seedLife(t, bystander.id, 'Bystander');
    const eventId = await seedRatedSos(t, neha.id, volunteer.id);
    // Points ledger rows are append-only; deleting the account must still remove them.
    await t.db
      .insertInto('points_ledger')
      .values({ user_id: neha.id, reason: 'active_day', source_id: '2026-11-25', about_user_id: neha.id, units: 1, points: 1 })
      .execute();
    // A feedback ticket with a screenshot, sent the way the app sends it.
    const permissions = { geolocation: 'granted', camera: 'prompt', microphone: 'prompt', notifications: 'denied' };
    const diagnostics = { appVersion: '1.0.0', language: 'en-US', browser: 'Chrome', permissions };
    const ticket = multipart({ category: 'problem', text: 'The map is blank', diagnostics: JSON.stringify(diagnostics) }, [
      { field: 'screenshot', name: 'shot.jpg', type: 'image/jpeg', bytes: await jpegWithGps() },
    ]);
    const sent = await t.app.inject({ method: 'POST', url: '/api/feedback', headers: { ...bearer(neha.token), ...ticket.headers }, payload: ticket.payload });
    expect(sent.statusCode).toBe(201);
    const { screenshot_key: screenshotKey } = await t.db
      .selectFrom('feedback_tickets')
      .select('screenshot_key')
      .where('user_id', '=', neha.id)
      .executeTakeFirstOrThrow();
    expect(await exists(mediaPath(t, screenshotKey!))).toBe(true);
    const newer = await seedNewerFeatures(t, neha.token);
    expect(await exists(mediaPath(t, newer.documentKey))).toBe(true);

    expect((await askCode(neha.token)).statusCode).toBe(200);
    const res = await deleteMe(neha.token, { code: t.sms.lastCode(neha.phoneNumber) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeDefined();

    expect(await rowsOf(neha.id)).toEqual({ users: 0, posts: 0, comments: 0, likes: 0, contacts: 0, places: 0, sessions: 0, reels: 0 });
    expect(await t.db.selectFrom('points_ledger').select('id').where('user_id', '=', neha.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('media_objects').select('id').where('key', 'in', [life.imageKey, life.reelKey]).execute()).toEqual([]);
    expect(await exists(mediaPath(t, life.imageKey))).toBe(false);
    expect(await exists(mediaPath(t, life.reelKey))).toBe(false);
    expect(await exists(mediaPath(t, screenshotKey!))).toBe(false);
    expect(await t.db.selectFrom('feedback_tickets').select('id').where('user_id', '=', neha.id).execute()).toEqual([]);
    expect(await exists(mediaPath(t, others.imageKey))).toBe(true);
    expect(await exists(mediaPath(t, newer.documentKey))).toBe(false);
    const newerRows = await Promise.all(
      (['astro_charts', 'safety_pins', 'safety_timers', 'responder_verifications'] as const).map((table) =>
        t.db.selectFrom(table).select('user_id').where('user_id', '=', neha.id).execute(),
      ),
    );
    expect(newerRows).toEqual([[], [], [], []]);
    expect(await t.db.selectFrom('safety_timer_links').select('id').where('timer_id', '=', newer.timerId).execute()).toEqual([]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'target_type', 'target_id', 'after'])
      .where('action', '=', 'account_delete')
      .execute();
    expect(audit).toEqual([{ actor_id: neha.id, action: 'account_delete', target_type: 'user', target_id: String(neha.id), after: { files: 4 } }]);
    expect((await rowsOf(bystander.id)).posts).toBe(1);

    for (const token of [neha.token, otherSession]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).statusCode).toBe(401);
    }

    const event = await t.db.selectFrom('sos_events').selectAll().where('id', '=', eventId).executeTakeFirstOrThrow();
    expect(event).toMatchObject({ user_id: null, location: null, last_location: null });
    expect(await t.db.selectFrom('sos_location_updates').select('id').where('event_id', '=', eventId).execute()).toEqual([]);
    const recipients = await t.db.selectFrom('sos_notifications').select(['recipient_kind', 'contact_phone']).where('event_id', '=', eventId).execute();
    expect(recipients).toEqual([{ recipient_kind: 'volunteer', contact_phone: null }]);
    const ratings = await t.db.selectFrom('sos_feedback').select(['giver_id', 'receiver_id', 'rating']).where('event_id', '=', eventId).execute();
    expect(ratings).toEqual([{ giver_id: null, receiver_id: volunteer.id, rating: 5 }]);
  });
});
