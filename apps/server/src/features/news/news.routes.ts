import multipart from '@fastify/multipart';
import { NEWS_LIMITS, type NewsImage } from '@saathi/shared';
import { newsEndpoints } from '@saathi/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoints } from '../../core/http/endpoints';
import { optionalUser, requireUser } from '../../plugins/app/auth';
import type { NewsDeskService } from './news-desk.service';
import { readNewsImage } from './news-images';
import type { NewsReaderService } from './news-reader.service';

export interface NewsRoutesOptions {
  reader: NewsReaderService;
  desk: NewsDeskService;
  uploadImage: (callerId: number, bytes: Buffer) => Promise<NewsImage>;
}

/** The readers' calls and the editors' desk; its own context, with the multipart parser for the picture upload. */
export async function newsRoutes(app: FastifyInstance, { reader, desk, uploadImage }: NewsRoutesOptions): Promise<void> {
  // One file more than the form takes reaches the form reader, which refuses it by name.
  await app.register(multipart, { limits: { fileSize: NEWS_LIMITS.imageBytesMax, files: 2, fields: 5, parts: 7 } });

  registerEndpoints(app, newsEndpoints, {
    'GET /news': async (request) => reader.list(request.query),
    'GET /news/:idOrSlug': async (request, reply) => {
      const found = await reader.article(request.params.idOrSlug, request.query.language, optionalUser(request));
      if ('article' in found) return found.article;
      // An old slug: permanently moved to the current one (the query string goes along).
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.redirect(`/api/news/${found.redirectTo}${search}`, 301);
    },
    'POST /news': async (request) => desk.create(requireUser(request), request.body),
    'PATCH /news/:id': async (request) => desk.update(requireUser(request), request.params.id, request.body),
    'DELETE /news/:id': async (request) => desk.remove(requireUser(request), request.params.id),
    'POST /news/:id/publish': async (request) => desk.publish(requireUser(request), request.params.id, request.body ?? {}),
    'POST /news/:id/unpublish': async (request) => desk.unpublish(requireUser(request), request.params.id),
    'GET /news/:id/versions': async (request) => desk.versions(request.params.id),
    'GET /news/:id/versions/:version': async (request) => desk.version(request.params.id, request.params.version),
    'POST /news/:id/versions/:version/restore': async (request) => desk.restore(requireUser(request), request.params.id, request.params.version),
    'POST /news/images': async (request) => {
      const caller = requireUser(request);
      return uploadImage(caller.id, await readNewsImage(request));
    },
    'GET /editor/news': async (request) => desk.list(request.query),
    'GET /editor/news/:id': async (request) => desk.get(request.params.id),
    'POST /editor/news/preview': async (request) => desk.preview(request.body.body),
  });
}
