import { EvidenceKind, SOS_LIMITS } from '@saathi/shared';
import { sosEvidenceEndpoints } from '@saathi/shared/contract';
import type { FastifyPluginCallback } from 'fastify';
import { registerEndpoints } from '../../core/http/endpoints';
import { requireUser } from '../../plugins/app/auth';
import type { SosEvidenceService } from './sos-evidence.service';

/** Registered as a plugin of its own: the raw-body content types below apply to these routes only. */
export const sosEvidenceRoutes: FastifyPluginCallback<{ evidence: SosEvidenceService }> = (app, { evidence }, done) => {
  // Raw MediaRecorder chunks (video/webm;codecs=vp8,opus and the like), only in this plugin.
  for (const contentType of [/^(video|audio)\/webm(\s*;.*)?$/i, 'application/octet-stream']) {
    app.addContentTypeParser(contentType, { parseAs: 'buffer', bodyLimit: SOS_LIMITS.evidenceChunkMaxBytes }, (_request, body, done) => done(null, body));
  }

  registerEndpoints(app, sosEvidenceEndpoints, {
    'POST /sos/:id/evidence': {
      bodyLimit: SOS_LIMITS.evidenceChunkMaxBytes,
      handler: async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const { kind, sequence, recording } = request.query;
        const { created, chunk } = await evidence.upload(requireUser(request).id, request.params.id, kind, sequence, body, recording);
        return reply.status(created ? 201 : 200).send(chunk);
      },
    },
    'GET /sos/:id/evidence': async (request) => evidence.list(requireUser(request).id, request.params.id),
    'GET /sos/:id/evidence/:file': async (request, reply) => {
      const kind = EvidenceKind.parse(request.params.file.replace(/\.webm$/, ''));
      const { stream, sizeBytes, contentType } = await evidence.playback(requireUser(request).id, request.params.id, kind);
      // A stream bypasses the serializer (and the response schema, which only documents the bytes).
      return reply.header('content-type', contentType).header('content-length', String(sizeBytes)).header('cache-control', 'private, no-store').send(stream);
    },
    'GET /sos/:id/evidence/recordings/:recording/:file': async (request, reply) => {
      const kind = EvidenceKind.parse(request.params.file.replace(/\.webm$/, ''));
      const { stream, sizeBytes, contentType } = await evidence.playback(requireUser(request).id, request.params.id, kind, request.params.recording);
      return reply.header('content-type', contentType).header('content-length', String(sizeBytes)).header('cache-control', 'private, no-store').send(stream);
    },
  });
  done();
};
