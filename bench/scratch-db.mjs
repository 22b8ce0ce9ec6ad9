import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/core/db/database.ts';
import { migrateToLatest } from '../apps/server/src/core/db/migrate.ts';
import { adminQuery, quoteIdent, withDatabase } from '../apps/server/test/pg-admin.ts';

/** The PostgreSQL server the benchmarks make their databases on: BENCH_DATABASE_URL / TEST_DATABASE_URL, by default the local one. */
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * An empty PostgreSQL database `<prefix>_<random>` next to BENCH_DATABASE_URL / TEST_DATABASE_URL
 * (default: the local server), for one run: returns its URL and `drop()`, which removes it.
 */
export async function createFreshDatabase(prefix) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${quoteIdent(name)}`);
  return {
    databaseUrl: withDatabase(adminUrl, name),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`).catch(() => undefined),
  };
}

/**
 * A migrated benchmark database: the embedded one in `dataDir`, or for 'postgres' the scratch
 * database `name` next to BENCH_DATABASE_URL / TEST_DATABASE_URL (default: the local server),
 * created when missing and kept between runs so a large seed is made only once.
 */
export async function openScratchDatabase(kind, name, dataDir) {
  let databaseUrl;
  if (kind === 'postgres') {
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

/**
 * Whether the scratch database already holds this seed: `bench_<name>_meta` keeps the count
 * (in `countColumn`) and the layout (a text naming how it was spread) of the last complete
 * seed, so a change to either reseeds instead of reusing.
 */
export async function seedIsCurrent(db, name, countColumn, count, layout) {
  await sql.raw(`CREATE TABLE IF NOT EXISTS bench_${name}_meta (${countColumn} integer NOT NULL, layout text NOT NULL)`).execute(db);
  const meta = await sql.raw(`SELECT ${countColumn} AS count, layout FROM bench_${name}_meta`).execute(db);
  return meta.rows[0]?.count === count && meta.rows[0]?.layout === layout;
}

/** Marks the seed complete (see seedIsCurrent); written last, so a seed cut off half-way is redone. */
export async function recordSeed(db, name, countColumn, count, layout) {
  await sql`INSERT INTO ${sql.table(`bench_${name}_meta`)} (${sql.ref(countColumn)}, layout) VALUES (${count}, ${layout})`.execute(db);
}

/**
 * Drops the indexes `names` before a bulk load (building them once afterwards is much faster
 * than maintaining them per row). Their definitions are kept in `bench_<name>_indexes` first,
 * so a seed cut off half-way still rebuilds them on the next run. Returns what rebuildIndexes takes.
 */
export async function dropIndexesForBulkLoad(db, name, names) {
  const kept = sql.table(`bench_${name}_indexes`);
  await sql`CREATE TABLE IF NOT EXISTS ${kept} (indexname text PRIMARY KEY, indexdef text NOT NULL)`.execute(db);
  await sql`
    INSERT INTO ${kept} SELECT indexname, indexdef FROM pg_indexes WHERE indexname = ANY(${names})
    ON CONFLICT (indexname) DO NOTHING`.execute(db);
  const indexes = await sql`SELECT indexname, indexdef FROM ${kept}`.execute(db);
  for (const index of indexes.rows) await sql.raw(`DROP INDEX IF EXISTS ${index.indexname}`).execute(db);
  return { name, indexes: indexes.rows };
}

/** Builds the indexes dropIndexesForBulkLoad dropped again, and forgets them. */
export async function rebuildIndexes(db, dropped) {
  for (const index of dropped.indexes) await sql.raw(index.indexdef).execute(db);
  await sql`DELETE FROM ${sql.table(`bench_${dropped.name}_indexes`)}`.execute(db);
}
