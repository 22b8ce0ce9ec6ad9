import fs from 'node:fs/promises';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { pgliteDialect } from './pglite-dialect';
import { DATE_OID, INT8_OID, parseDate, parseInt8 } from './type-parsers';

export type DbKind = 'pglite' | 'postgres';

export interface DbHandle {
  db: Kysely<Database>;
  kind: DbKind;
  /** Queries waiting for a free connection (PostgreSQL's pool; the embedded database has none). */
  waiting?(): number;
  close(): Promise<void>;
}

export interface DbOptions {
  /** A PostgreSQL URL; when absent the embedded PGlite in `dataDir` is used. */
  databaseUrl?: string | undefined;
  /** Directory for the embedded database files (`<dataDir>/pglite`). */
  dataDir: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /**
   * Told when an idle PostgreSQL connection dies (server restart, failover). The pool drops
   * that connection and opens a new one when needed; without a listener the process would exit.
   */
  onConnectionError?: (error: Error) => void;
}

export async function openDatabase(options: DbOptions): Promise<DbHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize ?? 10, options.onConnectionError) : openPglite(options.dataDir);
}

async function openPostgres(connectionString: string, max: number, onConnectionError: (error: Error) => void = () => {}): Promise<DbHandle> {
  pg.types.setTypeParser(INT8_OID, parseInt8);
  pg.types.setTypeParser(DATE_OID, parseDate);
  const pool = new pg.Pool({ connectionString, max });
  pool.on('error', onConnectionError);
  // The API runs short, indexed queries. PostGIS declares its functions expensive, so on big
  // tables the planner picks parallel plans whose workers take ~20 ms to start against about
  // 1 ms of index work. Switched off per connection (psql and migrations keep the server's
  // setting); the client queues this before any query the pool hands it out for.
  pool.on('connect', (client) => {
    client.query('SET max_parallel_workers_per_gather = 0').catch(onConnectionError);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', waiting: () => pool.waitingCount, close: () => db.destroy() };
}

export function pgliteDataPath(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

async function openPglite(dataDir: string): Promise<DbHandle> {
  // Loaded lazily: the WebAssembly build is only needed in embedded mode.
  const [{ PGlite }, { postgisOnly }] = await Promise.all([import('@electric-sql/pglite'), import('./postgis-bundle')]);
  const dir = pgliteDataPath(dataDir);
  await fs.mkdir(dir, { recursive: true });
  const pglite = await PGlite.create({
    dataDir: dir,
    extensions: { postgis: postgisOnly },
    parsers: { [INT8_OID]: parseInt8, [DATE_OID]: parseDate },
  });
  // Same session settings as the server's pool (openPostgres), so both plan queries alike.
  await pglite.exec('SET max_parallel_workers_per_gather = 0');
  const db = new Kysely<Database>({ dialect: pgliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    waiting: () => 0,
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}
