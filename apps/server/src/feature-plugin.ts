// What the composition root hands every feature. The types live here, not in app-context.ts,
// because app-context.ts imports features (their outbox handlers): a feature that imported it
// back would close a circle.
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Config } from './config';
import type { Clock } from './core/clock';
import type { DbRef } from './core/db/db-ref';
import type { DeliveryCounter, Metrics } from './core/metrics';
import type { NotificationsService } from './core/notifications';
import type { OutboxWorker } from './core/outbox';
import type { RateLimiter } from './core/rate-limit/rate-limiter';
import type { EventBus } from './core/realtime';
import type { ServerSecrets } from './core/secrets';
import type { SessionsRepository } from './core/sessions/sessions.repository';
import type { SmsDispatch } from './core/sms';
import type { MediaStorage, PrivateStorage } from './core/storage';
import type { ScoresService } from './domain/scores';
import type { SessionCookie } from './plugins/app/session-cookie';

/**
 * What every feature plugin receives: the typed config and the app-wide pieces, built once
 * by app.ts. A feature builds its own repositories and services from these.
 */
export interface AppContext {
  config: Config;
  /** The database for everything but the SOS path; `dbRef.sos` is the SOS path's (docs/adr/0022). */
  dbRef: DbRef;
  clock: Clock;
  secrets: ServerSecrets;
  /** Every SMS goes through it: codes at once, alerts kept and retried (core/sms). */
  sms: SmsDispatch;
  /** Live events (in-process, or Redis pub/sub with REDIS_URL). */
  bus: EventBus;
  /** The one media store every feature that keeps public files writes to (STORAGE). */
  storage: MediaStorage;
  /** Private files (SOS evidence, verification documents): read only through the owner- or moderator-checked API. */
  privateStorage: PrivateStorage;
  /** Session lookup shared by the auth hook, the auth routes and the event stream. */
  sessions: SessionsRepository;
  /** The same lookups on the SOS path's pool: the auth hook of the SOS path's calls uses it. */
  sosSessions: SessionsRepository;
  cookie: SessionCookie;
  log: FastifyBaseLogger;
  mediaDir: string;
  webDistDir: string | undefined;
  /** The built index.html as read at start (core/http/preview-page.ts), undefined when not built. */
  indexHtml: string | undefined;
  vapidPublicKey: string;
  /** A limiter of `limit` per `windowMs` (a minute by default), counted in Redis when REDIS_URL is set, else in memory. */
  rateLimiter(name: string, limit: number, windowMs?: number): RateLimiter;
  /** In-app notifications with push (SOS delivery and the notifications routes). */
  notifications: NotificationsService;
  /** The same service on the SOS path's pool (SOS and safety-timer deliveries). */
  sosNotifications: NotificationsService;
  /** The transactional outbox that delivers SOS alerts (the SOS service kicks it). */
  outbox: OutboxWorker;
  /** This process's Prometheus figures (core/metrics), served on the metrics listener. */
  metrics: Metrics;
  /** Deliveries per minute in the shared table the status screen reads. */
  deliveryCounts: DeliveryCounter;
  /** The points ledger: features that change what earns points tell it (docs/leaderboard.md). */
  scores: ScoresService;
}

/** The options of every feature plugin. */
export interface FeatureOptions {
  ctx: AppContext;
}

/** A feature's plugin, exported by its index.ts: an encapsulated plugin registered under `/api`. */
export type FeaturePlugin = FastifyPluginAsync<FeatureOptions>;
