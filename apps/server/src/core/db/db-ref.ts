import type { Kysely } from 'kysely';
import { ServiceStartingError } from '../errors';
import type { DbHandle, DbKind, DbLane } from './database';
import type { Database } from './schema';

interface RefState {
  handle: DbHandle | undefined;
  failure: unknown;
}

/**
 * The database as the app sees it. The HTTP port opens before the embedded database has
 * finished opening and migrating, so routes hold this reference and read `db` per request;
 * until the handle arrives, `db` throws a 503 "starting" error.
 *
 * A reference serves one lane: `dbRef` everything but the SOS path, `dbRef.sos` the SOS path
 * (its own PostgreSQL pool, or the embedded database's priority queue; docs/adr/0022). A
 * repository is built with the reference of the work it serves.
 */
export class DbRef {
  #state: RefState = { handle: undefined, failure: undefined };
  #sos: DbRef | undefined;
  readonly whenReady: Promise<DbHandle>;

  constructor(
    source: DbHandle | Promise<DbHandle>,
    readonly lane: DbLane = 'read',
  ) {
    const state = this.#state;
    this.whenReady = Promise.resolve(source).then(
      (handle) => (state.handle = handle),
      (error: unknown) => {
        state.failure = error;
        throw error;
      },
    );
    // The owner of `source` reports its failure; this only stops an unhandled rejection.
    this.whenReady.catch(() => undefined);
  }

  /** The same database for the SOS path: its pool, ahead of reads (docs/adr/0022). */
  get sos(): DbRef {
    if (this.lane === 'sos') return this;
    if (!this.#sos) {
      const view = new DbRef(this.whenReady, 'sos');
      view.#state = this.#state;
      this.#sos = view;
    }
    return this.#sos;
  }

  get ready(): boolean {
    return this.#state.handle !== undefined;
  }

  get failed(): boolean {
    return this.#state.failure !== undefined;
  }

  get db(): Kysely<Database> {
    const handle = this.#state.handle;
    if (!handle) throw new ServiceStartingError();
    return this.lane === 'sos' ? (handle.sosDb ?? handle.db) : handle.db;
  }

  /** Queries of this lane waiting for a connection; 0 until the database is open. */
  get waiting(): number {
    return this.#state.handle?.waiting?.(this.lane) ?? 0;
  }

  get kind(): DbKind {
    if (!this.#state.handle) throw new ServiceStartingError();
    return this.#state.handle.kind;
  }
}
