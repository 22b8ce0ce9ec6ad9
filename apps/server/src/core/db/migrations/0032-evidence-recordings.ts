import { sql, type Kysely } from 'kysely';

/**
 * SOS evidence in recordings (features/sos/README.md). A webm file is a header followed by
 * clusters, so the output of a second MediaRecorder (after a reload, a re-render, a camera
 * switch, the SOS screen reopened) cannot continue the first one's numbering: each recorder
 * start is a recording of its own, numbered from chunk 0 with its own header. Chunks stored
 * before this migration are recording 0, which is also what a client that sends no recording
 * number writes to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    ALTER TABLE sos_evidence_chunks
      ADD COLUMN recording integer NOT NULL DEFAULT 0 CHECK (recording >= 0);
    ALTER TABLE sos_evidence_chunks DROP CONSTRAINT sos_evidence_chunks_event_id_kind_sequence_key;
    ALTER TABLE sos_evidence_chunks
      ADD CONSTRAINT sos_evidence_chunks_recording_sequence_key UNIQUE (event_id, kind, recording, sequence);
  `,
    )
    .execute(db);
}
