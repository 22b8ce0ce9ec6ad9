import { Migrator, type Kysely, type MigrationProvider } from 'kysely';
import { migrations } from './migrations';

/** Migrations are compiled into the server, so the provider is a plain list (no file scan). */
const provider: MigrationProvider = {
  getMigrations: async () => migrations,
};

/** Brings the schema up to date. Forward-only: there are no down migrations to run. */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a thrown non-Error has no better text than String() gives
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Migrations of this build the database has not run yet (the readiness check asks: a server ahead of its schema is not ready). */
export async function pendingMigrations<DB>(db: Kysely<DB>): Promise<string[]> {
  const known = await new Migrator({ db, provider }).getMigrations();
  return known.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
