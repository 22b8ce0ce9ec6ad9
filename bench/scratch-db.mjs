import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
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

/**
 * The scratch database of `openScratchDatabase`, filled by `seed(db, log)` (its lines logged
 * under `[kind]`) and closed again, so the server under load has it to itself. Returns what
 * `seed` returned and the URL to start the server on.
 */
export async function seedScratchDatabase(kind, name, dataDir, seed) {
  const { handle, databaseUrl } = await openScratchDatabase(kind, name, dataDir);
  const seeded = await seed(handle.db, (line) => console.log(`[${kind}] ${line}`));
  await handle.close();
  return { seeded, databaseUrl };
}

/** A day-long session for user 1, the benchmarks' caller; only its hash is stored, as the server does. Returns the token. */
export async function createBenchSession(db) {
  const token = randomBytes(32).toString('base64url');
  await sql`INSERT INTO sessions (user_id, token_hash, expires_at) VALUES (1, ${createHash('sha256').update(token).digest('hex')}, now() + interval '1 day')`.execute(
    db,
  );
  return token;
}
