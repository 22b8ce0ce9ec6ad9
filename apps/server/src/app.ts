import path from 'node:path';
import { Redis } from 'ioredis';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { systemClock, type Clock } from './core/clock';
import { openDatabase, type DbHandle } from './core/db/database';
import { DbRef } from './core/db/db-ref';
import { migrateToLatest } from './core/db/migrate';
import { loadSecrets } from './core/secrets';
import { createOutboxRepository, createOutboxWorker, type OutboxWorker } from './core/outbox';
import { createDisabledPushSender, createPushSubscriptionsRepository, createWebPushSender, createWorkerTransport, loadVapidKeys } from './core/push';
import { createMemoryBus, createRedisBus, type EventBus } from './core/realtime';
import { createSmsProvider, type SmsProvider } from './core/sms';
import { createStorage, localUploadRoutes } from './core/storage';
import { createAuthRepository } from './features/auth/auth.repository';
import { authRoutes } from './features/auth/auth.routes';
import { createAuthService } from './features/auth/auth.service';
import { createSessionsRepository } from './features/auth/sessions.repository';
import { createEventTicketsRepository } from './features/events/events.repository';
import { eventsRoutes } from './features/events/events.routes';
import { healthRoutes } from './features/health/health.routes';
import { createNotificationsRepository } from './features/notifications/notifications.repository';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { createNotificationsService } from './features/notifications/notifications.service';
import { createPushRepository } from './features/push/push.repository';
import { pushRoutes } from './features/push/push.routes';
import { createPushService } from './features/push/push.service';
import { evidenceGuard } from './features/sos/evidence-guard';
import { createSosDeliveryHandlers } from './features/sos/sos-delivery';
import { createSosEvidenceRepository } from './features/sos/sos-evidence.repository';
import { sosEvidenceRoutes } from './features/sos/sos-evidence.routes';
import { createSosEvidenceService } from './features/sos/sos-evidence.service';
import { createSosFeedbackRepository } from './features/sos/sos-feedback.repository';
import { sosFeedbackRoutes } from './features/sos/sos-feedback.routes';
import { createSosFeedbackService } from './features/sos/sos-feedback.service';
import { createSosRepository } from './features/sos/sos.repository';
import { sosRoutes } from './features/sos/sos.routes';
import { createSosService } from './features/sos/sos.service';
import { createTrackingRepository } from './features/tracking/tracking.repository';
import { trackingRoutes } from './features/tracking/tracking.routes';
import { createUsersRepository } from './features/users/users.repository';
import { usersRoutes } from './features/users/users.routes';
import { createUsersService } from './features/users/users.service';
import { createRateLimiter } from './features/volunteers/rate-limiter';
import { createRedisRateLimiter } from './features/volunteers/redis-rate-limiter';
import { createVolunteersRepository } from './features/volunteers/volunteers.repository';
import { volunteersRoutes } from './features/volunteers/volunteers.routes';
import { createVolunteersService } from './features/volunteers/volunteers.service';
import { createCommunity } from './features/community/community.plugin';
import { incidentsPlugin } from './features/incidents/incidents.plugin';
import { auth } from './plugins/app/auth';
import { errorHandler } from './plugins/app/error-handler';
import { requestLog } from './plugins/app/request-log';
import { startupGate } from './plugins/app/startup-gate';
import { strictBodies } from './plugins/app/strict-bodies';
import { sessionCookie } from './plugins/app/session-cookie';
import { cookies } from './plugins/external/cookie';
import { securityHeaders } from './plugins/external/security-headers';
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
  /**
   * This process is the only user of the database (the embedded one is opened by one
   * process), so outbox leases found at start belong to a stopped process and are freed.
   */
  exclusiveDb?: boolean;
  /** Where log lines go instead of stdout (tests send errors to console.error). */
  logStream?: { write(line: string): void };
}

export type App = FastifyInstance;

declare module 'fastify' {
  interface FastifyInstance {
    /** The delivery worker of the transactional outbox (tests drain it). */
    outbox: OutboxWorker;
    /** The live-event bus (in-process, or Redis pub/sub with REDIS_URL). */
    bus: EventBus;
  }
}

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
  const usersService = createUsersService(createUsersRepository(dbRef), clock);
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

  // Live events, push and the outbox: SOS alerts reach people through these.
  const bus = config.redisUrl
    ? await createRedisBus({
        url: config.redisUrl,
        prefix: config.redisChannelPrefix,
        onError: (error) => app.log.warn({ reason: String(error) }, 'redis event bus error'),
      })
    : createMemoryBus();
  // Rate-limit counts shared by every process on REDIS_URL; in memory for the single embedded process.
  const limitsRedis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 }) : undefined;
  if (limitsRedis) {
    limitsRedis.on('error', (error: unknown) => app.log.warn({ reason: String(error) }, 'redis rate-limit connection error'));
    await limitsRedis.connect();
    app.addHook('onClose', async () => {
      await limitsRedis.quit().catch(() => undefined);
    });
  }
  const perMinuteLimiter = (name: string, limit: number) => {
    const inMemory = createRateLimiter({ limit, windowMs: 60_000, clock });
    if (!limitsRedis) return inMemory;
    return createRedisRateLimiter({
      redis: limitsRedis,
      prefix: `${config.redisChannelPrefix}limit:${name}:`,
      limit,
      windowMs: 60_000,
      clock,
      onError: (error) => app.log.warn({ reason: String(error) }, 'redis rate limit unavailable; counting in memory'),
      fallback: inMemory,
    });
  };
  const vapid = await loadVapidKeys(config.dataDir, config.push.vapidKeys);
  const pushSender =
    config.push.provider === 'webpush'
      ? createWebPushSender({
          subscriptions: createPushSubscriptionsRepository(dbRef),
          vapid,
          subject: config.push.vapidSubject,
          clock,
          log: app.log,
          transport: createWorkerTransport(10_000, (error) => app.log.warn({ reason: String(error) }, 'push worker error')),
        })
      : createDisabledPushSender(vapid.publicKey);
  const notificationsService = createNotificationsService({ notifications: createNotificationsRepository(dbRef), bus, push: pushSender, clock, log: app.log });
  const sosRepository = createSosRepository(dbRef);
  const outbox: OutboxWorker = createOutboxWorker({
    repository: createOutboxRepository(dbRef),
    handlers: createSosDeliveryHandlers({
      sos: sosRepository,
      notifications: notificationsService,
      sms,
      bus,
      clock,
      secret: secrets.authSecret,
      publicUrl: config.publicUrl,
      radiiM: config.sos.radiiM,
      escalationMs: config.sos.escalationMs,
      log: app.log,
    }),
    clock,
    log: app.log,
    pollMs: config.outboxPollMs,
    leaseMs: config.outboxLeaseMs,
    // Only the server process (it owns the embedded database) may free leases at start;
    // an app built around a shared handle (tests, a second instance) must not.
    releaseLeasesOnStart: () => (deps.exclusiveDb ?? ownsDb) && dbRef.kind === 'pglite',
  });
  const sosService = createSosService({
    sos: sosRepository,
    bus,
    clock,
    radiiM: config.sos.radiiM,
    maxPerWindow: config.sos.maxPerWindow,
    kick: () => outbox.kick(),
    log: app.log,
  });
  app.decorate('outbox', outbox);
  app.decorate('bus', bus);
  let closing = false;
  dbRef.whenReady
    .then(async () => {
      if (closing) return;
      await sosRepository.warmUp().catch((error: unknown) => app.log.warn({ reason: String(error) }, 'SOS warm-up query failed'));
      if (!closing) outbox.start();
    })
    .catch(() => undefined);
  // Before the database closes: finish the work in hand, then stop the bus.
  app.addHook('preClose', async () => {
    closing = true;
    await outbox.stop();
  });
  app.addHook('onClose', async () => {
    await pushSender.close();
    await bus.close();
  });

  await app.register(errorHandler);
  await app.register(strictBodies);
  await app.register(requestLog);
  await app.register(securityHeaders, { config });
  await app.register(cookies);
  await app.register(swaggerDocs, { publicUrl: config.publicUrl });
  await app.register(startupGate, { dbRef });
  await app.register(evidenceGuard);
  const cookie = sessionCookie(config);
  await app.register(auth, {
    sessions: sessionsRepository,
    clock,
    cookie,
    publicOrigin: new URL(config.publicUrl).origin,
    visitorLimiter: perMinuteLimiter('visitor', config.community.visitorReadsPerMinute),
  });

  // The one media store every feature that keeps public files writes to (STORAGE).
  const storage = createStorage(config, mediaDirOf(config), secrets.authSecret);
  app.addHook('onClose', async () => storage.close());
  const community = createCommunity({ config, dbRef, clock, storage, webDistDir: findWebDist(config.webDistDir) });
  await app.register(community.page);
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { dbRef });
      await api.register(community.api);
      // One upload route for every feature, so it takes the largest of their limits.
      if (storage.kind === 'local') await api.register(localUploadRoutes, { storage, maxBytes: Math.max(config.community.uploadMaxBytes, config.reels.maxBytes) });
      await api.register(incidentsPlugin, { dbRef, storage, maxBytes: config.reels.maxBytes, publicUrl: config.publicUrl });
      await api.register(authRoutes, { auth: authService, cookie });
      await api.register(pushRoutes, { push: pushService });
      await api.register(usersRoutes, { users: usersService });
      await api.register(notificationsRoutes, { notifications: notificationsService, vapidPublicKey: vapid.publicKey });
      await api.register(eventsRoutes, { bus, tickets: createEventTicketsRepository(dbRef), sessions: sessionsRepository, clock, cookie });
      await api.register(sosFeedbackRoutes, {
        feedback: createSosFeedbackService({ feedback: createSosFeedbackRepository(dbRef), sos: sosService, clock }),
      });
      await api.register(sosRoutes, { sos: sosService });
      await api.register(sosEvidenceRoutes, {
        evidence: createSosEvidenceService({ evidence: createSosEvidenceRepository(dbRef), sos: sosService, mediaDir: mediaDirOf(config), clock }),
      });
      await api.register(trackingRoutes, { tracking: createTrackingRepository(dbRef), clock });
      await api.register(volunteersRoutes, {
        volunteers: createVolunteersService({
          volunteers: createVolunteersRepository(dbRef),
          nearbyLimiter: perMinuteLimiter('nearby', config.volunteers.nearbyPerMinute),
          clock,
        }),
        publicConfig: { geocoderUrl: config.volunteers.geocoderUrl, mapTileUrl: config.map.tileUrl, mapTileAttribution: config.map.tileAttribution },
      });
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
