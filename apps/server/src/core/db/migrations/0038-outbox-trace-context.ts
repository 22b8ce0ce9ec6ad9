import { sql, type Kysely } from 'kysely';

/**
 * The W3C trace context (`traceparent`, and `tracestate` when there is one) of the request or
 * job that enqueued an outbox row, so the worker continues the same trace (docs/adr/0021).
 * Null when tracing is off or nothing was traced: the worker then starts a trace of its own.
 * It names a trace, nothing about a person.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE outbox ADD COLUMN trace_context jsonb`.execute(db);
}
