import type { PGlite } from '@electric-sql/pglite';
import { PostgresDialect, type PostgresPool, type PostgresPoolClient, type PostgresQueryResult } from 'kysely';

/**
 * Lets Kysely's Postgres dialect drive an embedded PGlite.
 *
 * PGlite is one session, so "connections" are handed out one at a time: a transaction
 * holds the only connection until it commits, and other queries wait for it, exactly as
 * they would wait for a pool of size one.
 */
export function pgliteDialect(pglite: PGlite): PostgresDialect {
  let queue: Promise<void> = Promise.resolve();

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

  const pool: PostgresPool = {
    connect() {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const ready = queue;
      queue = queue.then(() => held);
      return ready.then(() => client(release));
    },
    async end() {
      await queue;
    },
  };
  return new PostgresDialect({ pool });
}

function toResult(text: string, rows: unknown[], affectedRows: number): PostgresQueryResult<never> {
  const verb = /^\s*(?:with\b[\s\S]*?\)\s*)?(\w+)/i.exec(text)?.[1]?.toUpperCase();
  const command = (['INSERT', 'UPDATE', 'DELETE', 'MERGE'].includes(verb ?? '') ? verb : 'SELECT') as PostgresQueryResult<never>['command'];
  return { command, rowCount: affectedRows, rows: rows as never[] };
}
