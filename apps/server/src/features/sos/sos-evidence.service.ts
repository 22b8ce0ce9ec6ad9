import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { SOS_LIMITS, type EvidenceChunk, type EvidenceKind, type EvidenceList, type EvidenceUploadResponse } from '@saathi/shared';
import type { Clock } from '../../core/clock';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../core/errors';
import { fileSignature } from '../../core/media/file-signatures';
import { webmHeaderProblem } from '../../core/media/webm-check';
import type { PrivateStorage } from '../../core/storage';
import type { EvidenceChunkRecord, SosEvidenceRepository } from './sos-evidence.repository';
import type { SosService } from './sos.service';

/** Uploads still in flight when the event ends (the phone was offline a moment) are kept. */
export const EVIDENCE_GRACE_MS = 15 * 60_000;

/**
 * What a chunk's bytes can be checked for before they are kept. The first chunk of a recording
 * holds its whole WebM header (DocType webm) and the start of its Segment, so a header cut
 * short, a forged one or another file is refused. A later chunk is a slice of the recording
 * that may start anywhere in it, so it is only refused when it starts as another kind of file
 * (a PNG, a PDF, an HTML page): evidence is never refused on a guess.
 */
async function assertEvidenceChunk(sequence: number, body: Buffer): Promise<void> {
  if (sequence === 0) {
    const problem = await webmHeaderProblem(body);
    if (problem?.kind === 'truncated') throw new ValidationError(`The first chunk of a recording is cut short: ${problem.reason}`, 'body', 'not_webm');
    if (problem) throw new ValidationError(`The first chunk of a recording must be the start of a WebM recording: ${problem.reason}`, 'body', 'not_webm');
    return;
  }
  const other = fileSignature(body.subarray(0, 256));
  if (other) throw new ValidationError(`This chunk is ${other}, not part of a WebM recording`, 'body', 'not_webm');
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/**
 * Audio/video evidence, uploaded in MediaRecorder timeslice chunks while recording, one
 * numbered recording per recorder start (each its own webm, its chunk 0 the header). Chunks
 * live in the private store under `evidence/<event>/` (locally never served by /media: the
 * guard in app.ts blocks it; with S3 in the private bucket), and only the event's owner can
 * list or play them.
 */
export function createSosEvidenceService(deps: { evidence: SosEvidenceRepository; sos: SosService; files: PrivateStorage; clock: Clock }) {
  const { evidence, sos, files, clock } = deps;

  const toView = (c: Pick<EvidenceChunkRecord, 'id' | 'kind' | 'recording' | 'sequence' | 'sizeBytes' | 'createdAt'>): EvidenceChunk => ({
    id: c.id,
    kind: c.kind,
    sequence: c.sequence,
    sizeBytes: c.sizeBytes,
    createdAt: c.createdAt.toISOString(),
    recording: c.recording,
  });

  const taken = (kind: EvidenceKind, recording: number, sequence: number) =>
    new ConflictError(
      sequence === 0
        ? `Recording ${recording} of the ${kind} evidence already starts with other bytes: a restarted recorder sends a new recording`
        : `Chunk ${sequence} of ${kind} recording ${recording} was already uploaded with other bytes`,
      'sequence',
      'evidence_chunk_exists',
    );

  /** The chunks of one recording concatenated in order: a MediaRecorder's timeslices play as one webm. */
  function concatenated(chunks: EvidenceChunkRecord[], kind: EvidenceKind) {
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
  }

  return {
    async upload(
      callerId: number,
      eventId: number,
      kind: EvidenceKind,
      sequence: number,
      body: Buffer,
      recording = 0,
    ): Promise<{ created: boolean; chunk: EvidenceUploadResponse }> {
      const event = await sos.ownedEvent(callerId, eventId);
      const now = clock();
      if (event.status !== 'active' && event.endedAt && now.getTime() - event.endedAt.getTime() > EVIDENCE_GRACE_MS) {
        throw new AppError('sos_closed_for_evidence', 'This SOS ended too long ago to add evidence');
      }
      if (body.length === 0) throw new ValidationError('The recording chunk is empty', 'body');
      if (body.length > SOS_LIMITS.evidenceChunkMaxBytes) throw new AppError('payload_too_large', 'The recording chunk is too large');
      await assertEvidenceChunk(sequence, body);
      const sha256 = createHash('sha256').update(body).digest('hex');
      const existing = await evidence.find(eventId, kind, recording, sequence);
      if (existing) {
        // A retried upload of the same bytes (the answer was lost) is saved already: say so.
        // Other bytes under a held number are a second recorder, never written over the first.
        if (existing.sha256 === sha256) return { created: false, chunk: { ...toView(existing), held: await evidence.held(eventId) } };
        throw taken(kind, recording, sequence);
      }
      const key = `evidence/${eventId}/${kind}-${String(recording).padStart(4, '0')}-${String(sequence).padStart(6, '0')}-${randomBytes(6).toString('hex')}.webm`;
      const contentType = `${kind}/webm`;
      await files.put(key, body, contentType);
      let row: { id: number; created_at: Date };
      try {
        row = await evidence.insert({ eventId, ownerId: callerId, kind, recording, sequence, key, contentType, sizeBytes: body.length, sha256, now });
      } catch (error) {
        await files.delete(key);
        if (!isUniqueViolation(error)) throw error;
        // Two uploads of one number raced: the same bytes won (a retry), or another recorder did.
        const winner = await evidence.find(eventId, kind, recording, sequence);
        if (winner?.sha256 === sha256) return { created: false, chunk: { ...toView(winner), held: await evidence.held(eventId) } };
        throw taken(kind, recording, sequence);
      }
      const chunk = toView({ id: row.id, kind, recording, sequence, sizeBytes: body.length, createdAt: new Date(row.created_at) });
      return { created: true, chunk: { ...chunk, held: await evidence.held(eventId) } };
    },

    async list(callerId: number, eventId: number): Promise<EvidenceList> {
      await sos.ownedEvent(callerId, eventId);
      const chunks = await evidence.list(eventId);
      const groups = new Map<string, EvidenceChunkRecord[]>();
      for (const chunk of chunks) {
        const id = `${chunk.kind}:${chunk.recording}`;
        const group = groups.get(id);
        if (group) group.push(chunk);
        else groups.set(id, [chunk]);
      }
      const recordings = [...groups.values()].map((of) => {
        const { kind, recording } = of[0] as EvidenceChunkRecord;
        return {
          kind,
          recording,
          url: `/api/sos/${eventId}/evidence/recordings/${recording}/${kind}.webm`,
          chunks: of.length,
          sizeBytes: of.reduce((n, c) => n + c.sizeBytes, 0),
          startedAt: new Date(Math.min(...of.map((c) => c.createdAt.getTime()))).toISOString(),
          // Sorted by sequence and unique, so 0..n-1 means nothing is missing in between.
          complete: of.every((c, index) => c.sequence === index),
        };
      });
      return {
        chunks: chunks.map(toView),
        recordings,
        held: { chunks: chunks.length, sizeBytes: chunks.reduce((n, c) => n + c.sizeBytes, 0), recordings: recordings.length },
      };
    },

    /**
     * One recording as one WebM. Without a number, the kind's first recording: the file an
     * older client knew, when every chunk was one recording. Two recordings are never joined,
     * as a second webm header in the middle of a file does not play.
     */
    async playback(
      callerId: number,
      eventId: number,
      kind: EvidenceKind,
      recording?: number,
    ): Promise<{ stream: Readable; sizeBytes: number; contentType: string }> {
      await sos.ownedEvent(callerId, eventId);
      const number = recording ?? (await evidence.firstRecording(eventId, kind));
      const chunks = number === undefined ? [] : await evidence.list(eventId, kind, number);
      if (chunks.length === 0) throw new NotFoundError(`No such ${kind} recording for this SOS`, 'evidence_not_found');
      return concatenated(chunks, kind);
    },
  };
}

export type SosEvidenceService = ReturnType<typeof createSosEvidenceService>;
