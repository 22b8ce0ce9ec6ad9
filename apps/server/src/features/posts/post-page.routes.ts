import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import type { DbRef } from '../../core/db/db-ref';

export interface PostPageOptions {
  dbRef: DbRef;
  publicUrl: string;
  webDistDir: string | undefined;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

export interface PageMeta {
  title: string;
  description: string;
  image: string | undefined;
  url: string;
}

export function metaTags(meta: PageMeta): string {
  const tags = [
    `<meta property="og:type" content="article">`,
    `<meta property="og:site_name" content="Saathi">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}">`,
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
  ];
  if (meta.image) tags.push(`<meta property="og:image" content="${escapeHtml(meta.image)}">`);
  return tags.join('\n    ');
}

/** Puts the tags into the built index.html (replacing its <title>), or a minimal page when the web app is not built. */
export function renderPage(indexHtml: string | undefined, meta: PageMeta): string {
  const head = `<title>${escapeHtml(meta.title)}</title>\n    ${metaTags(meta)}`;
  if (!indexHtml) {
    return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8">\n    ${head}\n</head><body><h1>${escapeHtml(meta.title)}</h1><p>${escapeHtml(meta.description)}</p></body></html>\n`;
  }
  const withoutTitle = indexHtml.replace(/<title>[\s\S]*?<\/title>/i, '');
  return withoutTitle.replace(/<\/head>/i, `    ${head}\n  </head>`);
}

/**
 * The public share link `/saathi-community-post/:postId`: link previews (WhatsApp) read the
 * Open Graph tags; browsers get the SPA, which opens the post. Hidden or removed posts get
 * neutral tags so a reported post's text stops spreading.
 */
export const postPageRoutes: FastifyPluginAsync<PostPageOptions> = async (app, { dbRef, publicUrl, webDistDir }) => {
  const absolute = (url: string) => (/^https?:\/\//i.test(url) ? url : `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`);

  // A page, not part of the API: kept out of the OpenAPI document.
  app.get<{ Params: { postId: string } }>('/saathi-community-post/:postId', { schema: { hide: true } }, async (request, reply) => {
    const id = Number(request.params.postId);
    const pageUrl = `${publicUrl}/saathi-community-post/${encodeURIComponent(request.params.postId)}`;
    let meta: PageMeta = { title: 'Saathi community', description: 'Stay connected with your community', image: undefined, url: pageUrl };
    if (Number.isInteger(id) && id > 0 && id <= 2_147_483_647) {
      const result = await sql<{ title: string; description: string; user_name: string; url: string | null }>`
        SELECT p.title, p.description, p.user_name,
               (SELECT m.url FROM post_media m WHERE m.post_id = p.id ORDER BY m.position LIMIT 1) AS url
        FROM posts p WHERE p.id = ${id} AND p.status = 'active'`.execute(dbRef.db);
      const post = result.rows[0];
      if (post) {
        meta = {
          title: clip(post.title || `${post.user_name} on Saathi`, 90),
          description: clip(post.description || post.title || 'A post on Saathi', 200),
          image: post.url ? absolute(post.url) : undefined,
          url: pageUrl,
        };
      }
    }
    const indexHtml = webDistDir ? await fs.readFile(path.join(webDistDir, 'index.html'), 'utf8').catch(() => undefined) : undefined;
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(renderPage(indexHtml, meta));
  });
};
