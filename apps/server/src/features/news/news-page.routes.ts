import { NEWS_LANGUAGES, type NewsLanguage } from '@saathi/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../core/clock';
import { ValidationError } from '../../core/errors';
import { absoluteUrl, escapeMarkup, renderPreviewPage } from '../../core/http/preview-page';
import type { NewsReaderService } from './news-reader.service';
import type { NewsListRepository } from './news-list.repository';

export interface NewsPageOptions {
  reader: NewsReaderService;
  lists: NewsListRepository;
  clock: Clock;
  publicUrl: string;
  /** The built index.html as read at start (core/http/preview-page.ts). */
  indexHtml: string | undefined;
}

/** The feed carries the latest 50 articles. */
export const FEED_SIZE = 50;

const FEED_TITLES: Record<NewsLanguage, { title: string; description: string }> = {
  en: { title: 'Saathi news', description: 'Safety and community news from Saathi' },
  hi: { title: 'साथी समाचार', description: 'साथी से सुरक्षा और समुदाय की खबरें' },
  gu: { title: 'સાથી સમાચાર', description: 'સાથી તરફથી સલામતી અને સમુદાયના સમાચાર' },
};

/** Characters XML 1.0 forbids anywhere (control codes a pasted text may carry). */
const xmlText = (text: string) => escapeMarkup(text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, ''));

const PLAIN_PAGE = `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Saathi</title></head><body></body></html>\n`;

function languageParam(value: unknown, fallback: NewsLanguage | undefined): NewsLanguage | undefined {
  if (value === undefined || value === '') return fallback;
  if (typeof value === 'string' && (NEWS_LANGUAGES as readonly string[]).includes(value)) return value as NewsLanguage;
  throw new ValidationError('language must be en, hi or gu', 'language');
}

/**
 * Pages outside /api (registered at the root, like the community post's share page):
 * `/news/feed.xml` (RSS 2.0) and `/news/:slug`, the web app's page for an article with its
 * preview tags. Only a published article gets tags; any other answers the plain app page, so a
 * draft's title never reaches a link preview. An old slug redirects permanently.
 */
export const newsPageRoutes: FastifyPluginAsync<NewsPageOptions> = async (app, { reader, lists, clock, publicUrl, indexHtml }) => {
  const base = publicUrl.replace(/\/$/, '');

  app.get<{ Querystring: { language?: string } }>('/news/feed.xml', { schema: { hide: true } }, async (request, reply) => {
    const language = languageParam(request.query.language, 'en') as NewsLanguage;
    const rows = await lists.feed(language, clock(), FEED_SIZE);
    const channel = FEED_TITLES[language];
    const items = rows.map((row) => {
      const link = `${base}/news/${encodeURIComponent(row.slug)}`;
      return [
        '    <item>',
        `      <title>${xmlText(row.title)}</title>`,
        `      <link>${xmlText(link)}</link>`,
        `      <guid isPermaLink="true">${xmlText(link)}</guid>`,
        `      <pubDate>${row.published_at.toUTCString()}</pubDate>`,
        `      <description>${xmlText(row.summary)}</description>`,
        `      <category>${xmlText(row.category)}</category>`,
        '    </item>',
      ].join('\n');
    });
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<rss version="2.0">',
      '  <channel>',
      `    <title>${xmlText(channel.title)}</title>`,
      `    <link>${xmlText(`${base}/news`)}</link>`,
      `    <description>${xmlText(channel.description)}</description>`,
      `    <language>${language}-in</language>`,
      ...(rows[0] ? [`    <lastBuildDate>${rows[0].published_at.toUTCString()}</lastBuildDate>`] : []),
      ...items,
      '  </channel>',
      '</rss>',
      '',
    ].join('\n');
    return reply.header('cache-control', 'public, max-age=300').type('application/rss+xml; charset=utf-8').send(xml);
  });

  app.get<{ Params: { slug: string }; Querystring: { language?: string } }>('/news/:slug', { schema: { hide: true } }, async (request, reply) => {
    const language = languageParam(request.query.language, undefined);
    const found = request.params.slug.length <= 80 ? await reader.find(request.params.slug, null, language) : undefined;
    if (found?.redirected) {
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.redirect(`/news/${encodeURIComponent(found.row.slug)}${search}`, 301);
    }
    const translation = found?.translation;
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (!found || !translation) return reply.send(indexHtml ?? PLAIN_PAGE);
    return reply.send(
      renderPreviewPage(indexHtml, {
        title: translation.title,
        description: translation.summary || translation.title,
        image: found.row.image_url ? absoluteUrl(base, found.row.image_url) : null,
        url: `${base}/news/${encodeURIComponent(found.row.slug)}`,
        language: translation.language,
      }),
    );
  });
};
