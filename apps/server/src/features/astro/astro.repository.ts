import { sql, type Selectable } from 'kysely';
import type { DbRef } from '../../core/db/db-ref';
import type { AstroChartsTable, StoredChart } from '../../core/db/tables/astro';

/** A chart as read back: every column but the owner (the query already names them). */
export type ChartRow = Omit<Selectable<AstroChartsTable>, 'user_id'>;

export interface NewChart {
  userId: number;
  name: string;
  birthDate: string;
  birthTime: string | null;
  place: { name: string; latitude: number; longitude: number };
  timeZone: string;
  chart: StoredChart;
}

const CHART_COLUMNS = ['id', 'name', 'birth_date', 'birth_time', 'place_name', 'latitude', 'longitude', 'time_zone', 'chart', 'created_at'] as const;

/** Birth charts, private to their owner, and the questions counted for the hourly limit (migration 0027). */
export function createAstroRepository(ref: DbRef) {
  return {
    async insert(chart: NewChart): Promise<ChartRow> {
      return ref.db
        .insertInto('astro_charts')
        .values({
          user_id: chart.userId,
          name: chart.name,
          birth_date: chart.birthDate,
          birth_time: chart.birthTime,
          place_name: chart.place.name,
          latitude: chart.place.latitude,
          longitude: chart.place.longitude,
          time_zone: chart.timeZone,
          chart: JSON.stringify(chart.chart),
        })
        .returning(CHART_COLUMNS)
        .executeTakeFirstOrThrow();
    },

    /** The owner's charts, newest first (astro_charts_user_idx). */
    async listOf(userId: number): Promise<ChartRow[]> {
      return ref.db.selectFrom('astro_charts').select(CHART_COLUMNS).where('user_id', '=', userId).orderBy('id', 'desc').execute();
    },

    async countOf(userId: number): Promise<number> {
      const row = await ref.db
        .selectFrom('astro_charts')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** One chart of this owner; another user's is not found. */
    async find(userId: number, id: number): Promise<ChartRow | undefined> {
      return ref.db.selectFrom('astro_charts').select(CHART_COLUMNS).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    },

    async delete(userId: number, id: number): Promise<boolean> {
      const result = await ref.db.deleteFrom('astro_charts').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * Counts a question against the hourly limit: drops this user's older ones, then either
     * records it (null) or, at the limit, says when the oldest in the window leaves it.
     */
    async takeQuestion(userId: number, now: Date, windowMs: number, limit: number): Promise<Date | null> {
      const since = new Date(now.getTime() - windowMs);
      return ref.db.transaction().execute(async (trx) => {
        // One user's questions are counted one at a time, so two at once cannot both pass the limit.
        await sql`SELECT pg_advisory_xact_lock(hashtext('astro_questions'), ${userId})`.execute(trx);
        await trx.deleteFrom('astro_questions').where('user_id', '=', userId).where('asked_at', '<=', since).execute();
        const window = await trx
          .selectFrom('astro_questions')
          .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.min('asked_at').as('oldest')])
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        if (Number(window.count) >= limit && window.oldest) return new Date(new Date(window.oldest).getTime() + windowMs);
        await trx.insertInto('astro_questions').values({ user_id: userId, asked_at: now }).execute();
        return null;
      });
    },
  };
}

export type AstroRepository = ReturnType<typeof createAstroRepository>;
