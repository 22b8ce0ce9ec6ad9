import type { Kysely } from 'kysely';
import { ServiceStartingError } from '../errors';
import type { DbHandle, DbKind } from './database';
import type { Database } from './schema';

/**
 * The database as the app sees it. The HTTP port opens before the embedded database has
 * finished opening and migrating, so routes hold this reference and read `db` per request;
 * until the handle arrives, `db` throws a 503 "starting" error.
 */
export class DbRef {
  #handle: DbHandle | undefined;
  #failure: unknown;
  readonly whenReady: Promise<DbHandle>;

  constructor(source: DbHandle | Promise<DbHandle>) {
    this.whenReady = Promise.resolve(source).then(
      (handle) => (this.#handle = handle),
      (error: unknown) => {
        this.#failure = error;
        throw error;
      },
    );
    // The owner of `source` reports its failure; this only stops an unhandled rejection.
    this.whenReady.catch(() => undefined);
  }

  get ready(): boolean {
    return this.#handle !== undefined;
  }

  get failed(): boolean {
    return this.#failure !== undefined;
  }

  get db(): Kysely<Database> {
    if (!this.#handle) throw new ServiceStartingError();
    return this.#handle.db;
  }

  /** Queries waiting for a connection; 0 until the database is open. */
  get waiting(): number {
    return this.#handle?.waiting?.() ?? 0;
  }

  get kind(): DbKind {
    if (!this.#handle) throw new ServiceStartingError();
    return this.#handle.kind;
  }
}
