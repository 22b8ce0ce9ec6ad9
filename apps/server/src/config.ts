import path from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_MAP_TILE_ATTRIBUTION,
  DEFAULT_MAP_TILE_URL,
  LOCAL_ALERT_CATEGORIES,
  LOCAL_ALERT_LIMITS,
  SOS_LIMITS,
  type LocalAlertCategory,
} from '@saathi/shared';
import type { SmsSettings } from './core/sms';
import type { ShedSettings } from './plugins/app/load-shedding';
import { SMS_ENV, readSmsTemplateIds, smsProblems, smsSettingsOf } from './sms-config';
import type { S3Config, StorageSettings } from './core/storage';
import { DEFAULT_SENTINEL_NAME, parseSentinels, type SentinelTarget } from './core/redis';
import { TRACES_SAMPLERS, type TracingSettings } from './core/tracing';
import type { ScorePoints } from './domain/scores';

const bool = (fallback: boolean) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((v) => (v === undefined || v === '' ? (fallback ? 'true' : 'false') : v))
    .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' }))
    .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Empty strings count as unset, so `FOO=` in a shell or .env file means "use the default". */
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** OpenStreetMap's public Nominatim (DESIGN.md §6: OpenStreetMap defaults). */
export const DEFAULT_GEOCODER_URL = 'https://nominatim.openstreetmap.org/search';

/** An XYZ tile template: an http(s) URL with {z}, {x} and {y} where the numbers go. */
const TileTemplate = z
  .string()
  .refine((value) => ['{z}', '{x}', '{y}'].every((part) => value.includes(part)), 'must contain {z}, {x} and {y}')
  .refine((value) => /^https?:\/\//.test(value) && URL.canParse(value.replace(/[{}]/g, '')), 'must be an http(s) URL');

const MiB = 1024 * 1024;

/** An upload size limit in bytes: at least 1 KiB, at most `maxMiB` MiB, `defaultMiB` MiB when unset. */
const byteLimit = (maxMiB: number, defaultMiB: number) =>
  z.coerce
    .number()
    .int()
    .min(1024)
    .max(maxMiB * MiB)
    .default(defaultMiB * MiB);

/** Leaderboard points per kind of award (docs/leaderboard.md), unless SCORE_* says otherwise. */
export const DEFAULT_SCORE_POINTS = { referral: 10, referral_location: 3, volunteer_location: 5, active_day: 1, referral_active_day: 1 } as const;

/** Points for one kind of award: 0 turns it off. */
const scorePoints = (defaultPoints: number) => z.coerce.number().int().min(0).max(1000).default(defaultPoints);

/** Default push radius of each local-alert category (ALERT_RADII_M overrides). */
export const DEFAULT_ALERT_RADII_M: Record<LocalAlertCategory, number> = {
  road_accident: 1000,
  fire: 2000,
  flooding: 3000,
  building_collapse: 2000,
  crowd_risk: 1000,
  outage: 3000,
  road_blocked: 1000,
  other_hazard: 1500,
};

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  METRICS_PORT: z.coerce.number().int().min(0).max(65_535).default(9464),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional()),
  /**
   * PostgreSQL connections of each process for everything but the SOS path. Few on purpose: more
   * reads at once on the database server only queue for its cores, and an SOS queues with them
   * (bench:load: 4 against 10 halved the SOS's p95 under load, docs/adr/0022).
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(4),
  /** PostgreSQL connections of each process kept for the SOS path, which reads never take (docs/adr/0022). */
  DATABASE_SOS_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(4),
  /**
   * Overload (docs/adr/0022): the reads that can wait (feed, news, leaderboard, reels, volunteers
   * nearby) answer 503 `busy` with Retry-After at once while the event loop lags this much on
   * average, this many queries wait for a read connection, or the heap holds this share of its
   * limit. 0 turns a measure off.
   */
  SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().min(0).max(60_000).default(200),
  /** Default: twice DATABASE_POOL_SIZE on PostgreSQL; 20 on the embedded database, whose one connection serves quick queries in turn. */
  SHED_DB_WAITING: z.coerce.number().int().min(0).max(100_000).optional(),
  SHED_HEAP_USED_PERCENT: z.coerce.number().min(0).max(100).default(90),
  /** The Retry-After of a shed read, in seconds. */
  SHED_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  REDIS_URL: optionalText.pipe(z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }).optional()),
  /**
   * Redis through Sentinel instead of REDIS_URL (core/redis): `host:port` of each sentinel,
   * separated by commas (checked in crossFieldProblems), the master name they monitor, the
   * sentinels' password and the password of the primary and its replicas.
   */
  REDIS_SENTINELS: optionalText,
  REDIS_SENTINEL_NAME: optionalText.pipe(
    z
      .string()
      .max(200)
      .regex(/^[^\s"']+$/, 'must be the one-word name of `sentinel monitor <name> …`')
      .optional(),
  ),
  REDIS_SENTINEL_PASSWORD: optionalText,
  REDIS_PASSWORD: optionalText,
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  TRUST_PROXY: bool(false),
  WEB_DIST_DIR: optionalText,
  /** SMS_PROVIDER, SMS_FALLBACK_PROVIDER, SMS_*, TWILIO_* and MSG91_* (sms-config.ts). */
  ...SMS_ENV,
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ENDPOINT: optionalText.pipe(z.url().optional()),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_PUBLIC_URL: optionalText.pipe(z.url().optional()),
  S3_FORCE_PATH_STYLE: bool(false),
  /** The bucket of private files (SOS evidence, verification documents): never public, never S3_BUCKET. */
  S3_PRIVATE_BUCKET: optionalText,
  /** Where the app reaches the private bucket, when not at S3_ENDPOINT (no browser ever does). */
  S3_PRIVATE_ENDPOINT: optionalText.pipe(z.url().optional()),
  AUTH_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SEED_DEMO_DATA: z.enum(['auto', 'true', 'false']).default('auto'),
  /** Seconds between widening steps of the volunteer search while nobody has accepted. */
  SOS_ESCALATION_SECONDS: z.coerce.number().min(0.05).max(3600).default(30),
  /** Seconds a verified responder has to answer before the alert passes to the next one. */
  SOS_RESPONDER_TIMEOUT_SECONDS: z.coerce.number().min(0.05).max(3600).default(60),
  /** Volunteer search radii in metres, smallest first. */
  SOS_RADII_M: z
    .string()
    .default('500,1000,2000,5000')
    .transform((v) => v.split(',').map((part) => Number(part.trim())))
    .pipe(
      z
        .array(z.number().int().positive().max(50_000))
        .min(1)
        .max(10)
        .refine((radii) => radii.every((r, i) => i === 0 || r > (radii[i - 1] ?? 0)), 'must be increasing whole metres'),
    ),
  /**
   * Push radius of each local-alert category in metres, 1000 to 3000, as `category:metres` pairs
   * (`fire:3000,outage:2000`); a category left out keeps its default (features/alerts/README.md).
   */
  ALERT_RADII_M: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const radii: Partial<Record<LocalAlertCategory, number>> = {};
      for (const pair of v
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)) {
        const [name, metres] = pair.split(':').map((p) => p.trim());
        const value = Number(metres);
        if (!(LOCAL_ALERT_CATEGORIES as readonly string[]).includes(name ?? '')) {
          ctx.addIssue({ code: 'custom', message: `unknown category ${name}` });
        } else if (!Number.isInteger(value) || value < LOCAL_ALERT_LIMITS.pushRadiusMinM || value > LOCAL_ALERT_LIMITS.pushRadiusMaxM) {
          ctx.addIssue({ code: 'custom', message: `${name}: whole metres from 1000 to 3000` });
        } else radii[name as LocalAlertCategory] = value;
      }
      return { ...DEFAULT_ALERT_RADII_M, ...radii };
    }),
  /**
   * Login codes sent per IP address per hour. Many Indian mobile users share a carrier's
   * address (CGNAT), so an operator may raise it; the end-to-end tests, which all sign in
   * from 127.0.0.1, do.
   */
  OTP_CODES_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  /** SOS alerts one user may raise per 10 minutes (ended ones count too); benchmarks raise it. */
  SOS_MAX_PER_10_MIN: z.coerce.number().int().min(1).max(1000).default(SOS_LIMITS.eventsPerWindow),
  PUSH_PROVIDER: z.enum(['webpush', 'none']).default('webpush'),
  VAPID_SUBJECT: optionalText.pipe(
    z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// URL')
      .optional(),
  ),
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  /** Safety timer stages (features/safety-timer/README.md): the reminder before the end, then the contacts, then the SOS. */
  SAFETY_TIMER_REMINDER_SECONDS: z.coerce.number().min(0).max(3600).default(120),
  SAFETY_TIMER_CONTACTS_AFTER_SECONDS: z.coerce.number().min(0).max(3600).default(120),
  SAFETY_TIMER_SOS_AFTER_SECONDS: z.coerce.number().min(0).max(3600).default(300),
  /** How long a timer minute lasts, in seconds: the end-to-end tests shorten it; production refuses anything but 60. */
  SAFETY_TIMER_MINUTE_SECONDS: z.coerce.number().min(0.01).max(60).default(60),
  /** log2 of scrypt's cost N for the safety PINs (14: 16 MiB, about 50 ms per hash on a server core); tests lower it. */
  SAFETY_PIN_HASH_COST: z.coerce.number().int().min(10).max(20).default(14),
  /** How often the outbox worker looks for due work it was not told about (restarts, retries, escalation). */
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(500),
  /** A claimed outbox row returns to the queue this long after its worker died (renewed while alive). */
  OUTBOX_LEASE_MS: z.coerce.number().int().min(300).max(600_000).default(15_000),
  /** Channel prefix of the Redis event bus; processes sharing it see each other's live events. */
  REDIS_CHANNEL_PREFIX: z.string().min(1).max(100).default('saathi:'),
  /** Nominatim-compatible place search for the volunteers screen; `none` turns place search off. */
  GEOCODER_URL: optionalText.pipe(z.union([z.literal('none'), z.url({ protocol: /^https?$/, error: 'must be an http(s) URL or none' })]).optional()),
  /** Map tiles for the location pickers (XYZ template); `none` shows the coordinate grid only. */
  MAP_TILE_URL: optionalText.pipe(z.union([z.literal('none'), TileTemplate]).optional()),
  /** The credit the tile provider asks for, shown on the map as text. */
  MAP_TILE_ATTRIBUTION: optionalText.pipe(z.string().max(200).optional()),
  /** Volunteers-nearby queries each user may make per minute (a privacy brake, DESIGN.md §8). */
  VOLUNTEERS_NEARBY_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(60),
  /** Community daily limits per user (reset at midnight India time); a per-user row overrides them. */
  DAILY_POST_LIMIT: z.coerce.number().int().min(0).max(10_000).default(5),
  DAILY_LIKE_LIMIT: z.coerce.number().int().min(0).max(100_000).default(100),
  DAILY_COMMENT_LIMIT: z.coerce.number().int().min(0).max(100_000).default(50),
  /** Distinct reporters that hide a post pending review. */
  POST_REPORT_HIDE_THRESHOLD: z.coerce.number().int().min(1).max(1000).default(3),
  /** Largest accepted photo upload, and all photos of one post together, in bytes. */
  POST_IMAGE_MAX_BYTES: byteLimit(100, 10),
  POST_UPLOAD_MAX_BYTES: byteLimit(400, 25),
  /** The feed shows posts within this many kilometres of the reader (docs/community-feed-ranking.md). */
  FEED_RADIUS_KM: z.coerce.number().min(1).max(5000).default(100),
  /**
   * Community reads (feed, a post, its comments) one visitor's IP may make per minute without
   * signing in. Generous: many phones in India share one carrier IP.
   */
  COMMUNITY_VISITOR_READS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(300),
  /** Largest accepted incident reel in bytes (50 MB holds 60 s of recorded webm). */
  REEL_MAX_BYTES: byteLimit(1024, 50),
  /** Leaderboard points per award (docs/leaderboard.md). */
  SCORE_REFERRAL: scorePoints(DEFAULT_SCORE_POINTS.referral),
  SCORE_REFERRAL_LOCATION: scorePoints(DEFAULT_SCORE_POINTS.referral_location),
  SCORE_VOLUNTEER_LOCATION: scorePoints(DEFAULT_SCORE_POINTS.volunteer_location),
  SCORE_ACTIVE_DAY: scorePoints(DEFAULT_SCORE_POINTS.active_day),
  SCORE_REFERRAL_ACTIVE_DAY: scorePoints(DEFAULT_SCORE_POINTS.referral_active_day),
  /**
   * The grievance officer the privacy notice names (India's DPDP Act 2023 asks a data fiduciary
   * to publish how to reach one). Development and tests fall back to a demo contact.
   */
  GRIEVANCE_OFFICER_NAME: optionalText.pipe(z.string().max(120).optional()),
  GRIEVANCE_OFFICER_EMAIL: optionalText.pipe(z.email({ error: 'must be an email address' }).max(200).optional()),
  GRIEVANCE_OFFICER_PHONE: optionalText.pipe(
    z
      .string()
      .regex(/^\+?[0-9][0-9 -]{5,20}$/, 'must be a phone number (digits, spaces, dashes, optional +)')
      .optional(),
  ),
  /** The astrology assistant (issue #18): off answers its API as not found and hides its page. */
  ASTRO_AI_ENABLED: bool(true),
  /** An OpenAI-compatible base URL (`…/v1`); the assistant then asks its `/chat/completions` instead of the built-in answerer. */
  ASTRO_LLM_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  ASTRO_LLM_MODEL: optionalText.pipe(z.string().max(200).optional()),
  ASTRO_LLM_API_KEY: optionalText,
  /**
   * OpenTelemetry tracing (core/tracing, docs/adr/0021), by the standard variables: off unless an
   * OTLP endpoint is named (or OTEL_TRACES_EXPORTER=otlp asks for the default one); spans go out
   * as OTLP over HTTP, JSON. OTEL_EXPORTER_OTLP_HEADERS and the other exporter variables are read
   * by the exporter itself.
   */
  OTEL_SDK_DISABLED: bool(false),
  OTEL_TRACES_EXPORTER: optionalText.pipe(z.enum(['otlp', 'none'], { error: 'must be otlp or none' }).optional()),
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  OTEL_EXPORTER_OTLP_PROTOCOL: optionalText.pipe(
    z.enum(['http/json', 'http/protobuf'], { error: 'this server sends OTLP over HTTP (JSON), not grpc' }).optional(),
  ),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: optionalText.pipe(
    z.enum(['http/json', 'http/protobuf'], { error: 'this server sends OTLP over HTTP (JSON), not grpc' }).optional(),
  ),
  OTEL_SERVICE_NAME: optionalText.pipe(z.string().max(200).optional()),
  OTEL_TRACES_SAMPLER: optionalText.pipe(z.enum(TRACES_SAMPLERS).optional()),
  OTEL_TRACES_SAMPLER_ARG: optionalText.pipe(z.coerce.number<string>().min(0).max(1).optional()),
  /** npm sets INIT_CWD to where `npm start` was typed; workspace scripts run elsewhere. */
  INIT_CWD: optionalText,
});

/**
 * Rules between variables, checked on the raw values so they are reported together with
 * the per-variable problems (a failed object schema would skip its refinements).
 */
function crossFieldProblems(env: Record<string, string | undefined>): string[] {
  const set = (key: string) => (env[key] ?? '').trim() !== '';
  const problems: string[] = [];
  if (env.STORAGE === 's3') {
    for (const key of ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
      if (!set(key)) problems.push(`${key}: is required when STORAGE=s3`);
    }
    if (!set('S3_PRIVATE_BUCKET')) {
      problems.push('S3_PRIVATE_BUCKET: is required when STORAGE=s3 (a bucket of its own, not publicly readable, for SOS evidence and verification documents)');
    } else if (set('S3_BUCKET') && env.S3_PRIVATE_BUCKET?.trim() === env.S3_BUCKET?.trim()) {
      problems.push('S3_PRIVATE_BUCKET: must not be S3_BUCKET, whose objects anyone can read');
    }
  } else {
    for (const key of ['S3_PRIVATE_BUCKET', 'S3_PRIVATE_ENDPOINT']) {
      if (set(key)) problems.push(`${key}: is only used with STORAGE=s3`);
    }
  }
  if (set('VAPID_PUBLIC_KEY') !== set('VAPID_PRIVATE_KEY')) {
    problems.push('VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither (neither generates a pair on first start)');
  }
  const grievance = ['GRIEVANCE_OFFICER_NAME', 'GRIEVANCE_OFFICER_EMAIL', 'GRIEVANCE_OFFICER_PHONE'];
  if (grievance.some(set) && !grievance.every(set)) {
    problems.push(`${grievance.join(', ')}: set all three or none (a notice with half a contact helps nobody)`);
  }
  if (env.NODE_ENV === 'production' && set('SAFETY_TIMER_MINUTE_SECONDS') && Number(env.SAFETY_TIMER_MINUTE_SECONDS) !== 60) {
    problems.push('SAFETY_TIMER_MINUTE_SECONDS: a timer minute is 60 seconds in production');
  }
  if (set('REDIS_SENTINELS')) {
    for (const problem of parseSentinels(env.REDIS_SENTINELS ?? '').problems) problems.push(`REDIS_SENTINELS: ${problem}`);
    if (set('REDIS_URL')) problems.push('REDIS_SENTINELS: set REDIS_URL or REDIS_SENTINELS, not both (with sentinels, they name the primary)');
  } else {
    for (const key of ['REDIS_SENTINEL_NAME', 'REDIS_SENTINEL_PASSWORD']) {
      if (set(key)) problems.push(`${key}: is only used with REDIS_SENTINELS`);
    }
    if (set('REDIS_PASSWORD'))
      problems.push('REDIS_PASSWORD: is only used with REDIS_SENTINELS (with REDIS_URL, the password goes in the URL: redis://:password@host:6379)');
  }
  const publicPort = set('PORT') ? Number(env.PORT) : 3000;
  if (set('METRICS_PORT') && Number(env.METRICS_PORT) !== 0 && Number(env.METRICS_PORT) === publicPort) {
    problems.push('METRICS_PORT: must not be PORT (the metrics are never served on the public port; 0 turns them off)');
  }
  if (env.SEED_DEMO_DATA === 'true' && env.NODE_ENV === 'production') {
    problems.push('SEED_DEMO_DATA: demo data is never seeded in production');
  }
  return problems;
}

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  /** Prometheus metrics on a listener of their own (`/metrics`); port 0: none. */
  metrics: { port: number; host: string };
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Absolute path: PGlite files (`pglite/`), media (`media/`) and generated secrets. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL pool sizes per process: the read pool and the SOS path's own (docs/adr/0022). */
  database: { poolSize: number; sosPoolSize: number };
  /** When the reads that can wait are shed (plugins/app/load-shedding.ts); 0 turns a measure off. */
  shedding: ShedSettings;
  redisUrl: string | undefined;
  /** Redis through Sentinel (REDIS_SENTINELS), instead of `redisUrl`; never both. */
  redisSentinel: SentinelTarget | undefined;
  publicUrl: string;
  trustProxy: boolean;
  /** Where the built web app lives; undefined means "find apps/web/dist". */
  webDistDir: string | undefined;
  sms: SmsSettings;
  /**
   * `s3` is the public media bucket; `privateS3` the private files' bucket (same store and
   * login, another bucket and perhaps another endpoint), which has no public URL.
   */
  storage: StorageSettings;
  authSecret: string | undefined;
  sessionTtlDays: number;
  otpCodesPerIpPerHour: number;
  seedDemoData: boolean;
  sos: { escalationMs: number; radiiM: number[]; maxPerWindow: number; responderTimeoutMs: number };
  push: {
    provider: 'webpush' | 'none';
    /** VAPID `sub` claim; defaults to PUBLIC_URL when it is https, else a mailto: address. */
    vapidSubject: string;
    vapidKeys: { publicKey: string; privateKey: string } | undefined;
  };
  safetyTimer: { reminderBeforeMs: number; contactsAfterMs: number; sosAfterMs: number; minuteMs: number; pinHashCost: number };
  /** Local alerts: the push radius of each category in metres. */
  alerts: { radiiM: Record<LocalAlertCategory, number> };
  outboxPollMs: number;
  outboxLeaseMs: number;
  redisChannelPrefix: string;
  volunteers: { geocoderUrl: string | null; nearbyPerMinute: number };
  map: { tileUrl: string | null; tileAttribution: string };
  community: {
    dailyPostLimit: number;
    dailyLikeLimit: number;
    dailyCommentLimit: number;
    reportHideThreshold: number;
    imageMaxBytes: number;
    uploadMaxBytes: number;
    feedRadiusKm: number;
    visitorReadsPerMinute: number;
  };
  reels: { maxBytes: number };
  scores: { points: ScorePoints };
  /** Null when production has not named one: the privacy notice then says so instead of inventing a contact. */
  grievanceOfficer: GrievanceOfficer | null;
  astro: { enabled: boolean; llm: AstroLlmConfig | null };
  /** OpenTelemetry tracing; null when off (the default). */
  tracing: TracingSettings | null;
}

/** An OpenAI-compatible chat endpoint the astrology assistant may ask (ASTRO_LLM_*). */
export interface AstroLlmConfig {
  url: string;
  model: string;
  apiKey: string | undefined;
}

export interface GrievanceOfficer {
  name: string;
  email: string;
  phone: string;
}

/** Clearly fictional (`.invalid`, a 555 number): outside production the pages still have something to show. */
export const DEMO_GRIEVANCE_OFFICER: GrievanceOfficer = { name: 'Demo Grievance Officer', email: 'grievance@saathi.invalid', phone: '+91 55555 01234' };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration (environment variables):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Each unset field takes the demo value outside production; production needs all three set. */
function grievanceOfficerOf(
  e: { GRIEVANCE_OFFICER_NAME?: string; GRIEVANCE_OFFICER_EMAIL?: string; GRIEVANCE_OFFICER_PHONE?: string },
  isProduction: boolean,
): GrievanceOfficer | null {
  const fallback = isProduction ? undefined : DEMO_GRIEVANCE_OFFICER;
  const name = e.GRIEVANCE_OFFICER_NAME ?? fallback?.name;
  const email = e.GRIEVANCE_OFFICER_EMAIL ?? fallback?.email;
  const phone = e.GRIEVANCE_OFFICER_PHONE ?? fallback?.phone;
  return name && email && phone ? { name, email, phone } : null;
}

/**
 * Tracing is on when an OTLP endpoint is named, or OTEL_TRACES_EXPORTER=otlp asks for the
 * default one (localhost:4318); OTEL_TRACES_EXPORTER=none and OTEL_SDK_DISABLED=true turn it off.
 */
function tracingOf(
  e: {
    OTEL_SDK_DISABLED: boolean;
    OTEL_TRACES_EXPORTER?: 'otlp' | 'none';
    OTEL_EXPORTER_OTLP_ENDPOINT?: string;
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string;
    OTEL_SERVICE_NAME?: string;
    OTEL_TRACES_SAMPLER?: TracingSettings['sampler'];
    OTEL_TRACES_SAMPLER_ARG?: number;
  },
  environment: string,
): TracingSettings | null {
  if (e.OTEL_SDK_DISABLED || e.OTEL_TRACES_EXPORTER === 'none') return null;
  if (!e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT && !e.OTEL_EXPORTER_OTLP_ENDPOINT && e.OTEL_TRACES_EXPORTER !== 'otlp') return null;
  // The signal's own endpoint is used as given; the general one gets the signal's path.
  const endpoint = e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? `${(e.OTEL_EXPORTER_OTLP_ENDPOINT ?? 'http://localhost:4318').replace(/\/+$/, '')}/v1/traces`;
  return {
    endpoint,
    serviceName: e.OTEL_SERVICE_NAME ?? 'saathi',
    environment,
    sampler: e.OTEL_TRACES_SAMPLER ?? 'parentbased_always_on',
    samplerRatio: e.OTEL_TRACES_SAMPLER_ARG ?? 1,
  };
}

/** Parses the environment once; every bad variable is listed in one error. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  const baseDir = (env.INIT_CWD ?? '').trim() || process.cwd();
  // Read at start-up, so a missing or broken file stops the server instead of an SMS later.
  const templates = readSmsTemplateIds((env.SMS_TEMPLATE_IDS ?? '').trim() || undefined, baseDir);
  const problems = [
    ...(parsed.error?.issues ?? []).map((issue) => {
      const key = issue.path.join('.') || '(environment)';
      const given = typeof issue.path[0] === 'string' ? env[issue.path[0]] : undefined;
      return `${key}: ${issue.message}${given === undefined ? '' : ` (got "${given}")`}`;
    }),
    ...crossFieldProblems(env),
    ...templates.problems,
    ...smsProblems(env, templates.templateIds),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  const sms = smsSettingsOf(e, templates.templateIds ?? {});
  let storage: Config['storage'] = { kind: 'local' };
  if (e.STORAGE === 's3') {
    const s3: S3Config = {
      bucket: e.S3_BUCKET as string,
      region: e.S3_REGION as string,
      endpoint: e.S3_ENDPOINT,
      accessKeyId: e.S3_ACCESS_KEY_ID as string,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY as string,
      publicUrl: e.S3_PUBLIC_URL,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
    };
    const privateS3: S3Config = { ...s3, bucket: e.S3_PRIVATE_BUCKET as string, endpoint: e.S3_PRIVATE_ENDPOINT ?? e.S3_ENDPOINT, publicUrl: undefined };
    storage = { kind: 's3', s3, privateS3 };
  }
  const embedded = !e.DATABASE_URL;
  const isProduction = e.NODE_ENV === 'production';
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST },
    logLevel: e.LOG_LEVEL,
    dataDir: path.resolve(baseDir, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    database: { poolSize: e.DATABASE_POOL_SIZE, sosPoolSize: e.DATABASE_SOS_POOL_SIZE },
    shedding: {
      eventLoopDelayMs: e.SHED_EVENT_LOOP_DELAY_MS,
      dbWaiting: e.SHED_DB_WAITING ?? (e.DATABASE_URL ? 2 * e.DATABASE_POOL_SIZE : 20),
      heapUsedPercent: e.SHED_HEAP_USED_PERCENT,
      retryAfterSeconds: e.SHED_RETRY_AFTER_SECONDS,
    },
    redisUrl: e.REDIS_URL,
    redisSentinel: e.REDIS_SENTINELS
      ? {
          sentinels: parseSentinels(e.REDIS_SENTINELS).sentinels,
          name: e.REDIS_SENTINEL_NAME ?? DEFAULT_SENTINEL_NAME,
          sentinelPassword: e.REDIS_SENTINEL_PASSWORD,
          password: e.REDIS_PASSWORD,
        }
      : undefined,
    publicUrl,
    trustProxy: e.TRUST_PROXY,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(baseDir, e.WEB_DIST_DIR) : undefined,
    sms,
    storage,
    authSecret: e.AUTH_SECRET,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    otpCodesPerIpPerHour: e.OTP_CODES_PER_IP_PER_HOUR,
    seedDemoData: e.SEED_DEMO_DATA === 'auto' ? embedded && !isProduction : e.SEED_DEMO_DATA === 'true',
    sos: {
      escalationMs: Math.round(e.SOS_ESCALATION_SECONDS * 1000),
      radiiM: e.SOS_RADII_M,
      maxPerWindow: e.SOS_MAX_PER_10_MIN,
      responderTimeoutMs: Math.round(e.SOS_RESPONDER_TIMEOUT_SECONDS * 1000),
    },
    push: {
      provider: e.PUSH_PROVIDER,
      vapidSubject: e.VAPID_SUBJECT ?? (publicUrl.startsWith('https://') ? publicUrl : 'mailto:alerts@saathi.invalid'),
      vapidKeys: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
    },
    safetyTimer: {
      reminderBeforeMs: Math.round(e.SAFETY_TIMER_REMINDER_SECONDS * 1000),
      contactsAfterMs: Math.round(e.SAFETY_TIMER_CONTACTS_AFTER_SECONDS * 1000),
      sosAfterMs: Math.round(e.SAFETY_TIMER_SOS_AFTER_SECONDS * 1000),
      minuteMs: Math.round(e.SAFETY_TIMER_MINUTE_SECONDS * 1000),
      pinHashCost: e.SAFETY_PIN_HASH_COST,
    },
    alerts: { radiiM: e.ALERT_RADII_M },
    outboxPollMs: e.OUTBOX_POLL_MS,
    outboxLeaseMs: e.OUTBOX_LEASE_MS,
    redisChannelPrefix: e.REDIS_CHANNEL_PREFIX,
    volunteers: {
      geocoderUrl: e.GEOCODER_URL === 'none' ? null : (e.GEOCODER_URL ?? DEFAULT_GEOCODER_URL),
      nearbyPerMinute: e.VOLUNTEERS_NEARBY_PER_MINUTE,
    },
    map: {
      tileUrl: e.MAP_TILE_URL === 'none' ? null : (e.MAP_TILE_URL ?? DEFAULT_MAP_TILE_URL),
      tileAttribution: e.MAP_TILE_ATTRIBUTION ?? DEFAULT_MAP_TILE_ATTRIBUTION,
    },
    community: {
      dailyPostLimit: e.DAILY_POST_LIMIT,
      dailyLikeLimit: e.DAILY_LIKE_LIMIT,
      dailyCommentLimit: e.DAILY_COMMENT_LIMIT,
      reportHideThreshold: e.POST_REPORT_HIDE_THRESHOLD,
      imageMaxBytes: e.POST_IMAGE_MAX_BYTES,
      uploadMaxBytes: e.POST_UPLOAD_MAX_BYTES,
      feedRadiusKm: e.FEED_RADIUS_KM,
      visitorReadsPerMinute: e.COMMUNITY_VISITOR_READS_PER_MINUTE,
    },
    reels: { maxBytes: e.REEL_MAX_BYTES },
    grievanceOfficer: grievanceOfficerOf(e, isProduction),
    astro: {
      enabled: e.ASTRO_AI_ENABLED,
      llm: e.ASTRO_LLM_URL ? { url: e.ASTRO_LLM_URL.replace(/\/+$/, ''), model: e.ASTRO_LLM_MODEL ?? 'gpt-4o-mini', apiKey: e.ASTRO_LLM_API_KEY } : null,
    },
    tracing: tracingOf(e, e.NODE_ENV),
    scores: {
      points: {
        referral: e.SCORE_REFERRAL,
        referral_location: e.SCORE_REFERRAL_LOCATION,
        volunteer_location: e.SCORE_VOLUNTEER_LOCATION,
        active_day: e.SCORE_ACTIVE_DAY,
        referral_active_day: e.SCORE_REFERRAL_ACTIVE_DAY,
      },
    },
  };
}
