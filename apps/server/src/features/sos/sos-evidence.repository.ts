import { sql } from 'kysely';
import type { DbRef } from '../../core/db/db-ref';
import type { EvidenceKind } from '@saathi/shared';

export interface EvidenceChunkRecord {
  id: number;
  kind: EvidenceKind;
  recording: number;
  sequence: number;
  key: string;
  sizeBytes: number;
  sha256: string | null;
  createdAt: Date;
}

export function createSosEvidenceRepository(ref: DbRef) {
  const chunks = (eventId: number) =>
    ref.db
      .selectFrom('sos_evidence_chunks as c')
      .innerJoin('media_objects as m', 'm.id', 'c.media_object_id')
      .select(['c.id', 'c.kind', 'c.recording', 'c.sequence', 'm.key', 'm.size_bytes', 'm.sha256', 'c.created_at'])
      .where('c.event_id', '=', eventId)
      .where('m.status', '=', 'ready');

  const toRecord = (r: {
    id: number;
    kind: EvidenceKind;
    recording: number;
    sequence: number;
    key: string;
    size_bytes: number | string | bigint | null;
    sha256: string | null;
    created_at: Date | string;
  }): EvidenceChunkRecord => ({
    id: r.id,
    kind: r.kind,
    recording: r.recording,
    sequence: r.sequence,
    key: r.key,
    sizeBytes: Number(r.size_bytes ?? 0),
    sha256: r.sha256,
    createdAt: new Date(r.created_at),
  });

  return {
    /** In playing order: by kind, then recording (the order they were started), then sequence. */
    async list(eventId: number, kind?: EvidenceKind, recording?: number): Promise<EvidenceChunkRecord[]> {
      let query = chunks(eventId);
      if (kind) query = query.where('c.kind', '=', kind);
      if (recording !== undefined) query = query.where('c.recording', '=', recording);
      const rows = await query.orderBy('c.kind').orderBy('c.recording').orderBy('c.sequence').execute();
      return rows.map(toRecord);
    },

    async find(eventId: number, kind: EvidenceKind, recording: number, sequence: number): Promise<EvidenceChunkRecord | undefined> {
      const row = await chunks(eventId).where('c.kind', '=', kind).where('c.recording', '=', recording).where('c.sequence', '=', sequence).executeTakeFirst();
      return row && toRecord(row);
    },

    /** The lowest recording number of a kind, or undefined when the kind has none. */
    async firstRecording(eventId: number, kind: EvidenceKind): Promise<number | undefined> {
      const row = await chunks(eventId).where('c.kind', '=', kind).orderBy('c.recording').limit(1).executeTakeFirst();
      return row?.recording;
    },

    /** What the server holds of the event, all kinds together. */
    async held(eventId: number): Promise<{ chunks: number; sizeBytes: number; recordings: number }> {
      const row = await ref.db
        .selectFrom('sos_evidence_chunks as c')
        .innerJoin('media_objects as m', 'm.id', 'c.media_object_id')
        .select((eb) => [
          eb.fn.countAll().as('chunks'),
          eb.fn.coalesce(eb.fn.sum('m.size_bytes'), eb.lit(0)).as('size_bytes'),
          // Recordings are counted per kind: audio 0 and video 0 are two recordings.
          sql<string>`count(DISTINCT (c.kind, c.recording))`.as('recordings'),
        ])
        .where('c.event_id', '=', eventId)
        .where('m.status', '=', 'ready')
        .executeTakeFirstOrThrow();
      return { chunks: Number(row.chunks), sizeBytes: Number(row.size_bytes), recordings: Number(row.recordings) };
    },

    /** The file record and the chunk in one transaction: either both exist or neither. */
    async insert(input: {
      eventId: number;
      ownerId: number;
      kind: EvidenceKind;
      recording: number;
      sequence: number;
      key: string;
      contentType: string;
      sizeBytes: number;
      sha256: string;
      now: Date;
    }) {
      return ref.db.transaction().execute(async (trx) => {
        const media = await trx
          .insertInto('media_objects')
          .values({
            key: input.key,
            owner_id: input.ownerId,
            kind: 'sos_evidence',
            content_type: input.contentType,
            size_bytes: input.sizeBytes,
            sha256: input.sha256,
            status: 'ready',
            uploaded_at: input.now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return trx
          .insertInto('sos_evidence_chunks')
          .values({
            event_id: input.eventId,
            media_object_id: media.id,
            kind: input.kind,
            recording: input.recording,
            sequence: input.sequence,
            started_at: input.now,
          })
          .returning(['id', 'created_at'])
          .executeTakeFirstOrThrow();
      });
    },
  };
}

export type SosEvidenceRepository = ReturnType<typeof createSosEvidenceRepository>;
