import type { NewsArticle, NewsList } from '@saathi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../test/build';
import { newsFixtures } from './news.fixtures';

const t = build();
const news = newsFixtures(t);
const editor = { id: 0, token: '' };
const reader = { id: 0, token: '' };
beforeAll(async () => {
  Object.assign(editor, await news.as(['editor']));
  Object.assign(reader, await news.as([]));
});

const list = async (query: string) => {
  const res = await news.call('GET', `/api/news?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<NewsList>();
};
const read = (idOrSlug: string | number, token?: string) => news.call('GET', `/api/news/${idOrSlug}`, token);

describe('readers see published articles only', () => {
  it('hides a draft from everyone but editors, with 404 news_not_found', async () => {
    const draft = await news.create(editor.token, { slug: 'quiet-draft' });
    for (const key of [draft.id, 'quiet-draft']) {
      for (const token of [undefined, reader.token]) {
        const res = await read(key, token);
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('news_not_found');
      }
      const editors = await read(key, editor.token);
      expect(editors.statusCode).toBe(200);
      expect(editors.json<NewsArticle>()).toMatchObject({ state: 'draft', publishedAt: null });
    }
    expect((await list('language=en')).items.map((item) => item.id)).not.toContain(draft.id);
  });

  it('shows a scheduled article once its time has come, by the clock alone', async () => {
    const draft = await news.create(editor.token, { slug: 'scheduled-story' });
    const at = new Date(t.clock.now().getTime() + 30 * 60_000);
    await news.publish(editor.token, draft.id, at);
    expect((await read('scheduled-story')).statusCode).toBe(404);
    expect((await list('language=en')).items.map((item) => item.id)).not.toContain(draft.id);

    t.clock.advance(30 * 60_000 + 1);
    const res = await read('scheduled-story');
    expect(res.statusCode).toBe(200);
    expect(res.json<NewsArticle>()).toMatchObject({ id: draft.id, publishedAt: at.toISOString() });
    expect(res.json<NewsArticle>().state).toBeUndefined();
    expect((await list('language=en')).items[0]).toMatchObject({ id: draft.id, publishedAt: at.toISOString() });
    expect((await news.call('GET', `/api/editor/news/${draft.id}`, editor.token)).json()).toMatchObject({ state: 'published', publishedAt: at.toISOString() });
  });

  it('hides an unpublished article, and shows it again when it is published again', async () => {
    const draft = await news.create(editor.token, { slug: 'on-and-off' });
    await news.publish(editor.token, draft.id);
    expect((await read('on-and-off')).statusCode).toBe(200);
    await news.call('POST', `/api/news/${draft.id}/unpublish`, editor.token);
    expect((await read('on-and-off')).statusCode).toBe(404);
    expect((await list('language=en')).items.map((item) => item.id)).not.toContain(draft.id);
    expect((await read('on-and-off', editor.token)).json<NewsArticle>().state).toBe('unpublished');
    t.clock.advance(1000);
    await news.publish(editor.token, draft.id);
    expect((await read('on-and-off')).statusCode).toBe(200);
  });
});

describe('languages, filters and paging', () => {
  it('serves the version in the asked language, else the first there is', async () => {
    const draft = await news.create(editor.token, {
      slug: 'two-languages',
      translations: { hi: { title: 'हिंदी शीर्षक', body: 'हिंदी' }, gu: { title: 'ગુજરાતી શીર્ષક', summary: 'સાર', body: 'ગુજરાતી' } },
    });
    await news.publish(editor.token, draft.id);
    expect((await read('two-languages?language=gu')).json<NewsArticle>()).toMatchObject({
      language: 'gu',
      title: 'ગુજરાતી શીર્ષક',
      summary: 'સાર',
      languages: ['hi', 'gu'],
    });
    expect((await read('two-languages?language=en')).json<NewsArticle>()).toMatchObject({ language: 'hi', title: 'हिंदी शीर्षक' });
    // The lists are per language: no English version, not in the English list.
    expect((await list('language=en')).items.map((item) => item.id)).not.toContain(draft.id);
    expect((await list('language=gu')).items[0]).toMatchObject({ id: draft.id, language: 'gu', title: 'ગુજરાતી શીર્ષક' });
    const bad = await news.call('GET', '/api/news?language=fr');
    expect(bad.json().error).toMatchObject({ code: 'validation_error', field: 'language' });
  });

  it('filters by category and breaking, newest first, and pages with a cursor without gaps or repeats', async () => {
    const made: Record<string, number[]> = { health: [], weather: [], breaking: [] };
    for (let i = 0; i < 7; i++) {
      const category = i % 2 === 0 ? 'health' : 'weather';
      const draft = await news.create(editor.token, { category, breaking: i % 3 === 0, translations: { gu: { title: `લેખ ${i}`, body: 'x' } } });
      t.clock.advance(1000);
      await news.publish(editor.token, draft.id);
      made[category]!.unshift(draft.id);
      if (i % 3 === 0) made.breaking!.unshift(draft.id);
    }
    const pages: number[] = [];
    let cursor: string | null = null;
    do {
      const page: NewsList = await list(`language=gu&category=health&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      pages.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages).toEqual(made.health);
    const both = await list('language=gu&category=health,weather&limit=50');
    expect(both.items.map((item) => item.id).filter((id) => [...made.health!, ...made.weather!].includes(id))).toHaveLength(7);
    const breaking = await list('language=gu&type=breaking&limit=50');
    expect(breaking.items.map((item) => item.id)).toEqual(made.breaking);
    expect(breaking.items.every((item) => item.breaking)).toBe(true);

    for (const [query, field] of [
      ['category=safety,gossip', 'category.1'],
      ['type=urgent', 'type'],
      ['cursor=bm90LWEtY3Vyc29y', 'cursor'],
      ['limit=500', 'limit'],
    ]) {
      const res = await news.call('GET', `/api/news?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.field).toBe(field);
    }
  });
});

describe('sanitising', () => {
  it('never lets a script, an event handler or a javascript: link from the Markdown into the HTML', async () => {
    const body = [
      '<script>alert("x")</script>',
      '<img src=x onerror="alert(1)">',
      '[click me](javascript:alert(2)) and [safe](https://saathi.example/help)',
      '<a href="javascript:alert(3)">raw link</a>',
      '![pic](javascript:alert(4))',
    ].join('\n\n');
    const draft = await news.create(editor.token, { slug: 'sanitised', translations: { en: { title: 'Sanitised', body } } });
    await news.publish(editor.token, draft.id);
    const html = (await read('sanitised')).json<NewsArticle>().bodyHtml;
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/<[^>]*\son\w+\s*=/i);
    expect(html).not.toMatch(/<a[^>]*href="javascript:/i);
    expect(html).toContain('<a href="https://saathi.example/help" rel="noopener noreferrer nofollow">safe</a>');
    // The desk keeps the Markdown as written; only the HTML is cleaned.
    expect((await news.call('GET', `/api/editor/news/${draft.id}`, editor.token)).json().translations.en.body).toBe(body);
  });
});
