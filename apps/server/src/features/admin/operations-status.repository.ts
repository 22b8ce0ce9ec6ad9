import { sql } from 'kysely';
import type { DbRef } from '../../core/db/db-ref';
import type { DeliveryChannel, DeliveryOutcome } from '../../core/db/tables/operations';

export interface FirstStepFigures {
  measured: number;
  p50Ms: number | null;
  p95Ms: number | null;
  withinObjective: number;
}

/** The status screen's figures, from the tables every process writes (migration 0037). */
export function createOperationsStatusRepository(ref: DbRef) {
  return {
    async sosCounts(since: Date): Promise<{ raised: number; active: number }> {
      const row = await sql<{ raised: number; active: number }>`
        SELECT
          (SELECT count(*) FROM sos_events WHERE created_at >= ${since} AND NOT practice) AS raised,
          (SELECT count(*) FROM sos_events WHERE status = 'active' AND NOT practice) AS active`.execute(ref.db);
      return { raised: Number(row.rows[0]?.raised ?? 0), active: Number(row.rows[0]?.active ?? 0) };
    },

    /** The first step of the fan-out of SOS raised since `since`: how many, how long, how many in time. */
    async firstStep(since: Date, objectiveMs: number): Promise<FirstStepFigures> {
      const row = await sql<{ measured: number; p50: number | null; p95: number | null; within: number }>`
        WITH steps AS (
          SELECT extract(epoch FROM done_at - raised_at) * 1000 AS ms
          FROM sos_fanout_steps WHERE step = 1 AND raised_at >= ${since}
        )
        SELECT count(*) AS measured,
               percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS p50,
               percentile_cont(0.95) WITHIN GROUP (ORDER BY ms) AS p95,
               count(*) FILTER (WHERE ms <= ${objectiveMs}) AS within
        FROM steps`.execute(ref.db);
      const r = row.rows[0];
      const ms = (v: number | null | undefined) => (v === null || v === undefined ? null : Math.round(Number(v)));
      return { measured: Number(r?.measured ?? 0), p50Ms: ms(r?.p50), p95Ms: ms(r?.p95), withinObjective: Number(r?.within ?? 0) };
    },

    /** Deliveries per channel and outcome since `since`, summed over every process. */
    async deliveries(since: Date): Promise<Array<{ channel: DeliveryChannel; outcome: DeliveryOutcome; count: number }>> {
      const rows = await ref.db
        .selectFrom('delivery_counts')
        .select(['channel', 'outcome', (eb) => eb.fn.sum<number>('count').as('count')])
        .where('minute', '>=', since)
        .groupBy(['channel', 'outcome'])
        .execute();
      return rows.map((r) => ({ channel: r.channel, outcome: r.outcome, count: Number(r.count) }));
    },
  };
}

export type OperationsStatusRepository = ReturnType<typeof createOperationsStatusRepository>;
