import type { PGlite } from '@electric-sql/pglite';
import { PostgresDialect, type PostgresPool, type PostgresPoolClient, type PostgresQueryResult } from 'kysely';

/** Whose work a query is: the SOS path's (docs/adr/0022) or everything else's. */
export type DbLane = 'sos' | 'read';

export interface PgliteDialects {
  /** The dialect of everything but the SOS path. */
  read: PostgresDialect;
  /** The SOS path's dialect: its work is handed the connection before any queued read work. */
  sos: PostgresDialect;
  /** Work of each lane waiting for the connection. */
  waiting(lane: DbLane): number;
  /**
   * Tests' overload: read work queues and is not handed the connection until the returned
   * function is called, as if the reads ahead of it never ended; SOS work still goes through.
   */
  holdReads(): () => void;
}

/**
 * Lets Kysely's Postgres dialect drive an embedded PGlite, through two lanes.
 *
 * PGlite is one session, so "connections" are handed out one at a time: a transaction
 * holds the only connection until it commits, and other queries wait for it, exactly as
 * they would wait for a pool of size one. When the connection frees, the SOS lane's oldest
 * waiter takes it first; read work waits until no SOS work is queued. Within a lane the
 * order is first come, first served.
 */
export function pgliteDialects(pglite: PGlite): PgliteDialects {
  let busy = false;
  let readsHeld = 0;
  const queued: Record<DbLane, Array<() => void>> = { sos: [], read: [] };
  let whenIdle: Array<() => void> = [];

  /** The connection is free: hand it to the next waiter, the SOS lane's first. */
  function handOver(): void {
    const next = queued.sos.shift() ?? (readsHeld > 0 ? undefined : queued.read.shift());
    busy = next !== undefined;
    if (next) return next();
    const idle = whenIdle;
    whenIdle = [];
    for (const resolve of idle) resolve();
  }

  function acquire(lane: DbLane): Promise<void> {
    return new Promise((resolve) => {
      queued[lane].push(resolve);
      if (!busy) handOver();
    });
  }

  const client = (release: () => void): PostgresPoolClient => ({
    // Kysely's cursor overload is not used by this project.
    query: (async (text: string, parameters: ReadonlyArray<unknown>) => {
      // Like node-postgres, a call without parameters uses the simple protocol, which
      // accepts several statements at once (migrations rely on it).
      if (parameters.length === 0) {
        const results = await pglite.exec(text);
        const last = results[results.length - 1];
        return toResult(text, last?.rows ?? [], last?.affectedRows ?? 0);
      }
      const result = await pglite.query(text, [...parameters]);
      return toResult(text, result.rows, result.affectedRows ?? 0);
    }) as unknown as PostgresPoolClient['query'],
    release,
  });

  const pool = (lane: DbLane): PostgresPool => ({
    async connect() {
      await acquire(lane);
      let released = false;
      return client(() => {
        if (released) return;
        released = true;
        handOver();
      });
    },
    async end() {
      if (!busy) return;
      await new Promise<void>((resolve) => whenIdle.push(resolve));
    },
  });

  return {
    read: new PostgresDialect({ pool: pool('read') }),
    sos: new PostgresDialect({ pool: pool('sos') }),
    waiting: (lane) => queued[lane].length,
    holdReads() {
      readsHeld += 1;
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        readsHeld -= 1;
        if (!busy) handOver();
      };
    },
  };
}

function toResult(text: string, rows: unknown[], affectedRows: number): PostgresQueryResult<never> {
  const verb = /^\s*(?:with\b[\s\S]*?\)\s*)?(\w+)/i.exec(text)?.[1]?.toUpperCase();
  const command = (['INSERT', 'UPDATE', 'DELETE', 'MERGE'].includes(verb ?? '') ? verb : 'SELECT') as PostgresQueryResult<never>['command'];
  return { command, rowCount: affectedRows, rows: rows as never[] };
}
