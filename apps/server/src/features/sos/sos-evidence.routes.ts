import { EvidenceChunk, EvidenceKind, EvidenceList, EvidenceUploadQuery, ErrorResponse, Id, SOS_LIMITS, SosIdParams } from '@saathi/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/app/auth';
import type { SosEvidenceService } from './sos-evidence.service';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

export const sosEvidenceRoutes: FastifyPluginAsyncZod<{ evidence: SosEvidenceService }> = async (app, { evidence }) => {
  // Raw MediaRecorder chunks (video/webm;codecs=vp8,opus and the like), only in this plugin.
  for (const contentType of [/^(video|audio)\/webm(\s*;.*)?$/i, 'application/octet-stream']) {
    app.addContentTypeParser(contentType, { parseAs: 'buffer', bodyLimit: SOS_LIMITS.evidenceChunkMaxBytes }, (_request, body, done) => done(null, body));
  }

  app.post(
    '/sos/:id/evidence',
    {
      bodyLimit: SOS_LIMITS.evidenceChunkMaxBytes,
      schema: {
        tags: ['sos'],
        summary:
          'Upload one chunk of the owner\'s audio/video evidence (raw webm body, in order from sequence 0; the first chunk must be a WebM header). 201 new, 200 the same chunk again',
        params: SosIdParams,
        querystring: EvidenceUploadQuery,
        consumes: ['video/webm', 'audio/webm', 'application/octet-stream'],
        response: { 200: EvidenceChunk, 201: EvidenceChunk, ...errors, 413: ErrorResponse, 415: ErrorResponse },
      },
    },
    async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const { created, chunk } = await evidence.upload(requireUser(request).id, request.params.id, request.query.kind, request.query.sequence, body);
      return reply.status(created ? 201 : 200).send(chunk);
    },
  );

  app.get(
    '/sos/:id/evidence',
    {
      schema: {
        tags: ['sos'],
        summary: "The evidence chunks of the caller's SOS, and playback URLs per kind",
        params: SosIdParams,
        response: { 200: EvidenceList, ...errors },
      },
    },
    async (request) => evidence.list(requireUser(request).id, request.params.id),
  );

  app.get(
    '/sos/:id/evidence/:file',
    {
      schema: {
        tags: ['sos'],
        summary: 'Play back the owner\'s recording (video.webm or audio.webm): the chunks concatenated in order',
        params: z.object({ id: Id, file: z.enum(['video.webm', 'audio.webm']) }),
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const kind = EvidenceKind.parse(request.params.file.replace(/\.webm$/, ''));
      const { stream, sizeBytes, contentType } = await evidence.playback(requireUser(request).id, request.params.id, kind);
      // A stream bypasses the JSON serializer; the typed reply only knows the error bodies.
      const untyped: FastifyReply = reply;
      return untyped
        .header('content-type', contentType)
        .header('content-length', String(sizeBytes))
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
};
