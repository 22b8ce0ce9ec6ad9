import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { SOS_LIMITS, type EvidenceChunk, type EvidenceKind } from '@saathi/shared';
import type { Clock } from '../../core/clock';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../core/errors';
import type { PrivateStorage } from '../../core/storage';
import type { SosEvidenceRepository } from './sos-evidence.repository';
import type { SosService } from './sos.service';

/** Every WebM (Matroska) file starts with the EBML header id. */
const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
/** Uploads still in flight when the event ends (the phone was offline a moment) are kept. */
export const EVIDENCE_GRACE_MS = 15 * 60_000;

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/**
 * Audio/video evidence, uploaded in MediaRecorder timeslice chunks while recording. Chunks
 * live in the private store under `evidence/<event>/` (locally never served by /media: the
 * guard in app.ts blocks it; with S3 in the private bucket), and only the event's owner can
 * list or play them.
 */
export function createSosEvidenceService(deps: { evidence: SosEvidenceRepository; sos: SosService; files: PrivateStorage; clock: Clock }) {
  const { evidence, sos, files, clock } = deps;

  const toView = (c: { id: number; kind: EvidenceKind; sequence: number; sizeBytes: number; createdAt: Date }): EvidenceChunk => ({
    id: c.id,
    kind: c.kind,
    sequence: c.sequence,
    sizeBytes: c.sizeBytes,
    createdAt: c.createdAt.toISOString(),
  });

  return {
    async upload(callerId: number, eventId: number, kind: EvidenceKind, sequence: number, body: Buffer): Promise<{ created: boolean; chunk: EvidenceChunk }> {
      const event = await sos.ownedEvent(callerId, eventId);
      const now = clock();
      if (event.status !== 'active' && event.endedAt && now.getTime() - event.endedAt.getTime() > EVIDENCE_GRACE_MS) {
        throw new AppError('sos_closed_for_evidence', 'This SOS ended too long ago to add evidence');
      }
      if (body.length === 0) throw new ValidationError('The recording chunk is empty', 'body');
      if (body.length > SOS_LIMITS.evidenceChunkMaxBytes) throw new AppError('payload_too_large', 'The recording chunk is too large');
      if (sequence === 0 && !body.subarray(0, 4).equals(EBML_MAGIC)) {
        throw new ValidationError('The first chunk must be the start of a WebM recording', 'body', 'not_webm');
      }
      const sha256 = createHash('sha256').update(body).digest('hex');
      const existing = await evidence.find(eventId, kind, sequence);
      if (existing) {
        // A retried upload of the same bytes (the response was lost) is fine; different bytes are not.
        if (existing.sha256 === sha256) return { created: false, chunk: toView(existing) };
        throw new ConflictError(`Chunk ${sequence} of the ${kind} recording was already uploaded`, 'sequence', 'evidence_chunk_exists');
      }
      const key = `evidence/${eventId}/${kind}-${String(sequence).padStart(6, '0')}-${randomBytes(6).toString('hex')}.webm`;
      const contentType = `${kind}/webm`;
      await files.put(key, body, contentType);
      try {
        const row = await evidence.insert({
          eventId,
          ownerId: callerId,
          kind,
          sequence,
          key,
          contentType,
          sizeBytes: body.length,
          sha256,
          now,
        });
        return { created: true, chunk: { id: row.id, kind, sequence, sizeBytes: body.length, createdAt: new Date(row.created_at).toISOString() } };
      } catch (error) {
        await files.delete(key);
        if (isUniqueViolation(error))
          throw new ConflictError(`Chunk ${sequence} of the ${kind} recording was already uploaded`, 'sequence', 'evidence_chunk_exists');
        throw error;
      }
    },

    async list(callerId: number, eventId: number) {
      await sos.ownedEvent(callerId, eventId);
      const chunks = await evidence.list(eventId);
      const kinds = [...new Set(chunks.map((c) => c.kind))];
      return {
        chunks: chunks.map(toView),
        recordings: kinds.map((kind) => {
          const of = chunks.filter((c) => c.kind === kind);
          return { kind, url: `/api/sos/${eventId}/evidence/${kind}.webm`, chunks: of.length, sizeBytes: of.reduce((n, c) => n + c.sizeBytes, 0) };
        }),
      };
    },

    /** The recording as one WebM: timeslice chunks concatenated in order play as one file. */
    async playback(callerId: number, eventId: number, kind: EvidenceKind): Promise<{ stream: Readable; sizeBytes: number; contentType: string }> {
      await sos.ownedEvent(callerId, eventId);
      const chunks = await evidence.list(eventId, kind);
      if (chunks.length === 0) throw new NotFoundError(`No ${kind} recording for this SOS`, 'evidence_not_found');
      // One chunk open at a time, read as the client takes it; a client that goes away
      // destroys the stream, which closes the chunk being read (file or bucket response).
      async function* recording(): AsyncGenerator<Uint8Array> {
        for (const chunk of chunks) {
          const input = await files.readStream(chunk.key);
          if (!input) throw new Error(`evidence chunk ${chunk.id} is missing from the store`);
          yield* input;
        }
      }
      const stream = Readable.from(recording(), { objectMode: false });
      return { stream, sizeBytes: chunks.reduce((n, c) => n + c.sizeBytes, 0), contentType: `${kind}/webm` };
    },
  };
}

export type SosEvidenceService = ReturnType<typeof createSosEvidenceService>;
