import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ForbiddenError, ValidationError } from '../errors';
import { LOCAL_UPLOAD_PATH, type LocalStorage } from './local-storage';
import { assertSafeKey } from './storage';

export interface LocalUploadOptions {
  storage: LocalStorage;
  /** Largest accepted upload in bytes. */
  maxBytes: number;
  /**
   * Checks the bytes before they are written, answering with an error (an AppError) for bytes
   * the feature that signed the link would refuse: nothing is stored then. S3 cannot check at
   * upload time, so the feature checks again when the upload is registered.
   */
  check?: (upload: { key: string; contentType: string; bytes: Buffer }) => Promise<void>;
}

const Query = z.object({
  type: z.string().min(1).max(127),
  expires: z.coerce.number().int(),
  signature: z.string().max(128),
});

/**
 * Receives the bytes of a presigned local upload (`LocalStorage.presignPut`): the URL is the
 * permission, so no session is needed, the same as an S3 presigned URL. Registered under /api.
 */
export const localUploadRoutes: FastifyPluginAsyncZod<LocalUploadOptions> = async (app, { storage, maxBytes, check }) => {
  // Only raw bytes here: no JSON or form parsing of what is meant to be a file.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxBytes }, (_request, body, done) => done(null, body));

  app.put(`${LOCAL_UPLOAD_PATH.replace(/^\/api/, '')}/*`, { schema: { hide: true, querystring: Query }, bodyLimit: maxBytes }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    try {
      assertSafeKey(key);
    } catch {
      throw new ValidationError('Invalid upload path');
    }
    const { type, expires, signature } = request.query;
    if (!storage.verifyUpload(key, type, expires, signature)) throw new ForbiddenError('This upload link is invalid or has expired');
    const sent = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (sent !== type.toLowerCase()) throw new ValidationError('Content-Type must match the upload link', 'content-type');
    if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw new AppError('empty_upload', 'The upload is empty');
    await check?.({ key, contentType: type, bytes: request.body });
    await storage.put(key, request.body, type);
    return reply.code(200).send();
  });
};
