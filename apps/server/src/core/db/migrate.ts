import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { migrations } from './migrations';

/** Migrations are compiled into the server, so the provider is a plain list (no file scan). */
const provider: MigrationProvider = {
  getMigrations: async () => migrations as Record<string, Migration>,
};

/** Brings the schema up to date. Forward-only: there are no down migrations to run. */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
