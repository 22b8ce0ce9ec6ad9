import fs from 'node:fs';
import path from 'node:path';

/**
 * The web app's page for a shared link (a community post, a news article) with the tags link
 * previews read: WhatsApp and Telegram read Open Graph, X reads its own card tags.
 */
export interface PreviewMeta {
  title: string;
  description: string;
  image: string | null;
  url: string;
  /** The page's language (`hi`), when it has one: the document's `lang` and `og:locale`. */
  language?: 'en' | 'hi' | 'gu';
}

const LOCALES = { en: 'en_IN', hi: 'hi_IN', gu: 'gu_IN' } as const;

/** Text for HTML attributes and XML: the five characters that could end a value or open a tag. */
export const escapeMarkup = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** A media path (`/media/posts/a.jpg`) as the absolute URL a preview fetches; an absolute URL stays. */
export const absoluteUrl = (base: string, url: string) => (/^https?:\/\//i.test(url) ? url : `${base}${url.startsWith('/') ? '' : '/'}${url}`);

/**
 * The built index.html, or undefined when the web app is not built (tests, API-only servers).
 * Read once, when the server starts (app-context.ts): every page the server sends (the app and
 * the shared-link previews) and the CSP hash of its inline early SOS script come from these
 * same bytes, so a page and its policy agree even when apps/web/dist is rebuilt under a
 * running server. The new build is served after a restart, with its own hashes.
 */
export function readIndexHtml(webDistDir: string | undefined): string | undefined {
  try {
    return webDistDir ? fs.readFileSync(path.join(webDistDir, 'index.html'), 'utf8') : undefined;
  } catch {
    return undefined;
  }
}

/** Open Graph and X card tags; a page without a language (a community post) has no og:locale. */
export function previewTags(meta: PreviewMeta): string {
  const tags = [
    `<meta name="description" content="${escapeMarkup(meta.description)}">`,
    `<meta property="og:type" content="article">`,
    `<meta property="og:site_name" content="Saathi">`,
    ...(meta.language ? [`<meta property="og:locale" content="${LOCALES[meta.language]}">`] : []),
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

/** The built index.html with the page's title, tags and language; a small page when the web app is not built. */
export function renderPreviewPage(indexHtml: string | undefined, meta: PreviewMeta): string {
  const head = `<title>${escapeMarkup(meta.title)}</title>\n    ${previewTags(meta)}`;
  if (!indexHtml) {
    return `<!doctype html>\n<html lang="${meta.language ?? 'en'}"><head><meta charset="utf-8">\n    ${head}\n</head><body><h1>${escapeMarkup(meta.title)}</h1><p>${escapeMarkup(meta.description)}</p></body></html>\n`;
  }
  const page = meta.language ? indexHtml.replace(/<html([^>]*)\slang="[^"]*"/i, `<html$1 lang="${meta.language}"`) : indexHtml;
  return page.replace(/<title>[\s\S]*?<\/title>/i, '').replace(/<\/head>/i, `    ${head}\n  </head>`);
}
