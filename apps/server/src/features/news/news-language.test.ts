import type { NewsList, User } from '@saathi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../test/build';
import { pushLanguage } from './news-delivery';
import { newsFixtures } from './news.fixtures';

/**
 * News follows the app's language until the reader picks a news language on purpose
 * (migration 0033, features/news/README.md): the profile's newsPreferences.language is the
 * language the reader gets, and followAppLanguage says whether it follows the app.
 */
const t = build();
const news = newsFixtures(t);
const editor = { id: 0, token: '' };
beforeAll(async () => {
  Object.assign(editor, await news.as(['editor']));
  await news.publish(editor.token, (await news.create(editor.token, { slug: 'flood-warning-language' })).id);
});

const me = async (token: string) => {
  const res = await news.call('GET', '/api/users/me', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<User>();
};
const patch = async (token: string, body: object) => {
  const res = await news.call('PATCH', '/api/users/me', token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<User>();
};
/** The first article's title of the feed in the profile's news language, as the web app asks for it. */
const firstTitle = async (user: User) => {
  const res = await news.call('GET', `/api/news?language=${user.newsPreferences.language}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<NewsList>().items.find((item) => item.slug === 'flood-warning-language')?.title;
};

describe('the news language follows the app language until the reader picks one', () => {
  it('switching the app to Hindi brings Hindi news to a reader who never picked', async () => {
    const reader = await news.as();
    const before = await me(reader.token);
    expect(before.newsPreferences).toMatchObject({ language: 'en', followAppLanguage: true });
    expect(await firstTitle(before)).toBe('Flood warning for the old city');

    const after = await patch(reader.token, { language: 'hi-IN' });
    expect(after.newsPreferences).toMatchObject({ language: 'hi', followAppLanguage: true });
    expect(await me(reader.token)).toMatchObject({ language: 'hi-IN', newsPreferences: { language: 'hi', followAppLanguage: true } });
    expect(await firstTitle(after)).toBe('पुराने शहर के लिए बाढ़ की चेतावनी');

    expect((await patch(reader.token, { language: 'gu-IN' })).newsPreferences).toMatchObject({ language: 'gu', followAppLanguage: true });
  });

  it('keeps a language picked on purpose when the app language changes, until "same as the app"', async () => {
    const reader = await news.as();
    const picked = await patch(reader.token, { newsPreferences: { language: 'en', followAppLanguage: false, categories: ['safety'], newsType: 'all' } });
    expect(picked.newsPreferences).toEqual({ language: 'en', followAppLanguage: false, categories: ['safety'], newsType: 'all' });

    const switched = await patch(reader.token, { language: 'hi-IN' });
    expect(switched.newsPreferences).toMatchObject({ language: 'en', followAppLanguage: false });
    expect(await firstTitle(switched)).toBe('Flood warning for the old city');

    const back = await patch(reader.token, { newsPreferences: { language: 'en', followAppLanguage: true, categories: ['safety'], newsType: 'all' } });
    expect(back.newsPreferences).toEqual({ language: 'hi', followAppLanguage: true, categories: ['safety'], newsType: 'all' });
    expect(await firstTitle(back)).toBe('पुराने शहर के लिए बाढ़ की चेतावनी');
  });

  it('reads a change without the flag (older clients) as a pick only when the language differs', async () => {
    const reader = await news.as();
    await patch(reader.token, { language: 'gu-IN' });
    // The Account screen saves the whole newsPreferences with a category change: still following.
    const same = await patch(reader.token, { newsPreferences: { language: 'gu', categories: ['health'], newsType: 'all' } });
    expect(same.newsPreferences).toEqual({ language: 'gu', followAppLanguage: true, categories: ['health'], newsType: 'all' });
    expect((await patch(reader.token, { language: 'hi-IN' })).newsPreferences).toMatchObject({ language: 'hi', followAppLanguage: true });

    const other = await patch(reader.token, { newsPreferences: { language: 'en', categories: ['health'], newsType: 'all' } });
    expect(other.newsPreferences).toMatchObject({ language: 'en', followAppLanguage: false });
    expect((await patch(reader.token, { language: 'gu-IN' })).newsPreferences).toMatchObject({ language: 'en', followAppLanguage: false });
  });

  it('stores the choice in its own column, and breaking-news pushes read the same language', async () => {
    const reader = await news.as();
    await patch(reader.token, { language: 'hi-IN' });
    const row = await t.db
      .selectFrom('users')
      .select(['language', 'news_language', 'news_language_follows_app'])
      .where('id', '=', reader.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ language: 'hi-IN', news_language_follows_app: true });
    expect(pushLanguage(row, ['en', 'hi', 'gu'])).toBe('hi');
    expect(pushLanguage({ ...row, news_language: 'gu', news_language_follows_app: false }, ['en', 'hi', 'gu'])).toBe('gu');
    expect(pushLanguage({ ...row, news_language: 'gu', news_language_follows_app: false }, ['en', 'hi'])).toBe('hi');
  });
});
