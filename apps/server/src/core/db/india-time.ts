import { sql, type RawBuilder } from 'kysely';

/**
 * A timestamptz column as India wall-clock text, 'YYYY-MM-DD HH:mm:ss' (read back with
 * `parseIndiaDateTime` from @saathi/shared).
 */
export function indiaDateTimeText(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD HH24:MI:SS')`;
}
