import { openDatabase } from '../apps/server/src/core/db/database.ts';
import { migrateToLatest } from '../apps/server/src/core/db/migrate.ts';
import { adminQuery, quoteIdent, withDatabase } from '../apps/server/test/pg-admin.ts';

/**
 * A migrated benchmark database: the embedded one in `dataDir`, or for 'postgres' the scratch
 * database `name` next to BENCH_DATABASE_URL / TEST_DATABASE_URL (default: the local server),
 * created when missing and kept between runs so a large seed is made only once.
 */
export async function openScratchDatabase(kind, name, dataDir) {
  let databaseUrl;
  if (kind === 'postgres') {
    const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    databaseUrl = withDatabase(adminUrl, name);
    await adminQuery(adminUrl, `CREATE DATABASE ${quoteIdent(name)}`).catch((error) => {
      if (!String(error).includes('already exists')) throw error;
    });
  }
  const handle = await openDatabase({ databaseUrl, dataDir });
  await migrateToLatest(handle.db);
  return { handle, databaseUrl };
}
