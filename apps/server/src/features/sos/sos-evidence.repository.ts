import type { DbRef } from '../../core/db/db-ref';
import type { EvidenceKind } from '@saathi/shared';

export interface EvidenceChunkRecord {
  id: number;
  kind: EvidenceKind;
  sequence: number;
  key: string;
  sizeBytes: number;
  sha256: string | null;
  createdAt: Date;
}

export function createSosEvidenceRepository(ref: DbRef) {
  return {
    async list(eventId: number, kind?: EvidenceKind): Promise<EvidenceChunkRecord[]> {
      let query = ref.db
        .selectFrom('sos_evidence_chunks as c')
        .innerJoin('media_objects as m', 'm.id', 'c.media_object_id')
        .select(['c.id', 'c.kind', 'c.sequence', 'm.key', 'm.size_bytes', 'm.sha256', 'c.created_at'])
        .where('c.event_id', '=', eventId)
        .where('m.status', '=', 'ready');
      if (kind) query = query.where('c.kind', '=', kind);
      const rows = await query.orderBy('c.kind').orderBy('c.sequence').execute();
      return rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        sequence: r.sequence,
        key: r.key,
        sizeBytes: Number(r.size_bytes ?? 0),
        sha256: r.sha256,
        createdAt: new Date(r.created_at),
      }));
    },

    async find(eventId: number, kind: EvidenceKind, sequence: number): Promise<EvidenceChunkRecord | undefined> {
      return (await this.list(eventId, kind)).find((c) => c.sequence === sequence);
    },

    /** The file record and the chunk in one transaction: either both exist or neither. */
    async insert(input: {
      eventId: number;
      ownerId: number;
      kind: EvidenceKind;
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
          .values({ event_id: input.eventId, media_object_id: media.id, kind: input.kind, sequence: input.sequence, started_at: input.now })
          .returning(['id', 'created_at'])
          .executeTakeFirstOrThrow();
      });
    },
  };
}

export type SosEvidenceRepository = ReturnType<typeof createSosEvidenceRepository>;
