import fs from 'node:fs/promises';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { pgliteDialects, type DbLane } from './pglite-dialect';
import { DATE_OID, INT8_OID, parseDate, parseInt8 } from './type-parsers';

export type DbKind = 'pglite' | 'postgres';
export type { DbLane };

export interface DbHandle {
  /** Everything but the SOS path: the read pool (DATABASE_POOL_SIZE). */
  db: Kysely<Database>;
  /**
   * The SOS path (docs/adr/0022): on PostgreSQL a pool of its own (DATABASE_SOS_POOL_SIZE) that
   * reads can never take; on the embedded database its work goes ahead of queued reads. A
   * handle without it (a test's own) serves the SOS path from `db`.
   */
  sosDb?: Kysely<Database>;
  kind: DbKind;
  /** Queries of a lane waiting for a free connection (the read lane when none is named). */
  waiting?(lane?: DbLane): number;
  /**
   * Tests' overload, embedded database only: read work queues until the returned function is
   * called (test/hold-read-pool.ts). PostgreSQL's read pool is held by taking its connections.
   */
  holdReads?(): () => void;
  close(): Promise<void>;
}

export interface DbOptions {
  /** A PostgreSQL URL; when absent the embedded PGlite in `dataDir` is used. */
  databaseUrl?: string | undefined;
  /** Directory for the embedded database files (`<dataDir>/pglite`). */
  dataDir: string;
  /** Size of PostgreSQL's read pool (everything but the SOS path). */
  poolSize?: number;
  /** Size of PostgreSQL's SOS pool (docs/adr/0022); 0 serves the SOS path from the read pool. */
  sosPoolSize?: number;
  /**
   * Told when an idle PostgreSQL connection dies (server restart, failover). The pool drops
   * that connection and opens a new one when needed; without a listener the process would exit.
   */
  onConnectionError?: (error: Error) => void;
}

export async function openDatabase(options: DbOptions): Promise<DbHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? DEFAULT_POOL_SIZE, options.sosPoolSize ?? DEFAULT_SOS_POOL_SIZE, options.onConnectionError)
    : openPglite(options.dataDir);
}

export const DEFAULT_POOL_SIZE = 10;
export const DEFAULT_SOS_POOL_SIZE = 4;

function openPool(connectionString: string, max: number, onConnectionError: (error: Error) => void): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  pool.on('error', onConnectionError);
  // The API runs short, indexed queries. PostGIS declares its functions expensive, so on big
  // tables the planner picks parallel plans whose workers take ~20 ms to start against about
  // 1 ms of index work. Switched off per connection (psql and migrations keep the server's
  // setting); the client queues this before any query the pool hands it out for.
  pool.on('connect', (client) => {
    client.query('SET max_parallel_workers_per_gather = 0').catch(onConnectionError);
  });
  return pool;
}

async function openPostgres(connectionString: string, max: number, sosMax: number, onConnectionError: (error: Error) => void = () => {}): Promise<DbHandle> {
  pg.types.setTypeParser(INT8_OID, parseInt8);
  pg.types.setTypeParser(DATE_OID, parseDate);
  const pool = openPool(connectionString, max, onConnectionError);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  // A second pool, so reads can never hold the connections an SOS needs (docs/adr/0022).
  const sosPool = sosMax > 0 ? openPool(connectionString, sosMax, onConnectionError) : undefined;
  const sosDb = sosPool ? new Kysely<Database>({ dialect: new PostgresDialect({ pool: sosPool }) }) : db;
  return {
    db,
    sosDb,
    kind: 'postgres',
    waiting: (lane = 'read') => (lane === 'sos' && sosPool ? sosPool : pool).waitingCount,
    close: async () => {
      await Promise.all([db.destroy(), sosDb === db ? undefined : sosDb.destroy()]);
    },
  };
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
  // One connection, two queues: the SOS path's work takes it before queued reads (docs/adr/0022).
  const dialects = pgliteDialects(pglite);
  const db = new Kysely<Database>({ dialect: dialects.read });
  const sosDb = new Kysely<Database>({ dialect: dialects.sos });
  return {
    db,
    sosDb,
    kind: 'pglite',
    waiting: (lane = 'read') => dialects.waiting(lane),
    holdReads: () => dialects.holdReads(),
    close: async () => {
      await Promise.all([db.destroy(), sosDb.destroy()]);
      await pglite.close();
    },
  };
}
