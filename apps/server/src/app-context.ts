import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { systemClock, type Clock } from './core/clock';
import { openDatabase, type DbHandle } from './core/db/database';
import { DbRef } from './core/db/db-ref';
import { migrateToLatest } from './core/db/migrate';
import { createDeliveryCounter, createMetrics, type DeliveryChannel, type DeliveryOutcome } from './core/metrics';
import { createOutboxRepository, createOutboxWorker } from './core/outbox';
import { createDisabledPushSender, createPushSubscriptionsRepository, createWebPushSender, createWorkerTransport, loadVapidKeys } from './core/push';
import { createRateLimiter } from './core/rate-limit/rate-limiter';
import { createRedisRateLimiter } from './core/rate-limit/redis-rate-limiter';
import { createMemoryBus, createRedisBus } from './core/realtime';
import { createRedisClient, type RedisTarget } from './core/redis';
import { loadSecrets } from './core/secrets';
import { createSessionsRepository } from './core/sessions/sessions.repository';
import { createSmsDispatch, createSmsGateways, SMS_TOPIC, TWILIO_STATUS_CALLBACK_PATH, type SmsProvider } from './core/sms';
import { createPrivateStorage, createStorage } from './core/storage';
import { tracedPushTransport, tracedSmsGateways } from './core/tracing';
import { createNotificationsRepository, createNotificationsService } from './core/notifications';
import { createScoresRepository, createScoresService } from './domain/scores';
import { createAlertsDeliveryHandlers } from './features/alerts';
import { createNewsDeliveryHandlers } from './features/news';
import { readiness } from './features/health';
import { createJourneyHandlers } from './features/journeys';
import {
  createSafetyTimerHandlers,
  createSafetyTimerRepository,
  createSafetyTimerService,
  createSafetyTimerWork,
  type SafetyTimerDeliveryDeps,
} from './features/safety-timer';
import { createSosDeliveryHandlers, createSosRepository, markContactTexted } from './features/sos';
import { sessionCookie } from './plugins/app/session-cookie';
import { findWebDist } from './plugins/external/static';
import { readIndexHtml } from './core/http/preview-page';
import type { AppContext } from './feature-plugin';

/** How often each process adds its delivery counts to the shared table (the status screen's freshness). */
const DELIVERY_COUNTS_FLUSH_MS = 10_000;

export interface AppDeps {
  /**
   * The database, or its promise: the app answers `/api` with 503 until it resolves. The
   * caller that passes it also closes it. Without it the app opens and migrates one from
   * `config` and closes it on `app.close()`.
   */
  db?: DbHandle | Promise<DbHandle>;
  /** The SMS gateway instead of the configured one (tests), and its fallback. */
  sms?: SmsProvider;
  smsFallback?: SmsProvider;
  clock?: Clock;
  /**
   * This process is the only user of the database (the embedded one is opened by one
   * process), so outbox leases found at start belong to a stopped process and are freed.
   */
  exclusiveDb?: boolean;
  /** Where log lines go instead of stdout (tests send errors to console.error). */
  logStream?: { write(line: string): void };
}

/**
 * Builds the app-wide pieces (AppContext, feature-plugin.ts) and ties their lifetimes to the
 * app: the outbox starts once the database is ready and stops (preClose) before the database
 * closes (onClose).
 */
export async function createAppContext(app: FastifyInstance, config: Config, deps: AppDeps): Promise<AppContext> {
  const log = app.log;
  const ownsDb = deps.db === undefined;
  const dbRef = new DbRef(deps.db ?? openAndMigrate(config));
  if (ownsDb) {
    dbRef.whenReady.catch((error: unknown) => log.fatal({ err: error }, 'the database could not be opened'));
    app.addHook('onClose', async () => {
      const handle = await dbRef.whenReady.catch(() => undefined);
      await handle?.close();
    });
  }
  const clock = deps.clock ?? systemClock;
  const secrets = await loadSecrets(config.dataDir, config.authSecret);
  // Every delivery is counted twice: in this process's Prometheus figures, and in the shared
  // per-minute table the status screen reads (whichever process answers it).
  const metrics = createMetrics();
  const deliveryCounts = createDeliveryCounter({ dbRef, clock, flushMs: DELIVERY_COUNTS_FLUSH_MS, log });
  const delivered = (channel: DeliveryChannel, outcome: DeliveryOutcome, n = 1) => {
    metrics.delivered(channel, outcome, n);
    deliveryCounts.add(channel, outcome, n);
  };
  const gateways = deps.sms
    ? { primary: deps.sms, fallback: deps.smsFallback ?? null }
    : createSmsGateways(config.sms, { statusCallbackUrl: `${config.publicUrl}${TWILIO_STATUS_CALLBACK_PATH}` });
  // The SOS path's pool (docs/adr/0022): the outbox, the SMS and push it delivers through, the
  // SOS and safety-timer handlers. News and local alerts keep their own queries on the read pool.
  const sosDbRef = dbRef.sos;
  const sms = createSmsDispatch({
    dbRef: sosDbRef,
    gateways: tracedSmsGateways(gateways),
    clock,
    sendNowLeaseMs: 2 * config.sms.timeoutMs + 5_000,
    log,
    count: (outcome) => delivered('sms', outcome),
    // An SOS contact counts as reached once a gateway took their SMS (the all-clear follows it).
    onAccepted: async (trx, message, now) => {
      if (message.sosNotificationId !== null) await markContactTexted(trx, message.sosNotificationId, now);
    },
  });

  // Live events, push and the outbox: SOS alerts reach people through these.
  const redis = redisTargetOf(config);
  const bus = redis
    ? await createRedisBus({
        redis,
        prefix: config.redisChannelPrefix,
        onError: (error) => log.warn({ reason: String(error) }, 'redis event bus error'),
      })
    : createMemoryBus();
  const rateLimiter = await createLimiters(app, config, clock);
  const vapid = await loadVapidKeys(config.dataDir, config.push.vapidKeys);
  const pushSender =
    config.push.provider === 'webpush'
      ? createWebPushSender({
          subscriptions: createPushSubscriptionsRepository(sosDbRef),
          vapid,
          subject: config.push.vapidSubject,
          clock,
          log,
          transport: tracedPushTransport(createWorkerTransport(10_000, (error) => log.warn({ reason: String(error) }, 'push worker error'))),
          count: (outcome, n) => delivered('push', outcome, n),
        })
      : createDisabledPushSender(vapid.publicKey);
  const notificationsOn = (ref: DbRef) =>
    createNotificationsService({
      notifications: createNotificationsRepository(ref),
      bus,
      push: pushSender,
      clock,
      log,
      countInApp: (n) => delivered('inapp', 'ok', n),
    });
  const notifications = notificationsOn(dbRef);
  const sosNotifications = notificationsOn(sosDbRef);
  const sosRepository = createSosRepository(sosDbRef, clock);
  // The timers' escalation work, shared by their own handlers and the journeys' (a journey is a timer).
  const safetyTimerDeps: SafetyTimerDeliveryDeps = {
    dbRef: sosDbRef,
    notifications: sosNotifications,
    bus,
    clock,
    config,
    secret: secrets.authSecret,
    sms,
    kick: () => outbox.kick(),
    metrics,
    log,
  };
  const safetyTimerWork = createSafetyTimerWork(safetyTimerDeps);
  const outbox = createOutboxWorker({
    repository: createOutboxRepository(sosDbRef),
    handlers: {
      ...createSosDeliveryHandlers({
        sos: sosRepository,
        notifications: sosNotifications,
        sms,
        bus,
        clock,
        secret: secrets.authSecret,
        publicUrl: config.publicUrl,
        radiiM: config.sos.radiiM,
        escalationMs: config.sos.escalationMs,
        responderTimeoutMs: config.sos.responderTimeoutMs,
        metrics,
        log,
      }),
      ...createNewsDeliveryHandlers({ dbRef, notifications }),
      ...createSafetyTimerHandlers(safetyTimerDeps, safetyTimerWork),
      ...createJourneyHandlers({
        dbRef: sosDbRef,
        notifications: sosNotifications,
        timers: createSafetyTimerService({ timers: createSafetyTimerRepository(sosDbRef), clock, offsets: config.safetyTimer }),
        work: safetyTimerWork,
        clock,
        timing: config.safetyTimer,
        log,
      }),
      ...createAlertsDeliveryHandlers({ dbRef, notifications, config }),
      [SMS_TOPIC]: sms.handler,
    },
    clock,
    log,
    pollMs: config.outboxPollMs,
    leaseMs: config.outboxLeaseMs,
    // Only the server process (it owns the embedded database) may free leases at start;
    // an app built around a shared handle (tests, a second instance) must not.
    releaseLeasesOnStart: () => (deps.exclusiveDb ?? ownsDb) && dbRef.kind === 'pglite',
    // At a shutdown, pushes still waiting on a push service end, and their jobs go back to the
    // queue for another process to take at once.
    abortInFlight: () => pushSender.close(),
    onJobStarted: (topic, latenessSeconds) => metrics.outboxJobStarted(topic, latenessSeconds),
  });
  // A scrape reads through the SOS pool: when the read pool is saturated is when its figures matter.
  const outboxRepository = createOutboxRepository(sosDbRef);
  metrics.watch({
    outbox: () => (sosDbRef.ready ? outboxRepository.stats(clock()) : Promise.reject(new Error('the database is not open yet'))),
    dbPoolWaiting: () => ({ read: dbRef.waiting, sos: sosDbRef.waiting }),
    ready: async () => {
      const checks = await readiness({ dbRef: sosDbRef, bus, outbox });
      return Object.values(checks).every((state) => state === 'ok' || state === 'not_configured');
    },
  });
  let closing = false;
  dbRef.whenReady
    .then(async () => {
      if (closing) return;
      await sosRepository.warmUp().catch((error: unknown) => log.warn({ reason: String(error) }, 'SOS warm-up query failed'));
      if (!closing) outbox.startUnlessTold();
      if (!closing) deliveryCounts.start();
    })
    .catch(() => undefined);
  // Before the database closes: finish the work in hand, then stop the bus.
  app.addHook('preClose', async () => {
    closing = true;
    await outbox.stop();
    await deliveryCounts.stop();
  });
  app.addHook('onClose', async () => {
    await pushSender.close();
    await bus.close();
  });

  const mediaDir = mediaDirOf(config);
  const storage = createStorage(config, mediaDir, secrets.authSecret);
  app.addHook('onClose', async () => storage.close());
  const privateStorage = createPrivateStorage(config, mediaDir);
  app.addHook('onClose', async () => privateStorage.close());

  const webDistDir = findWebDist(config.webDistDir);
  return {
    config,
    dbRef,
    clock,
    secrets,
    sms,
    bus,
    storage,
    privateStorage,
    sessions: createSessionsRepository(dbRef),
    sosSessions: createSessionsRepository(sosDbRef),
    cookie: sessionCookie(config),
    log,
    mediaDir,
    webDistDir,
    indexHtml: readIndexHtml(webDistDir),
    vapidPublicKey: vapid.publicKey,
    rateLimiter,
    notifications,
    sosNotifications,
    outbox,
    metrics,
    deliveryCounts,
    scores: createScoresService({ scores: createScoresRepository(dbRef), points: config.scores.points, clock }),
  };
}

/** The app's Redis: REDIS_URL, or the primary the sentinels of REDIS_SENTINELS name; none in the embedded setup. */
function redisTargetOf(config: Config): RedisTarget | undefined {
  return config.redisSentinel ?? config.redisUrl;
}

/** Rate-limit counts shared by every process on Redis (REDIS_URL or REDIS_SENTINELS); in memory for the single embedded process. */
async function createLimiters(app: FastifyInstance, config: Config, clock: Clock): Promise<AppContext['rateLimiter']> {
  const redis = redisTargetOf(config);
  const limitsRedis = redis ? createRedisClient(redis, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 }) : undefined;
  if (limitsRedis) {
    limitsRedis.on('error', (error: unknown) => app.log.warn({ reason: String(error) }, 'redis rate-limit connection error'));
    await limitsRedis.connect();
    app.addHook('onClose', async () => {
      await limitsRedis.quit().catch(() => undefined);
    });
  }
  return (name, limit, windowMs = 60_000) => {
    const inMemory = createRateLimiter({ limit, windowMs, clock });
    if (!limitsRedis) return inMemory;
    return createRedisRateLimiter({
      redis: limitsRedis,
      prefix: `${config.redisChannelPrefix}limit:${name}:`,
      limit,
      windowMs,
      clock,
      onError: (error) => app.log.warn({ reason: String(error) }, 'redis rate limit unavailable; counting in memory'),
      fallback: inMemory,
    });
  };
}

export function mediaDirOf(config: Config): string {
  return path.join(config.dataDir, 'media');
}

async function openAndMigrate(config: Config): Promise<DbHandle> {
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.database.poolSize,
    sosPoolSize: config.database.sosPoolSize,
  });
  try {
    await migrateToLatest(handle.db);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}
