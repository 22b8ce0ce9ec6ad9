import type { AstroChart } from '@saathi/shared';
import type { Generated } from 'kysely';
import type { Default, Json } from './columns';

/** What astro_charts.chart holds: the computed part of an AstroChart (the rest are columns). */
export type StoredChart = Omit<AstroChart, 'id' | 'name' | 'birthDate' | 'birthTime' | 'place' | 'createdAt'>;

/** Birth charts and the count of questions asked (migration 0027). */
export interface AstroChartsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  birth_date: string;
  birth_time: string | null;
  place_name: string;
  latitude: number;
  longitude: number;
  time_zone: string;
  chart: Json<StoredChart>;
  created_at: Default<Date>;
}

export interface AstroQuestionsTable {
  id: Generated<string>;
  user_id: number;
  asked_at: Default<Date>;
}

export interface AstroTables {
  astro_charts: AstroChartsTable;
  astro_questions: AstroQuestionsTable;
}
