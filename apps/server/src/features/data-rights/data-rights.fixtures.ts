import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { TestApp } from '../../../test/build';

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
