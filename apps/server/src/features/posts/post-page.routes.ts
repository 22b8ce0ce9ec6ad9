import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import type { DbRef } from '../../core/db/db-ref';
import { absoluteUrl, renderPreviewPage, type PreviewMeta } from '../../core/http/preview-page';

export interface PostPageOptions {
  dbRef: DbRef;
  publicUrl: string;
  /** The built index.html as read at start (core/http/preview-page.ts). */
  indexHtml: string | undefined;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/**
 * The public share link `/saathi-community-post/:postId`: link previews (WhatsApp) read the
 * Open Graph tags; browsers get the SPA, which opens the post. Hidden or removed posts get
 * neutral tags so a reported post's text stops spreading.
 */
export const postPageRoutes: FastifyPluginAsync<PostPageOptions> = async (app, { dbRef, publicUrl, indexHtml }) => {
  // A page, not part of the API: kept out of the OpenAPI document.
  app.get<{ Params: { postId: string } }>('/saathi-community-post/:postId', { schema: { hide: true } }, async (request, reply) => {
    const id = Number(request.params.postId);
    const pageUrl = `${publicUrl}/saathi-community-post/${encodeURIComponent(request.params.postId)}`;
    let meta: PreviewMeta = { title: 'Saathi community', description: 'Stay connected with your community', image: null, url: pageUrl };
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
          image: post.url ? absoluteUrl(publicUrl, post.url) : null,
          url: pageUrl,
        };
      }
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(renderPreviewPage(indexHtml, meta));
  });
};
