import type { ColumnType, Generated } from 'kysely';
import type { Json } from './columns';

/** Append-only: rows are inserted, never updated or deleted (migration 0020). */
export interface AuditLogTable {
  /** bigserial, read as a number (type-parsers.ts). */
  id: Generated<number>;
  actor_id: number;
  actor_roles: string[];
  action: string;
  target_type: string;
  target_id: string;
  reason: string | null;
  before: Json | null;
  after: Json | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface AuditTables {
  audit_log: AuditLogTable;
}
