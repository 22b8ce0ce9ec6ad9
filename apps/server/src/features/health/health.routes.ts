import { ErrorResponse, HealthResponse } from '@saathi/shared';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DbRef } from '../../core/db/db-ref';
import { AppError } from '../../core/errors';

export const healthRoutes: FastifyPluginAsyncZod<{ dbRef: DbRef }> = async (app, { dbRef }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database readiness',
        security: [],
        response: { 200: HealthResponse, 503: ErrorResponse },
      },
    },
    async () => {
      // A round trip proves the database answers, not only that it was opened once.
      try {
        await sql`select 1`.execute(dbRef.db);
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError(503, 'db_unavailable', 'The database is not answering');
      }
      return { status: 'ok' as const, db: dbRef.kind };
    },
  );
};
