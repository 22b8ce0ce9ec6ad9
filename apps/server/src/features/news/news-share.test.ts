import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse as parseXml, validate as validateXml } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../test/build';
import { newsFixtures } from './news.fixtures';

/** The web app's built page, which the server fills with an article's preview tags. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Saathi</title>
  </head>
  <body><div id="root"></div></body>
</html>
`;

// A built web app's folder, there before build() reads the environment.
const webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'saathi-web-'));
await fs.writeFile(path.join(webDir, 'index.html'), INDEX_HTML);

const t = build({ PUBLIC_URL: 'https://saathi.example', WEB_DIST_DIR: webDir });
const news = newsFixtures(t);
const editor = { id: 0, token: '' };

beforeAll(async () => {
  Object.assign(editor, await news.as(['editor']));
});
afterAll(async () => {
  await fs.rm(webDir, { recursive: true, force: true });
});

describe('the share page /news/:slug', () => {
  it('carries Open Graph and Twitter tags in the article language, with an absolute image URL', async () => {
    const image = await t.db
      .insertInto('news_images')
      .values({
        image_key: 'news/a.jpg',
        image_url: '/media/news/a.jpg',
        thumbnail_key: 'news/a-t.jpg',
        thumbnail_url: '/media/news/a-t.jpg',
        width: 1200,
        height: 800,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const draft = await news.create(editor.token, {
      slug: 'share-me',
      imageId: image.id,
      translations: {
        en: { title: 'Safe "travel" <tips>', summary: 'Plan & share your trip.', body: 'x' },
        hi: { title: 'सुरक्षित यात्रा', summary: 'अपनी यात्रा साझा करें।', body: 'x' },
      },
    });
    // Not published yet: the plain app page, no tags that would leak the draft.
    const early = await t.app.inject({ method: 'GET', url: '/news/share-me' });
    expect(early.statusCode).toBe(200);
    expect(early.body).toBe(INDEX_HTML);

    await news.publish(editor.token, draft.id);
    const page = await t.app.inject({ method: 'GET', url: '/news/share-me' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<title>Safe &quot;travel&quot; &lt;tips&gt;</title>');
    expect(page.body).toContain('<meta property="og:title" content="Safe &quot;travel&quot; &lt;tips&gt;">');
    expect(page.body).toContain('<meta property="og:description" content="Plan &amp; share your trip.">');
    expect(page.body).toContain('<meta property="og:image" content="https://saathi.example/media/news/a.jpg">');
    expect(page.body).toContain('<meta property="og:url" content="https://saathi.example/news/share-me">');
    expect(page.body).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(page.body).toContain('<meta name="twitter:image" content="https://saathi.example/media/news/a.jpg">');
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.body.match(/<title>/g)).toHaveLength(1);

    const hindi = await t.app.inject({ method: 'GET', url: '/news/share-me?language=hi' });
    expect(hindi.body).toContain('<html lang="hi">');
    expect(hindi.body).toContain('<meta property="og:title" content="सुरक्षित यात्रा">');
    expect(hindi.body).toContain('<meta property="og:locale" content="hi_IN">');
    expect(hindi.body).toContain('<meta name="twitter:description" content="अपनी यात्रा साझा करें।">');
    // By id too (the web app's /news/{id}).
    expect((await t.app.inject({ method: 'GET', url: `/news/${draft.id}` })).body).toContain('og:title');

    await news.call('POST', `/api/news/${draft.id}/unpublish`, editor.token);
    expect((await t.app.inject({ method: 'GET', url: '/news/share-me' })).body).toBe(INDEX_HTML);
  });

  it('sends an old slug to the current one with a permanent redirect', async () => {
    const draft = await news.create(editor.token, { slug: 'first-name' });
    await news.publish(editor.token, draft.id);
    await news.call('PATCH', `/api/news/${draft.id}`, editor.token, { slug: 'second-name' });
    const res = await t.app.inject({ method: 'GET', url: '/news/first-name?language=hi' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/news/second-name?language=hi');
    expect((await t.app.inject({ method: 'GET', url: '/news/unknown-story' })).body).toBe(INDEX_HTML);
  });
});

describe('the RSS feed /news/feed.xml', () => {
  it('is valid RSS 2.0 of the latest 50 published articles in a language, XML-escaped', async () => {
    for (let i = 0; i < 52; i++) {
      const draft = await news.create(editor.token, {
        slug: `feed-item-${i}`,
        translations: { gu: { title: `સમાચાર ${i} <b>&</b>`, summary: `સાર ${i} & "અવતરણ"`, body: 'x' } },
      });
      t.clock.advance(1000);
      await news.publish(editor.token, draft.id);
    }
    const hidden = await news.create(editor.token, { slug: 'feed-draft', translations: { gu: { title: 'ડ્રાફ્ટ', body: 'x' } } });

    const res = await t.app.inject({ method: 'GET', url: '/news/feed.xml?language=gu' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(validateXml(res.body)).toBe(true);

    const rss = parseXml(res.body, { ignoreAttributes: false, attributeNamePrefix: '@_', parseNodeValue: false }) as {
      rss: { '@_version': string; channel: Record<string, unknown> & { item: Array<Record<string, unknown>> } };
    };
    expect(rss.rss['@_version']).toBe('2.0');
    const channel = rss.rss.channel;
    expect(channel).toMatchObject({ title: 'સાથી સમાચાર', link: 'https://saathi.example/news', language: 'gu-in' });
    expect(typeof channel.description).toBe('string');
    expect(channel.item).toHaveLength(50);
    for (const item of channel.item) expect(Object.keys(item).sort()).toEqual(['category', 'description', 'guid', 'link', 'pubDate', 'title']);
    expect(channel.item[0]).toMatchObject({
      link: 'https://saathi.example/news/feed-item-51',
      guid: { '#text': 'https://saathi.example/news/feed-item-51', '@_isPermaLink': 'true' },
    });
    expect(channel.item.at(-1)?.link).toBe('https://saathi.example/news/feed-item-2');
    // Text is escaped, never markup.
    const first = /<item>([\s\S]*?)<\/item>/.exec(res.body)?.[1] ?? '';
    expect(first).toContain('<title>સમાચાર 51 &lt;b&gt;&amp;&lt;/b&gt;</title>');
    expect(first).toContain('<description>સાર 51 &amp; &quot;અવતરણ&quot;</description>');
    const pubDate = /<pubDate>([^<]+)<\/pubDate>/.exec(first)?.[1] ?? '';
    expect(pubDate).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    expect(Math.abs(Date.parse(pubDate) - t.clock.now().getTime())).toBeLessThan(2000);
    expect(res.body).not.toContain('feed-draft');
    expect(hidden.id).toBeGreaterThan(0);

    const english = await t.app.inject({ method: 'GET', url: '/news/feed.xml' });
    expect(english.body).toContain('<language>en-in</language>');
    expect(english.body).not.toContain('feed-item-');
    expect((await t.app.inject({ method: 'GET', url: '/news/feed.xml?language=fr' })).statusCode).toBe(400);
  });
});
