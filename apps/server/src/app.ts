import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { systemClock, type Clock } from './core/clock';
import { openDatabase, type DbHandle } from './core/db/database';
import { DbRef } from './core/db/db-ref';
import { migrateToLatest } from './core/db/migrate';
import { loadSecrets } from './core/secrets';
import { createSmsProvider, type SmsProvider } from './core/sms';
import { createAuthRepository } from './features/auth/auth.repository';
import { authRoutes } from './features/auth/auth.routes';
import { createAuthService } from './features/auth/auth.service';
import { createSessionsRepository } from './features/auth/sessions.repository';
import { healthRoutes } from './features/health/health.routes';
import { createPushRepository } from './features/push/push.repository';
import { pushRoutes } from './features/push/push.routes';
import { createPushService } from './features/push/push.service';
import { createUsersRepository } from './features/users/users.repository';
import { usersRoutes } from './features/users/users.routes';
import { createUsersService } from './features/users/users.service';
import { auth } from './plugins/app/auth';
import { errorHandler } from './plugins/app/error-handler';
import { requestLog } from './plugins/app/request-log';
import { startupGate } from './plugins/app/startup-gate';
import { findWebDist, staticFiles } from './plugins/external/static';
import { swaggerDocs } from './plugins/external/swagger';

export interface AppDeps {
  /**
   * The database, or its promise: the app answers `/api` with 503 until it resolves. The
   * caller that passes it also closes it. Without it the app opens and migrates one from
   * `config` and closes it on `app.close()`.
   */
  db?: DbHandle | Promise<DbHandle>;
  sms?: SmsProvider;
  clock?: Clock;
  /** Where log lines go instead of stdout (tests send errors to console.error). */
  logStream?: { write(line: string): void };
}

export type App = FastifyInstance;

/** Builds the whole app (API, docs, web app, media) without listening on a port. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<App> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: { paths: ['req.headers.authorization', 'headers.authorization'], censor: '[redacted]' },
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    // The request-log plugin writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ownsDb = deps.db === undefined;
  const dbRef = new DbRef(deps.db ?? openAndMigrate(config));
  if (ownsDb) {
    dbRef.whenReady.catch((error: unknown) => app.log.fatal({ err: error }, 'the database could not be opened'));
    app.addHook('onClose', async () => {
      const handle = await dbRef.whenReady.catch(() => undefined);
      await handle?.close();
    });
  }
  const clock = deps.clock ?? systemClock;
  const secrets = await loadSecrets(config.dataDir, config.authSecret);
  const sms = deps.sms ?? createSmsProvider(config.sms);

  const sessionsRepository = createSessionsRepository(dbRef);
  const usersService = createUsersService(createUsersRepository(dbRef));
  const authService = createAuthService({
    auth: createAuthRepository(dbRef),
    sessions: sessionsRepository,
    users: usersService,
    sms,
    clock,
    secret: secrets.authSecret,
    sessionTtlDays: config.sessionTtlDays,
    log: app.log,
  });
  const pushService = createPushService(createPushRepository(dbRef));

  await app.register(errorHandler);
  await app.register(requestLog);
  await app.register(swaggerDocs, { publicUrl: config.publicUrl });
  await app.register(startupGate, { dbRef });
  await app.register(auth, { sessions: sessionsRepository, clock });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { dbRef });
      await api.register(authRoutes, { auth: authService });
      await api.register(pushRoutes, { push: pushService });
      await api.register(usersRoutes, { users: usersService });
    },
    { prefix: '/api' },
  );

  await app.register(staticFiles, {
    webDistDir: findWebDist(config.webDistDir),
    mediaDir: mediaDirOf(config),
  });
  return app;
}

export function mediaDirOf(config: Config): string {
  return path.join(config.dataDir, 'media');
}

async function openAndMigrate(config: Config): Promise<DbHandle> {
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(handle.db);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}
