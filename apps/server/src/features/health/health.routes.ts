import { healthEndpoints } from '@saathi/shared/contract';
import type { HealthChecks } from '@saathi/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { DbRef } from '../../core/db/db-ref';
import { pendingMigrations } from '../../core/db/migrate';
import { AppError } from '../../core/errors';
import { registerEndpoints } from '../../core/http/endpoints';
import type { OutboxWorker } from '../../core/outbox';
import type { EventBus } from '../../core/realtime';

export interface HealthDeps {
  dbRef: DbRef;
  bus: Pick<EventBus, 'kind' | 'ping'>;
  outbox: Pick<OutboxWorker, 'running'>;
}

/** Whether the database answers a round trip now. */
async function databaseAnswers(dbRef: DbRef): Promise<boolean> {
  try {
    await sql`select 1`.execute(dbRef.db);
    return true;
  } catch {
    return false;
  }
}

/** Each dependency the process needs to serve traffic, asked side by side. */
export async function readiness({ dbRef, bus, outbox }: HealthDeps): Promise<HealthChecks> {
  const [database, migrations, redis] = await Promise.all([
    databaseAnswers(dbRef),
    dbRef.ready
      ? pendingMigrations(dbRef.db).then(
          (pending) => (pending.length === 0 ? ('ok' as const) : ('pending' as const)),
          () => 'failed' as const,
        )
      : Promise.resolve('failed' as const),
    bus.kind === 'redis' ? bus.ping().then((ok) => (ok ? ('ok' as const) : ('failed' as const))) : Promise.resolve('not_configured' as const),
  ]);
  return { database: database ? 'ok' : 'failed', migrations, redis, outbox: outbox.running ? 'ok' : 'stopped' };
}

export function healthRoutes(app: FastifyInstance, deps: HealthDeps): void {
  registerEndpoints(app, healthEndpoints, {
    'GET /health': async () => {
      // A round trip proves the database answers, not only that it was opened once.
      try {
        await sql`select 1`.execute(deps.dbRef.db);
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError('db_unavailable', 'The database is not answering');
      }
      return { status: 'ok' as const, db: deps.dbRef.kind };
    },
    'GET /health/live': async () => ({ status: 'ok' as const }),
    'GET /health/ready': async (_request, reply) => {
      const checks = await readiness(deps);
      reply.header('cache-control', 'no-store');
      const failed = Object.entries(checks).filter(([, state]) => state !== 'ok' && state !== 'not_configured');
      if (failed.length > 0) {
        throw new AppError('not_ready', `Not ready: ${failed.map(([name, state]) => `${name} ${state}`).join(', ')}`, undefined, {
          checks: failed.map(([name]) => name).join(','),
        });
      }
      return { status: 'ready' as const, checks };
    },
  });
}
