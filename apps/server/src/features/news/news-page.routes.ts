import fs from 'node:fs/promises';
import path from 'node:path';
import { NEWS_LANGUAGES, type NewsLanguage } from '@saathi/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../core/clock';
import { ValidationError } from '../../core/errors';
import type { NewsReaderService } from './news-reader.service';
import type { NewsListRepository } from './news-list.repository';

export interface NewsPageOptions {
  reader: NewsReaderService;
  lists: NewsListRepository;
  clock: Clock;
  publicUrl: string;
  webDistDir: string | undefined;
}

/** The feed carries the latest 50 articles. */
export const FEED_SIZE = 50;

const LOCALES: Record<NewsLanguage, string> = { en: 'en_IN', hi: 'hi_IN', gu: 'gu_IN' };
const FEED_TITLES: Record<NewsLanguage, { title: string; description: string }> = {
  en: { title: 'Saathi news', description: 'Safety and community news from Saathi' },
  hi: { title: 'साथी समाचार', description: 'साथी से सुरक्षा और समुदाय की खबरें' },
  gu: { title: 'સાથી સમાચાર', description: 'સાથી તરફથી સલામતી અને સમુદાયના સમાચાર' },
};

/** Text for HTML attributes and XML: the five characters that could end a value or open a tag. */
export const escapeMarkup = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** Characters XML 1.0 forbids anywhere (control codes a pasted text may carry). */
const xmlText = (text: string) => escapeMarkup(text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, ''));

export interface ArticleMeta {
  title: string;
  description: string;
  image: string | null;
  url: string;
  language: NewsLanguage;
}

/** Open Graph and Twitter card tags of an article, for link previews (WhatsApp reads og:*). */
export function articleMetaTags(meta: ArticleMeta): string {
  const tags = [
    `<meta name="description" content="${escapeMarkup(meta.description)}">`,
    `<meta property="og:type" content="article">`,
    `<meta property="og:site_name" content="Saathi">`,
    `<meta property="og:locale" content="${LOCALES[meta.language]}">`,
    `<meta property="og:title" content="${escapeMarkup(meta.title)}">`,
    `<meta property="og:description" content="${escapeMarkup(meta.description)}">`,
    `<meta property="og:url" content="${escapeMarkup(meta.url)}">`,
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${escapeMarkup(meta.title)}">`,
    `<meta name="twitter:description" content="${escapeMarkup(meta.description)}">`,
  ];
  if (meta.image)
    tags.push(`<meta property="og:image" content="${escapeMarkup(meta.image)}">`, `<meta name="twitter:image" content="${escapeMarkup(meta.image)}">`);
  return tags.join('\n    ');
}

/** The built index.html with the article's title, tags and language; a small page when the web app is not built. */
export function renderArticlePage(indexHtml: string | undefined, meta: ArticleMeta): string {
  const head = `<title>${escapeMarkup(meta.title)}</title>\n    ${articleMetaTags(meta)}`;
  if (!indexHtml) {
    return `<!doctype html>\n<html lang="${meta.language}"><head><meta charset="utf-8">\n    ${head}\n</head><body><h1>${escapeMarkup(meta.title)}</h1><p>${escapeMarkup(meta.description)}</p></body></html>\n`;
  }
  return indexHtml
    .replace(/<html([^>]*)\slang="[^"]*"/i, `<html$1 lang="${meta.language}"`)
    .replace(/<title>[\s\S]*?<\/title>/i, '')
    .replace(/<\/head>/i, `    ${head}\n  </head>`);
}

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
export const newsPageRoutes: FastifyPluginAsync<NewsPageOptions> = async (app, { reader, lists, clock, publicUrl, webDistDir }) => {
  const base = publicUrl.replace(/\/$/, '');
  const absolute = (url: string) => (/^https?:\/\//i.test(url) ? url : `${base}${url.startsWith('/') ? '' : '/'}${url}`);
  const indexHtml = () => (webDistDir ? fs.readFile(path.join(webDistDir, 'index.html'), 'utf8').catch(() => undefined) : Promise.resolve(undefined));

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
    const html = await indexHtml();
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (!found || !translation) return reply.send(html ?? PLAIN_PAGE);
    return reply.send(
      renderArticlePage(html, {
        title: translation.title,
        description: translation.summary || translation.title,
        image: found.row.image_url ? absolute(found.row.image_url) : null,
        url: `${base}/news/${encodeURIComponent(found.row.slug)}`,
        language: translation.language,
      }),
    );
  });
};
