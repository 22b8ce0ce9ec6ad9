import type { Generated } from 'kysely';
import type { Default, Timestamp } from './columns';

export interface ResponderVerificationsTable {
  id: Generated<number>;
  user_id: number;
  profession: 'doctor' | 'nurse' | 'hospital' | 'police' | 'firefighter' | 'mechanic';
  registration_number: string | null;
  council: string | null;
  station: string | null;
  status: Default<'pending' | 'approved' | 'rejected' | 'revoked'>;
  /** The document photo under the media directory's private evidence/ folder; NULL once decided. */
  document_key: string | null;
  decided_by: number | null;
  decided_at: Timestamp | null;
  reason: string | null;
  expires_at: Timestamp | null;
  created_at: Default<Date>;
}

export interface RespondersTables {
  responder_verifications: ResponderVerificationsTable;
}
