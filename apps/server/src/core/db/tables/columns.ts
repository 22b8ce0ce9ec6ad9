import type { ColumnType } from 'kysely';

export type { Geography, Timestamp } from './users';

/** Columns the database fills in on insert. */
export type Default<T> = ColumnType<T, T | undefined, T>;
/** Denormalised counts kept by triggers (see `maintain_child_count`): read-only to the app. */
export type TriggerCount = ColumnType<number, never, never>;
/** Generated columns (e.g. `posts.search_vector`): read-only to the app. */
export type GeneratedColumn<T> = ColumnType<T, never, never>;
/** `jsonb` values: any JSON on the way in, parsed JSON on the way out. */
export type Json<T = unknown> = ColumnType<T, T | string, T | string>;
/** A `jsonb` column with a database default. */
export type JsonDefault<T = unknown> = ColumnType<T, T | string | undefined, T | string>;
