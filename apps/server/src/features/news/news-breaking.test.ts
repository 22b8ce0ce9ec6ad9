import type { User } from '@saathi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, build } from '../../../test/build';
import { newsFixtures } from './news.fixtures';
import { outsideQuietHours } from './news-delivery';

const t = build();
const news = newsFixtures(t);

/** 10:00 India time on a day far ahead of anything else in the database. */
const MORNING = new Date('2031-03-03T04:30:00Z');
const HOUR = 3_600_000;

const editor = { id: 0, token: '' };
const gujarati = { id: 0, token: '' };
const hindi = { id: 0, token: '' };
const notOptedIn = { id: 0, token: '' };

async function settings(token: string, body: object): Promise<User> {
  const res = await t.app.inject({ method: 'PATCH', url: '/api/users/me', headers: bearer(token), payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<User>();
}

const breakingFor = (userId: number) =>
  t.db.selectFrom('notifications').select(['title', 'body', 'data']).where('user_id', '=', userId).where('type', '=', 'news.breaking').orderBy('id').execute();

async function breakingArticle(title: string, at?: Date) {
  const draft = await news.create(editor.token, {
    breaking: true,
    translations: { en: { title, body: 'x' }, gu: { title: `${title} (ગુજરાતી)`, body: 'x' } },
  });
  await news.publish(editor.token, draft.id, at);
  return draft;
}

beforeAll(async () => {
  t.clock.set(MORNING);
  Object.assign(editor, await news.as(['editor']));
  Object.assign(gujarati, await news.as([]));
  Object.assign(hindi, await news.as([]));
  Object.assign(notOptedIn, await news.as([]));
  expect((await settings(notOptedIn.token, {})).breakingNewsAlerts).toBe(false);
  await settings(gujarati.token, { breakingNewsAlerts: true, newsPreferences: { language: 'gu', categories: [], newsType: 'all' } });
  const hindiUser = await settings(hindi.token, {
    breakingNewsAlerts: true,
    language: 'hi-IN',
    newsPreferences: { language: 'hi', categories: [], newsType: 'all' },
  });
  expect(hindiUser.breakingNewsAlerts).toBe(true);
});

describe('breaking news pushes', () => {
  it('pushes to those who opted in, in their language, once however often it is published', async () => {
    const article = await breakingArticle('Cyclone warning for the coast');
    await t.app.outbox.drain();
    // Their news language when the article has it; else their app language's (Hindi: not written), else English.
    expect(await breakingFor(gujarati.id)).toEqual([
      { title: 'તાજા સમાચાર', body: 'Cyclone warning for the coast (ગુજરાતી)', data: { url: `/news/${article.slug}`, articleId: article.id, language: 'gu' } },
    ]);
    expect(await breakingFor(hindi.id)).toEqual([
      { title: 'Breaking news', body: 'Cyclone warning for the coast', data: { url: `/news/${article.slug}`, articleId: article.id, language: 'en' } },
    ]);
    expect(await breakingFor(notOptedIn.id)).toEqual([]);

    await news.call('POST', `/api/news/${article.id}/unpublish`, editor.token);
    t.clock.advance(60_000);
    await news.publish(editor.token, article.id);
    await t.app.outbox.drain();
    expect(await breakingFor(gujarati.id)).toHaveLength(1);
    expect(await breakingFor(hindi.id)).toHaveLength(1);
  });

  it('pushes nothing for an article that is not breaking', async () => {
    const before = (await breakingFor(gujarati.id)).length;
    const plain = await news.create(editor.token);
    await news.publish(editor.token, plain.id);
    await t.app.outbox.drain();
    expect(await breakingFor(gujarati.id)).toHaveLength(before);
  });

  it('sends at most 2 per user per India calendar day; the next day counts afresh', async () => {
    // The first test's article was this day's first push.
    await breakingArticle('Second alert of the day');
    await breakingArticle('Third alert of the day');
    await t.app.outbox.drain();
    const bodies = (await breakingFor(hindi.id)).map((row) => row.body);
    expect(bodies).toEqual(['Cyclone warning for the coast', 'Second alert of the day']);

    // 21:30 India time, the same day: still capped.
    t.clock.set(new Date(MORNING.getTime() + 11 * HOUR + 30 * 60_000));
    await breakingArticle('Late the same day');
    await t.app.outbox.drain();
    expect(await breakingFor(hindi.id)).toHaveLength(2);
  });

  it('holds what falls between 22:00 and 07:00 India time until 07:00, then sends it', async () => {
    // 23:00 India time on the next day.
    t.clock.set(new Date(MORNING.getTime() + 24 * HOUR + 13 * HOUR));
    const night = await breakingArticle('Night-time flood alert');
    await t.app.outbox.drain();
    expect((await breakingFor(gujarati.id)).map((row) => row.data.articleId)).not.toContain(night.id);

    t.clock.advance(7 * HOUR + 59 * 60_000); // 06:59
    await t.app.outbox.drain();
    expect((await breakingFor(gujarati.id)).map((row) => row.data.articleId)).not.toContain(night.id);

    t.clock.advance(60_000); // 07:00
    await t.app.outbox.drain();
    const rows = await breakingFor(gujarati.id);
    expect(rows.at(-1)).toMatchObject({ body: 'Night-time flood alert (ગુજરાતી)', data: { articleId: night.id } });
    // Sent on its 07:00 day, where it is the first of two.
    const day = await t.db
      .selectFrom('news_breaking_pushes')
      .select(['india_day'])
      .where('article_id', '=', night.id)
      .where('user_id', '=', gujarati.id)
      .executeTakeFirstOrThrow();
    expect(day.india_day).toBe('2031-03-05');
  });

  it('pushes a scheduled breaking article when it goes out, not when it is scheduled', async () => {
    const now = t.clock.now();
    const later = await breakingArticle('Scheduled storm update', new Date(now.getTime() + 2 * HOUR));
    await t.app.outbox.drain();
    expect((await breakingFor(hindi.id)).map((row) => row.data.articleId)).not.toContain(later.id);
    t.clock.advance(2 * HOUR);
    await t.app.outbox.drain();
    expect((await breakingFor(hindi.id)).map((row) => row.data.articleId)).toContain(later.id);
  });

  it('knows the quiet hours', () => {
    const india = (text: string) => new Date(`${text}+05:30`);
    expect(outsideQuietHours(india('2031-03-03T21:59:59'))).toEqual(india('2031-03-03T21:59:59'));
    expect(outsideQuietHours(india('2031-03-03T22:00:00'))).toEqual(india('2031-03-04T07:00:00'));
    expect(outsideQuietHours(india('2031-03-04T00:30:00'))).toEqual(india('2031-03-04T07:00:00'));
    expect(outsideQuietHours(india('2031-03-04T06:59:59'))).toEqual(india('2031-03-04T07:00:00'));
    expect(outsideQuietHours(india('2031-03-04T07:00:00'))).toEqual(india('2031-03-04T07:00:00'));
  });
});
