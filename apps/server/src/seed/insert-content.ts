import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely, Transaction } from 'kysely';
import type { NewsLanguage } from '@saathi/shared';
import { webmDurationMs } from '../core/media/webm-duration';
import { renderNewsMarkdown, slugFromTitle } from '../features/news';
import type { Database } from '../core/db/schema';
import { NEWS_ESSENTIALS } from './data/news-essentials';
import { NEWS_EVERYDAY } from './data/news-everyday';
import { NEWS_TRANSLATIONS } from './data/news-translations';
import { PLACES } from './data/places';
import { DEMO_REELS } from './data/reels';
import { geoPoint } from '../core/db/geo';
import { jitter } from './geo';
import { COMMUNITY_MEMBERS } from './insert-community';
import { idOf, type SeededUsers } from './insert-users';
import { findSeedMediaDir } from './media-files';
import type { SeedMedia } from './media-rows';
import { hoursAgo, type Random } from './random';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertReels(db: Db, users: SeededUsers, media: SeedMedia, random: Random, now: Date): Promise<void> {
  const mediaDir = findSeedMediaDir();
  for (const reel of DEMO_REELS) {
    // Read from the file like an upload is, so the seeded length is the one Chromium plays.
    const durationMs = await webmDurationMs([await readFile(path.join(mediaDir, 'reels', reel.video))]);
    const place = PLACES[reel.place];
    const at = jitter(random, place.latitude, place.longitude, 400);
    const createdAt = hoursAgo(now, reel.hoursAgo);
    const row = await db
      .insertInto('incidents')
      .values({
        uploader_id: idOf(users, reel.uploader),
        title: reel.title,
        description: reel.description,
        video_url: media.url(`reels/${reel.video}`),
        video_source: 'normal',
        media_object_id: media.id(`reels/${reel.video}`),
        location: geoPoint(at),
        duration_ms: durationMs,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const others = COMMUNITY_MEMBERS.filter((u) => u.phone !== reel.uploader);
    const likers = random.sample(others, random.int(3, 16));
    await db
      .insertInto('incident_likes')
      .values(likers.map((u) => ({ incident_id: row.id, user_id: idOf(users, u.phone), created_at: now })))
      .execute();
    if (reel.comments.length > 0) {
      await db
        .insertInto('incident_comments')
        .values(reel.comments.map((c) => ({ incident_id: row.id, user_id: idOf(users, c.by), comment_text: c.text, created_at: now })))
        .execute();
    }
    const sharers = random.sample(others, random.int(0, 4));
    if (sharers.length > 0) {
      await db
        .insertInto('incident_shares')
        .values(sharers.map((u) => ({ incident_id: row.id, user_id: idOf(users, u.phone), created_at: now })))
        .execute();
    }
  }
}

/** The 10 news articles (SPEC.md: the news page shows 10 items), published, in English, Hindi and Gujarati. */
export async function insertNews(db: Db, users: SeededUsers, media: SeedMedia, now: Date): Promise<void> {
  const editor = users.idByPhone.get('9000000001') ?? null;
  for (const article of [...NEWS_ESSENTIALS, ...NEWS_EVERYDAY]) {
    const publishedAt = hoursAgo(now, article.daysAgo * 24);
    const image = await db
      .insertInto('news_images')
      .values({
        image_key: `seed/news/news-${article.image}.jpg`,
        image_url: media.url(`news/news-${article.image}.jpg`),
        thumbnail_key: `seed/news/news-${article.image}-thumb.jpg`,
        thumbnail_url: media.url(`news/news-${article.image}-thumb.jpg`),
        width: 1200,
        height: 800,
        uploaded_by: editor,
        created_at: publishedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const slug = slugFromTitle(article.title);
    const row = await db
      .insertInto('news_articles')
      .values({
        slug,
        state: 'published',
        published_at: publishedAt,
        first_published_at: publishedAt,
        category: article.category,
        tags: article.tags,
        breaking: false,
        author: article.author,
        image_id: image.id,
        languages: ['en', 'hi', 'gu'],
        created_by: editor,
        updated_by: editor,
        created_at: publishedAt,
        updated_at: publishedAt,
      })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    await db.insertInto('news_slugs').values({ slug, article_id: row.id }).execute();
    const texts = { en: { title: article.title, summary: article.summary, body: article.content }, ...NEWS_TRANSLATIONS[article.image] };
    const translations = Object.fromEntries(Object.entries(texts).map(([language, t]) => [language, { ...t, body_html: renderNewsMarkdown(t.body) }]));
    await db
      .insertInto('news_translations')
      .values(Object.entries(translations).map(([language, t]) => ({ article_id: row.id, language: language as NewsLanguage, ...t })))
      .execute();
    // Version 1, as if an editor had written and published it in one go.
    const snapshot = {
      slug,
      state: 'published',
      publishAt: null,
      publishedAt: publishedAt.toISOString(),
      category: article.category,
      tags: article.tags,
      breaking: false,
      author: article.author,
      imageId: image.id,
      translations,
    };
    await db
      .insertInto('news_article_versions')
      .values({
        article_id: row.id,
        version: 1,
        change: 'published',
        state: 'published',
        snapshot: JSON.stringify(snapshot),
        saved_by: editor,
        saved_at: publishedAt,
      })
      .execute();
  }
}

/**
 * One resolved SOS of the completed-profile demo user, two volunteers accepted and one rated,
 * so the rating dialog and the notification list have something real to show.
 */
export async function insertSosHistory(db: Db, users: SeededUsers, now: Date): Promise<void> {
  const victim = idOf(users, '9000000002');
  const home = PLACES.vastrapur;
  const raised = hoursAgo(now, 50);
  const resolved = hoursAgo(now, 49.5);
  const event = await db
    .insertInto('sos_events')
    .values({
      user_id: victim,
      threat: 'harassment',
      status: 'resolved',
      location: geoPoint(home),
      accuracy_m: 12,
      last_location: geoPoint({ latitude: home.latitude + 0.0012, longitude: home.longitude + 0.0008 }),
      last_accuracy_m: 9,
      last_location_at: hoursAgo(now, 49.6),
      radius_m: 2000,
      radius_step: 2,
      created_at: raised,
      updated_at: resolved,
      resolved_at: resolved,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('sos_location_updates')
    .values(
      [0, 1, 2, 3].map((step) => ({
        event_id: event.id,
        location: geoPoint({ latitude: home.latitude + step * 0.0004, longitude: home.longitude + step * 0.00027 }),
        accuracy_m: 12 - step,
        recorded_at: new Date(raised.getTime() + step * 60_000),
      })),
    )
    .execute();

  const responded = new Date(raised.getTime() + 90_000);
  const volunteer = (phone: string, status: 'accepted' | 'declined', distance: number, feedback: boolean) => ({
    event_id: event.id,
    recipient_kind: 'volunteer' as const,
    recipient_user_id: idOf(users, phone),
    channel: 'push' as const,
    status,
    delivery_status: 'sent' as const,
    // As the fan-out writes them: the cell's distance for the band, the exact one only for who accepted.
    cell_distance_m: distance,
    distance_m: status === 'accepted' ? distance : null,
    radius_m: distance <= 1000 ? 1000 : 2000,
    feedback_added: feedback,
    responded_at: responded,
    created_at: raised,
    updated_at: responded,
  });
  await db
    .insertInto('sos_notifications')
    .values([
      {
        event_id: event.id,
        recipient_kind: 'contact',
        recipient_user_id: null,
        contact_name: 'Sunil Sharma',
        contact_phone: '9000000102',
        channel: 'sms',
        delivery_status: 'sent',
        created_at: raised,
        updated_at: raised,
      },
      volunteer('9000000013', 'accepted', 850, true),
      volunteer('9000000006', 'accepted', 1900, false),
      volunteer('9000000011', 'declined', 1400, false),
    ])
    .execute();
  await db
    .insertInto('sos_feedback')
    .values({
      event_id: event.id,
      giver_id: victim,
      receiver_id: idOf(users, '9000000013'),
      rating: 5,
      feedback_text: 'Reached in six minutes and stayed with me until the police came.',
      status: 'Resolved',
      created_at: hoursAgo(now, 48),
    })
    .execute();

  await db
    .insertInto('notifications')
    .values([
      {
        user_id: idOf(users, '9000000013'),
        type: 'sos.alert',
        title: 'SOS nearby: Harassment',
        // Before accepting, a volunteer is told only the band of their cell's distance.
        body: 'Someone needs help 500 m–1 km from you. Can you go?',
        data: { sosEventId: event.id },
        sos_event_id: event.id,
        actor_id: victim,
        read_at: responded,
        created_at: raised,
      },
      {
        user_id: victim,
        type: 'sos.accepted',
        title: 'Farhan Qureshi is coming to help',
        body: 'A volunteer accepted your SOS and is 850 m away.',
        data: { sosEventId: event.id },
        sos_event_id: event.id,
        actor_id: idOf(users, '9000000013'),
        read_at: resolved,
        created_at: responded,
      },
      {
        user_id: victim,
        type: 'sos.accepted',
        title: 'Vikram Rathod is coming to help',
        body: 'A volunteer accepted your SOS and is 1.9 km away.',
        data: { sosEventId: event.id },
        sos_event_id: event.id,
        actor_id: idOf(users, '9000000006'),
        created_at: responded,
      },
    ])
    .execute();
}

/** Community notifications for the demo user's own post (the post-notifications screen). */
export async function insertPostNotifications(db: Db, users: SeededUsers, post: { id: number; userId: number; title: string }, now: Date): Promise<void> {
  const postId = post.id;
  const likers = await db
    .selectFrom('post_likes')
    .innerJoin('users', 'users.id', 'post_likes.user_id')
    .select(['users.id', 'users.name', 'post_likes.created_at'])
    .where('post_likes.post_id', '=', postId)
    .orderBy('post_likes.created_at', 'desc')
    .limit(3)
    .execute();
  if (likers.length === 0) return;
  await db
    .insertInto('notifications')
    .values(
      likers.map((liker, i) => ({
        user_id: post.userId,
        type: 'post.like',
        title: `${liker.name ?? 'Someone'} liked your post`,
        body: post.title,
        data: { postId },
        post_id: postId,
        actor_id: liker.id,
        read_at: i === 0 ? null : now,
        created_at: liker.created_at,
      })),
    )
    .execute();
}
