import type { UsersTables } from './tables/users';

/** Every table, as Kysely sees it. Each feature's tables are typed in `tables/`. */
export interface Database extends UsersTables {}
