import type { Migration } from 'kysely';
import * as m0001 from './0001-users-and-auth';

/** Ordered by name; forward-only. Never edit a migration that has landed: add a new one. */
export const migrations: Record<string, Migration> = {
  '0001-users-and-auth': m0001,
};
