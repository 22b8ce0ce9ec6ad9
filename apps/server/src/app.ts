import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createAppContext, type AppDeps } from './app-context';
import type { Config } from './config';
import type { FeaturePlugin } from './feature-plugin';
import type { DeliveryCounter, Metrics } from './core/metrics';
import type { OutboxWorker } from './core/outbox';
import type { EventBus } from './core/realtime';
import { localUploadRoutes } from './core/storage';
import { httpTracing, requestIdOf, traceLogFields } from './core/tracing';
import { adminPlugin } from './features/admin';
import { alertsPlugin } from './features/alerts';
import { smsReceiptsPlugin } from './features/sms-receipts';
import { astroPlugin } from './features/astro';
import { authPlugin } from './features/auth';
import { catalogPlugin } from './features/catalog';
import { certificatesPlugin } from './features/certificates';
import { dataRightsPlugin } from './features/data-rights';
import { eventsPlugin } from './features/events';
import { feedbackPlugin } from './features/feedback';
import { healthPlugin } from './features/health';
import { incidentsPlugin, reelUploadCheck } from './features/incidents';
import { leaderboardPlugin } from './features/leaderboard';
import { newsPagePlugin, newsPlugin } from './features/news';
import { notificationsPlugin } from './features/notifications';
import { postPagePlugin, postsPlugin } from './features/posts';
import { pushPlugin } from './features/push';
import { reelsDeskPlugin } from './features/reels-desk';
import { safetyTimerPlugin } from './features/safety-timer';
import { journeysPlugin } from './features/journeys';
import { moderationPlugin } from './features/moderation';
import { evidenceGuard, sosPlugin } from './features/sos';
import { shortLinkPlugin, trackingPlugin } from './features/tracking';
import { usersPlugin } from './features/users';
import { volunteersPlugin } from './features/volunteers';
import { respondersPlugin } from './features/responders';
import { activity } from './plugins/app/activity';
import { auth } from './plugins/app/auth';
import { errorHandler } from './plugins/app/error-handler';
import { requestLog } from './plugins/app/request-log';
import { httpMetrics } from './plugins/app/http-metrics';
import { loadShedding } from './plugins/app/load-shedding';
import { startupGate } from './plugins/app/startup-gate';
import { contractRoutes } from './plugins/app/contract-routes';
import { strictBodies } from './plugins/app/strict-bodies';
import { storableText } from './plugins/app/storable-text';
import { cookies } from './plugins/external/cookie';
import { securityHeaders } from './plugins/external/security-headers';
import { staticFiles } from './plugins/external/static';
import { compression } from './plugins/external/compression';
import { swaggerDocs } from './plugins/external/swagger';

export type { AppDeps } from './app-context';
export { mediaDirOf } from './app-context';

export type App = FastifyInstance;

declare module 'fastify' {
  interface FastifyInstance {
    /** The delivery worker of the transactional outbox (tests drain it). */
    outbox: OutboxWorker;
    /** The live-event bus (in-process, or Redis pub/sub with REDIS_URL). */
    bus: EventBus;
    /** This app's Prometheus figures: server.ts serves them on the metrics listener. */
    metrics: Metrics;
    /** Deliveries per minute for the status screen, written every few seconds (tests flush it). */
    deliveryCounts: DeliveryCounter;
  }
}

/**
 * The features under `/api`, each one encapsulated plugin that wires its own repositories
 * and services from the app context (docs/architecture.md). Adding a feature adds a line here.
 */
const API_FEATURES: readonly FeaturePlugin[] = [
  healthPlugin,
  postsPlugin,
  catalogPlugin,
  incidentsPlugin,
  authPlugin,
  pushPlugin,
  usersPlugin,
  dataRightsPlugin,
  notificationsPlugin,
  eventsPlugin,
  sosPlugin,
  trackingPlugin,
  volunteersPlugin,
  respondersPlugin,
  leaderboardPlugin,
  certificatesPlugin,
  adminPlugin,
  newsPlugin,
  reelsDeskPlugin,
  moderationPlugin,
  feedbackPlugin,
  astroPlugin,
  safetyTimerPlugin,
  journeysPlugin,
  alertsPlugin,
  smsReceiptsPlugin,
];

/** Builds the whole app (API, docs, web app, media) without listening on a port. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<App> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: { paths: ['req.headers.authorization', 'headers.authorization'], censor: '[redacted]' },
            // trace_id and span_id of the active span (core/tracing), when tracing is on.
            mixin: traceLogFields,
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    // The request-log plugin writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    // A proxy's x-request-id when it is plain, else a random one; echoed in the response (core/tracing).
    genReqId: requestIdOf,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First: the request's span must be active for every hook after it (core/tracing).
  await app.register(httpTracing, { settings: config.tracing });

  // Database, clock, bus, storage, sessions, notifications and the outbox, built once.
  const ctx = await createAppContext(app, config, deps);
  app.decorate('outbox', ctx.outbox);
  app.decorate('bus', ctx.bus);
  app.decorate('metrics', ctx.metrics);
  app.decorate('deliveryCounts', ctx.deliveryCounts);

  // Order matters: these hooks run before every route registered after them.
  await app.register(compression);
  await app.register(errorHandler);
  await app.register(strictBodies);
  await app.register(storableText);
  await app.register(contractRoutes);
  await app.register(requestLog);
  await app.register(httpMetrics, { metrics: ctx.metrics });
  await app.register(securityHeaders, { config, indexHtml: ctx.indexHtml });
  await app.register(cookies);
  await app.register(swaggerDocs, { publicUrl: config.publicUrl });
  await app.register(startupGate, { dbRef: ctx.dbRef });
  // Before auth: a read shed while the process is overloaded costs no session lookup.
  await app.register(loadShedding, { settings: config.shedding, dbWaiting: () => ctx.dbRef.waiting, metrics: ctx.metrics });
  await app.register(evidenceGuard);
  await app.register(auth, {
    sessions: ctx.sessions,
    sosSessions: ctx.sosSessions,
    clock: ctx.clock,
    cookie: ctx.cookie,
    publicOrigin: new URL(config.publicUrl).origin,
    visitorLimiter: ctx.rateLimiter('visitor', config.community.visitorReadsPerMinute),
  });
  await app.register(activity, { onActive: (userId) => ctx.scores.recordActivity(userId) });

  await app.register(postPagePlugin, { ctx });
  await app.register(newsPagePlugin, { ctx });
  await app.register(shortLinkPlugin, { ctx });
  await app.register(
    async (api) => {
      // One upload route for every feature, so it takes the largest of their limits.
      if (ctx.storage.kind === 'local') {
        await api.register(localUploadRoutes, {
          storage: ctx.storage,
          maxBytes: Math.max(config.community.uploadMaxBytes, config.reels.maxBytes),
          check: reelUploadCheck(config.reels.maxBytes),
        });
      }
      for (const feature of API_FEATURES) await api.register(feature, { ctx });
    },
    { prefix: '/api' },
  );

  // Last: the web app's files and the media answer whatever no route above claimed.
  await app.register(staticFiles, { webDistDir: ctx.webDistDir, indexHtml: ctx.indexHtml, mediaDir: ctx.mediaDir });
  return app;
}
