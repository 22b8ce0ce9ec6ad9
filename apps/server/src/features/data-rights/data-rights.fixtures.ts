import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { bearer, type TestApp } from '../../../test/build';
import { jpegWithGps, multipart } from '../../../test/uploads';

/** Rows of every kind the export and the deletion deal with, inserted as the app would have. */
export async function seedLife(t: TestApp, userId: number, label: string) {
  const db = t.db;
  const point = (lon: number, lat: number) => sql<string>`ST_SetSRID(ST_MakePoint(${lon}, ${lat}), 4326)::geography`;
  await db
    .insertInto('emergency_contacts')
    .values({ user_id: userId, name: `${label} Mother`, phone_number: '9812345678' })
    .execute();
  await db
    .insertInto('saved_locations')
    .values({ user_id: userId, name: `${label} Home`, location: point(72.57, 23.02) })
    .execute();

  const imageKey = `posts/${label.toLowerCase()}-${userId}.jpg`;
  const reelKey = `reels/${label.toLowerCase()}-${userId}.mp4`;
  await writeMedia(t, imageKey);
  await writeMedia(t, reelKey);
  const image = await db
    .insertInto('media_objects')
    .values({ key: imageKey, owner_id: userId, kind: 'post_image', content_type: 'image/jpeg', status: 'ready' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const video = await db
    .insertInto('media_objects')
    .values({ key: reelKey, owner_id: userId, kind: 'reel', content_type: 'video/mp4', status: 'ready' })
    .returning('id')
    .executeTakeFirstOrThrow();

  const post = await db
    .insertInto('posts')
    .values({ user_id: userId, user_name: label, title: `${label} post`, description: 'Lost dog near the park' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('post_media')
    .values({ post_id: post.id, media_object_id: image.id, url: `/media/${imageKey}`, position: 0 })
    .execute();
  await db
    .insertInto('post_comments')
    .values({ post_id: post.id, user_id: userId, content: `${label} comment` })
    .execute();
  await db.insertInto('post_likes').values({ post_id: post.id, user_id: userId }).execute();
  const reel = await db
    .insertInto('incidents')
    .values({ uploader_id: userId, title: `${label} reel`, video_url: `/media/${reelKey}`, media_object_id: video.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('notifications')
    .values({ user_id: userId, type: 'post.like', title: `${label} notice` })
    .execute();
  return { postId: post.id, reelId: reel.id, imageKey, reelKey };
}

export const SAFETY_PIN = '4821';
export const DURESS_PIN = '7305';

/**
 * Through the API, as the app does: a birth chart, safety PINs and a timer ended with the
 * duress PIN, a pending responder verification with its document photo, and duty with quiet
 * hours. Returns the timer's and the request's ids and the photo's storage key.
 */
export async function seedNewerFeatures(t: TestApp, token: string) {
  const call = async (method: 'POST' | 'PUT', url: string, payload: object, status: number) => {
    const res = await t.app.inject({ method, url, headers: bearer(token), payload });
    if (res.statusCode !== status) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return res.body ? res.json<{ id: number }>() : undefined;
  };
  const place = { name: 'New Delhi', latitude: 28.6139, longitude: 77.209 };
  await call('POST', '/api/astro/charts', { name: 'Chart of mine', birthDate: '1990-04-12', birthTime: '06:30', place }, 201);
  await call('PUT', '/api/users/me/safety-pins', { safetyPin: SAFETY_PIN, duressPin: DURESS_PIN }, 204);
  const timer = await call('POST', '/api/safety-timers', { durationMinutes: 30, destination: 'Home from the metro' }, 201);
  await call('POST', `/api/safety-timers/${timer!.id}/check-in`, { pin: DURESS_PIN }, 200);
  const form = multipart({ profession: 'doctor', registrationNumber: 'GMC-G-12345', council: 'Gujarat Medical Council' }, [
    { field: 'document', name: 'registration.jpg', type: 'image/jpeg', bytes: await jpegWithGps() },
  ]);
  const request = await t.app.inject({
    method: 'POST',
    url: '/api/responders/verification',
    headers: { ...bearer(token), ...form.headers },
    payload: form.payload,
  });
  if (request.statusCode !== 201) throw new Error(`verification request answered ${request.statusCode}: ${request.body}`);
  // Monday and Tuesday, 22:00 to 06:00 India time.
  await call('PUT', '/api/users/me/alert-settings', { categories: ['flooding', 'fire'] }, 200);
  await call('POST', '/api/alerts', { category: 'flooding', latitude: 28.6139, longitude: 77.209, text: 'Knee-deep water under the bridge' }, 201);
  await call('PUT', '/api/volunteers/me/duty', { onDuty: false, quietHours: { days: [1, 2], start: '22:00', end: '06:00' } }, 200);
  const verificationId = request.json<{ id: number }>().id;
  const { document_key: documentKey } = await t.db
    .selectFrom('responder_verifications')
    .select('document_key')
    .where('id', '=', verificationId)
    .executeTakeFirstOrThrow();
  return { timerId: timer!.id, verificationId, documentKey: documentKey! };
}

/** An SOS the user raised, with a trail, a contact reached and a volunteer who accepted and was rated. */
export async function seedRatedSos(t: TestApp, userId: number, volunteerId: number) {
  const db = t.db;
  const point = (lon: number, lat: number) => sql<string>`ST_SetSRID(ST_MakePoint(${lon}, ${lat}), 4326)::geography`;
  const event = await db
    .insertInto('sos_events')
    .values({ user_id: userId, threat: 'medical', location: point(72.571, 23.022), status: 'resolved', resolved_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('sos_location_updates')
    .values({ event_id: event.id, location: point(72.572, 23.023) })
    .execute();
  await db
    .insertInto('sos_notifications')
    .values([
      { event_id: event.id, recipient_kind: 'contact', contact_name: 'Mother', contact_phone: '9812345678', channel: 'sms' },
      { event_id: event.id, recipient_kind: 'volunteer', recipient_user_id: volunteerId, channel: 'push', status: 'accepted', responded_at: new Date() },
    ])
    .execute();
  await db
    .insertInto('sos_feedback')
    .values({ event_id: event.id, giver_id: userId, receiver_id: volunteerId, rating: 5, feedback_text: 'Came fast' })
    .execute();
  return event.id;
}

export function mediaPath(t: TestApp, key: string): string {
  return path.join(t.dataDir, 'media', ...key.split('/'));
}

async function writeMedia(t: TestApp, key: string): Promise<void> {
  await fs.mkdir(path.dirname(mediaPath(t, key)), { recursive: true });
  await fs.writeFile(mediaPath(t, key), 'bytes');
}

export async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}
