import { healthEndpoints } from '@saathi/shared/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { DbRef } from '../../core/db/db-ref';
import { AppError } from '../../core/errors';
import { registerEndpoints } from '../../core/http/endpoints';

export function healthRoutes(app: FastifyInstance, { dbRef }: { dbRef: DbRef }): void {
  registerEndpoints(app, healthEndpoints, {
    'GET /health': async () => {
      // A round trip proves the database answers, not only that it was opened once.
      try {
        await sql`select 1`.execute(dbRef.db);
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError('db_unavailable', 'The database is not answering');
      }
      return { status: 'ok' as const, db: dbRef.kind };
    },
  });
}
