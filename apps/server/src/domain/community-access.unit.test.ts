import { Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type DatabaseConnection, type Driver } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DbRef } from '../core/db/db-ref';
import type { Database } from '../core/db/schema';
import { ForbiddenError } from '../core/errors';
import { AGE_GATE_MESSAGE, createCommunityAccess } from './community-access';

/** A database that answers every query with one user row of this dob. */
function dbWithDob(dob: string | null): DbRef {
  const connection: DatabaseConnection = {
    executeQuery: async <R>() => ({ rows: [{ dob }] as R[] }),
    // eslint-disable-next-line require-yield
    streamQuery: async function* () {
      throw new Error('not used');
    },
  };
  const driver: Driver = {
    init: async () => undefined,
    acquireConnection: async () => connection,
    beginTransaction: async () => undefined,
    commitTransaction: async () => undefined,
    rollbackTransaction: async () => undefined,
    releaseConnection: async () => undefined,
    destroy: async () => undefined,
  };
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  const ref = new DbRef({ db, kind: 'postgres', waiting: () => 0, close: async () => undefined });
  return ref;
}

async function allowedAt(dob: string | null, at: string): Promise<boolean> {
  const ref = dbWithDob(dob);
  await ref.whenReady;
  const access = createCommunityAccess(ref, () => new Date(at));
  try {
    await access.assertAllowed(1);
    return true;
  } catch (error) {
    expect(error).toBeInstanceOf(ForbiddenError);
    expect((error as Error).message).toBe(AGE_GATE_MESSAGE);
    return false;
  }
}

describe('community age gate (server)', () => {
  it('lets someone born 2013-11-26 in at midnight IST, while UTC is still on the 25th', async () => {
    expect(await allowedAt('2013-11-26', '2026-11-25T18:29:59Z')).toBe(false); // 23:59:59 IST on the 25th
    expect(await allowedAt('2013-11-26', '2026-11-25T18:30:00Z')).toBe(true); // 00:00 IST on the 26th
  });

  it('counts on India’s date after UTC midnight too', async () => {
    // 00:30 UTC on the 26th is 06:00 IST on the 26th: 13 either way.
    expect(await allowedAt('2013-11-26', '2026-11-26T00:30:00Z')).toBe(true);
    // Born on the 27th: still 12 at 23:59 IST on the 26th (18:29 UTC).
    expect(await allowedAt('2013-11-27', '2026-11-26T18:29:00Z')).toBe(false);
  });

  it('denies users without a dob', async () => {
    expect(await allowedAt(null, '2026-11-26T06:00:00Z')).toBe(false);
  });
});
