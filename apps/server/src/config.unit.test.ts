import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../test/temp-dirs';
import { ConfigError, DEMO_GRIEVANCE_OFFICER, loadConfig } from './config';
import { SMS_TEMPLATE_KEYS } from './sms-config';

describe('loadConfig', () => {
  it('gives working embedded defaults from an empty environment', () => {
    const config = loadConfig({ INIT_CWD: '/srv/saathi' });
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('/srv/saathi', 'data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      publicUrl: 'http://localhost:3000',
      sms: { gateway: { kind: 'console' }, fallback: null, dlt: { entityId: undefined, senderId: undefined, templateIds: {} }, timeoutMs: 10_000 },
      storage: { kind: 'local' },
      sessionTtlDays: 30,
      seedDemoData: true,
    });
  });

  it('sheds reads when twice the read pool waits on PostgreSQL, 20 on the embedded database, or as set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/saathi' }).database.poolSize).toBe(4);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/saathi' }).shedding.dbWaiting).toBe(8);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/saathi', DATABASE_POOL_SIZE: '6' }).shedding.dbWaiting).toBe(12);
    expect(loadConfig({}).shedding.dbWaiting).toBe(20);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/saathi', SHED_DB_WAITING: '0' }).shedding.dbWaiting).toBe(0);
  });

  it('does not seed with PostgreSQL or in production unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/saathi' }).seedDemoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/saathi', SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
  });

  it('takes a map tile template, none, or refuses one without {z}/{x}/{y}', () => {
    expect(loadConfig({}).map).toEqual({ tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', tileAttribution: '© OpenStreetMap contributors' });
    expect(loadConfig({ MAP_TILE_URL: 'https://tiles.example.in/{z}/{x}/{y}.webp', MAP_TILE_ATTRIBUTION: '© Example Maps' }).map).toEqual({
      tileUrl: 'https://tiles.example.in/{z}/{x}/{y}.webp',
      tileAttribution: '© Example Maps',
    });
    expect(loadConfig({ MAP_TILE_URL: 'none' }).map.tileUrl).toBeNull();
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.in/tile.png' })).toThrow(/MAP_TILE_URL.*\{z\}/);
    expect(() => loadConfig({ MAP_TILE_URL: 'ftp://tiles.example.in/{z}/{x}/{y}.png' })).toThrow(/MAP_TILE_URL.*http/);
  });

  it('treats empty values as unset and derives PUBLIC_URL from PORT', () => {
    const config = loadConfig({ PORT: '8080', DATABASE_URL: '', PUBLIC_URL: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:8080');
  });

  it('lists every bad variable in one error', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x/y', SMS_PROVIDER: 'http', STORAGE: 's3', S3_BUCKET: 'media', NODE_ENV: 'staging' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    const keys = problems.map((p) => p.split(':')[0]);
    expect(keys).toEqual(expect.arrayContaining(['PORT', 'DATABASE_URL', 'NODE_ENV', 'SMS_HTTP_URL', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']));
    expect(message).toContain('PORT: ');
    expect(message).toContain('(got "eighty")');
    expect(message).toContain('SMS_HTTP_URL: is required when SMS_PROVIDER=http');
  });

  it('names a demo grievance officer outside production only, and wants all three fields or none', () => {
    expect(loadConfig({}).grievanceOfficer).toEqual(DEMO_GRIEVANCE_OFFICER);
    expect(loadConfig({ NODE_ENV: 'production' }).grievanceOfficer).toBeNull();
    const officer = { GRIEVANCE_OFFICER_NAME: 'A. Sharma', GRIEVANCE_OFFICER_EMAIL: 'grievance@example.in', GRIEVANCE_OFFICER_PHONE: '+91 22 4000 1234' };
    expect(loadConfig({ NODE_ENV: 'production', ...officer }).grievanceOfficer).toEqual({
      name: 'A. Sharma',
      email: 'grievance@example.in',
      phone: '+91 22 4000 1234',
    });
    expect(() => loadConfig({ GRIEVANCE_OFFICER_NAME: 'A. Sharma' })).toThrow(/set all three or none/);
    expect(() => loadConfig({ ...officer, GRIEVANCE_OFFICER_EMAIL: 'not-an-email' })).toThrow(/GRIEVANCE_OFFICER_EMAIL: must be an email address/);
  });

  it('refuses demo data in production and short auth secrets', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO_DATA: 'true' })).toThrow(/SEED_DEMO_DATA/);
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET: must be at least 32 characters/);
  });

  it('builds the http SMS and S3 settings when selected', () => {
    const config = loadConfig({
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'https://sms.example/send',
      SMS_HTTP_TOKEN: 'tok',
      STORAGE: 's3',
      S3_BUCKET: 'media',
      S3_REGION: 'ap-south-1',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PRIVATE_BUCKET: 'media-private',
    });
    expect(config.sms.gateway).toEqual({ kind: 'http', url: 'https://sms.example/send', token: 'tok' });
    expect(config.storage).toMatchObject({
      kind: 's3',
      s3: { bucket: 'media', region: 'ap-south-1', forcePathStyle: true },
      privateS3: { bucket: 'media-private', region: 'ap-south-1', forcePathStyle: true, publicUrl: undefined },
    });
  });

  it('asks S3 storage for a private bucket of its own, optionally at its own endpoint', () => {
    const s3 = { STORAGE: 's3', S3_BUCKET: 'media', S3_REGION: 'ap-south-1', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(() => loadConfig(s3)).toThrow(/S3_PRIVATE_BUCKET: is required when STORAGE=s3/);
    expect(() => loadConfig({ ...s3, S3_PRIVATE_BUCKET: 'media' })).toThrow(/S3_PRIVATE_BUCKET: must not be S3_BUCKET/);
    expect(() => loadConfig({ ...s3, S3_PRIVATE_BUCKET: 'media', S3_PRIVATE_ENDPOINT: 'http://minio:9000' })).toThrow(
      /S3_PRIVATE_BUCKET: must not be S3_BUCKET/,
    );
    expect(() => loadConfig({ ...s3, S3_PRIVATE_BUCKET: 'private', S3_PRIVATE_ENDPOINT: 'minio' })).toThrow(/S3_PRIVATE_ENDPOINT/);
    expect(() => loadConfig({ S3_PRIVATE_BUCKET: 'private' })).toThrow(/S3_PRIVATE_BUCKET: is only used with STORAGE=s3/);
    const config = loadConfig({ ...s3, S3_ENDPOINT: 'https://saathi.example', S3_PUBLIC_URL: 'https://cdn.example', S3_PRIVATE_BUCKET: 'private' });
    expect(config.storage).toMatchObject({ privateS3: { bucket: 'private', endpoint: 'https://saathi.example', publicUrl: undefined } });
    const apart = loadConfig({ ...s3, S3_PRIVATE_BUCKET: 'private', S3_PRIVATE_ENDPOINT: 'http://minio:9000' });
    expect(apart.storage).toMatchObject({ s3: { endpoint: undefined }, privateS3: { bucket: 'private', endpoint: 'http://minio:9000' } });
  });
});

describe('boolean variables', () => {
  it('accept true/false in any case and reject other words', () => {
    expect(loadConfig({ TRUST_PROXY: 'TRUE' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY: must be true or false/);
  });

  it('reads the safety timer stages, its minute and the PIN hash cost, and keeps a real minute in production', () => {
    expect(loadConfig({}).safetyTimer).toEqual({ reminderBeforeMs: 120_000, contactsAfterMs: 120_000, sosAfterMs: 300_000, minuteMs: 60_000, pinHashCost: 14 });
    const custom = loadConfig({
      SAFETY_TIMER_REMINDER_SECONDS: '1',
      SAFETY_TIMER_CONTACTS_AFTER_SECONDS: '0.5',
      SAFETY_TIMER_SOS_AFTER_SECONDS: '2',
      SAFETY_TIMER_MINUTE_SECONDS: '0.2',
      SAFETY_PIN_HASH_COST: '10',
    });
    expect(custom.safetyTimer).toEqual({ reminderBeforeMs: 1000, contactsAfterMs: 500, sosAfterMs: 2000, minuteMs: 200, pinHashCost: 10 });
    expect(() => loadConfig({ NODE_ENV: 'production', SAFETY_TIMER_MINUTE_SECONDS: '1', AUTH_SECRET: 'x'.repeat(32) })).toThrow(/SAFETY_TIMER_MINUTE_SECONDS/);
    expect(() => loadConfig({ SAFETY_PIN_HASH_COST: '9' })).toThrow(/SAFETY_PIN_HASH_COST/);
  });

  it('reads the SOS, push and outbox settings with working defaults', () => {
    const defaults = loadConfig({});
    expect(defaults.sos).toEqual({ escalationMs: 30_000, radiiM: [500, 1000, 2000, 5000], maxPerWindow: 3, responderTimeoutMs: 60_000 });
    expect(defaults.push).toEqual({ provider: 'webpush', vapidSubject: 'mailto:alerts@saathi.invalid', vapidKeys: undefined });
    expect(defaults.outboxPollMs).toBe(500);
    const custom = loadConfig({
      SOS_ESCALATION_SECONDS: '0.5',
      SOS_RADII_M: '300, 900',
      SOS_MAX_PER_10_MIN: '50',
      SOS_RESPONDER_TIMEOUT_SECONDS: '2',
      PUBLIC_URL: 'https://saathi.example',
      VAPID_PUBLIC_KEY: 'pub',
      VAPID_PRIVATE_KEY: 'priv',
    });
    expect(custom.sos).toEqual({ escalationMs: 500, radiiM: [300, 900], maxPerWindow: 50, responderTimeoutMs: 2000 });
    expect(custom.push).toMatchObject({ vapidSubject: 'https://saathi.example', vapidKeys: { publicKey: 'pub', privateKey: 'priv' } });
    expect(() => loadConfig({ SOS_RADII_M: '1000,500' })).toThrow(/SOS_RADII_M/);
    expect(() => loadConfig({ SOS_MAX_PER_10_MIN: '0' })).toThrow(/SOS_MAX_PER_10_MIN/);
    expect(() => loadConfig({ SOS_MAX_PER_10_MIN: '2.5' })).toThrow(/SOS_MAX_PER_10_MIN/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'pub' })).toThrow(/set both or neither/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://x' })).toThrow(/VAPID_SUBJECT/);
  });

  it('takes the login codes allowed per IP address per hour, 20 unless set', () => {
    expect(loadConfig({}).otpCodesPerIpPerHour).toBe(20);
    expect(loadConfig({ OTP_CODES_PER_IP_PER_HOUR: '500' }).otpCodesPerIpPerHour).toBe(500);
    expect(() => loadConfig({ OTP_CODES_PER_IP_PER_HOUR: '0' })).toThrow(/OTP_CODES_PER_IP_PER_HOUR/);
    expect(() => loadConfig({ OTP_CODES_PER_IP_PER_HOUR: 'many' })).toThrow(/OTP_CODES_PER_IP_PER_HOUR/);
  });
});

describe('astrology assistant settings', () => {
  it('is on without a language model by default; ASTRO_LLM_* name an OpenAI-compatible endpoint', () => {
    expect(loadConfig({}).astro).toEqual({ enabled: true, llm: null });
    expect(loadConfig({ ASTRO_AI_ENABLED: 'false' }).astro.enabled).toBe(false);
    expect(loadConfig({ ASTRO_LLM_URL: 'http://127.0.0.1:8080/v1/', ASTRO_LLM_MODEL: 'jyotish-small', ASTRO_LLM_API_KEY: 'k' }).astro.llm).toEqual({
      url: 'http://127.0.0.1:8080/v1',
      model: 'jyotish-small',
      apiKey: 'k',
    });
    expect(loadConfig({ ASTRO_LLM_URL: 'https://llm.example/v1' }).astro.llm).toEqual({
      url: 'https://llm.example/v1',
      model: 'gpt-4o-mini',
      apiKey: undefined,
    });
    expect(() => loadConfig({ ASTRO_LLM_URL: 'ftp://llm.example' })).toThrow(/ASTRO_LLM_URL: must be an http\(s\) URL/);
    expect(() => loadConfig({ ASTRO_AI_ENABLED: 'sometimes' })).toThrow(/ASTRO_AI_ENABLED/);
  });
});

describe('tracing settings (OTEL_*)', () => {
  it('is off unless an OTLP endpoint is named, and OTEL_TRACES_EXPORTER=none or OTEL_SDK_DISABLED turn it off', () => {
    expect(loadConfig({}).tracing).toBeNull();
    expect(loadConfig({ OTEL_SERVICE_NAME: 'x', OTEL_TRACES_SAMPLER: 'always_on' }).tracing).toBeNull();
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(loadConfig({ ...endpoint, OTEL_TRACES_EXPORTER: 'none' }).tracing).toBeNull();
    expect(loadConfig({ ...endpoint, OTEL_SDK_DISABLED: 'true' }).tracing).toBeNull();
    expect(loadConfig({ ...endpoint, OTEL_EXPORTER_OTLP_ENDPOINT: '' }).tracing).toBeNull();
  });

  it('posts to <endpoint>/v1/traces, or to the traces endpoint as given, as service saathi, parent-based always on', () => {
    expect(loadConfig({ NODE_ENV: 'production', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/', AUTH_SECRET: 'x'.repeat(32) }).tracing).toEqual({
      endpoint: 'http://collector:4318/v1/traces',
      serviceName: 'saathi',
      environment: 'production',
      sampler: 'parentbased_always_on',
      samplerRatio: 1,
    });
    expect(
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://tempo.example/otlp/v1/traces' }).tracing
        ?.endpoint,
    ).toBe('https://tempo.example/otlp/v1/traces');
    // OTEL_TRACES_EXPORTER=otlp alone means the default collector on this machine.
    expect(loadConfig({ OTEL_TRACES_EXPORTER: 'otlp' }).tracing?.endpoint).toBe('http://localhost:4318/v1/traces');
    expect(
      loadConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_SERVICE_NAME: 'saathi-mumbai',
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0.25',
      }).tracing,
    ).toMatchObject({ serviceName: 'saathi-mumbai', sampler: 'parentbased_traceidratio', samplerRatio: 0.25 });
  });

  it('refuses what it cannot do: grpc, other exporters, unknown samplers, ratios outside 0 to 1', () => {
    const problems = problemsOf({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
      OTEL_TRACES_EXPORTER: 'zipkin',
      OTEL_TRACES_SAMPLER: 'sometimes',
      OTEL_TRACES_SAMPLER_ARG: '2',
    });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'OTEL_EXPORTER_OTLP_ENDPOINT',
      'OTEL_EXPORTER_OTLP_PROTOCOL',
      'OTEL_TRACES_EXPORTER',
      'OTEL_TRACES_SAMPLER',
      'OTEL_TRACES_SAMPLER_ARG',
    ]);
    expect(problems.join('\n')).toMatch(/OTEL_EXPORTER_OTLP_PROTOCOL: this server sends OTLP over HTTP \(JSON\), not grpc/);
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf' }).tracing).not.toBeNull();
  });
});

/** The problems loadConfig lists for `env` (none: an empty list). */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('SMS settings', () => {
  const newDir = tempDirs('saathi-sms-config-');
  const TWILIO = { TWILIO_ACCOUNT_SID: `AC${'0a'.repeat(16)}`, TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM: 'SAATHI' };
  const MSG91 = { MSG91_AUTH_KEY: 'key' };
  /** A template id file in a fresh directory; INIT_CWD points there, so the relative name resolves. */
  async function templateFile(content: unknown): Promise<{ INIT_CWD: string; SMS_TEMPLATE_IDS: string }> {
    const dir = await newDir();
    await fs.writeFile(path.join(dir, 'templates.json'), typeof content === 'string' ? content : JSON.stringify(content));
    return { INIT_CWD: dir, SMS_TEMPLATE_IDS: 'templates.json' };
  }
  const allIds = () => Object.fromEntries(SMS_TEMPLATE_KEYS.map((key, i) => [key, `1207169100000000${String(i).padStart(3, '0')}`]));

  it('builds each gateway, defaults the API URLs, and the DLT registration', async () => {
    const msg91 = loadConfig({
      SMS_PROVIDER: 'msg91',
      ...MSG91,
      MSG91_WEBHOOK_TOKEN: 'w'.repeat(16),
      SMS_DLT_ENTITY_ID: '1201159100000012345',
      SMS_SENDER_ID: 'saathi',
    });
    expect(msg91.sms).toEqual({
      gateway: { kind: 'msg91', authKey: 'key', apiUrl: 'https://control.msg91.com', webhookToken: 'w'.repeat(16) },
      fallback: null,
      dlt: { entityId: '1201159100000012345', senderId: 'SAATHI', templateIds: {} },
      timeoutMs: 10_000,
    });
    const twilio = loadConfig({
      SMS_PROVIDER: 'twilio',
      ...TWILIO,
      TWILIO_API_URL: 'http://127.0.0.1:4010/',
      SMS_FALLBACK_PROVIDER: 'msg91',
      ...MSG91,
      MSG91_API_URL: 'https://api.msg91.com',
    });
    expect(twilio.sms.gateway).toEqual({
      kind: 'twilio',
      ...{ accountSid: TWILIO.TWILIO_ACCOUNT_SID, authToken: 'token', from: 'SAATHI' },
      messagingServiceSid: undefined,
      apiUrl: 'http://127.0.0.1:4010',
    });
    expect(twilio.sms.fallback).toEqual({ kind: 'msg91', authKey: 'key', apiUrl: 'https://api.msg91.com', webhookToken: undefined });
    expect(loadConfig({ SMS_PROVIDER: 'twilio', ...TWILIO }).sms.gateway).toMatchObject({ apiUrl: 'https://api.twilio.com' });
    const ids = await templateFile({ 'sosContact.hi-IN': ' 1207169100000000012 ', 'loginCode.en-US': 'abc-123' });
    expect(loadConfig(ids).sms.dlt.templateIds).toEqual({ 'sosContact.hi-IN': '1207169100000000012', 'loginCode.en-US': 'abc-123' });
  });

  it('names each variable a chosen gateway needs, as primary or as fallback', () => {
    expect(problemsOf({ SMS_PROVIDER: 'msg91' })).toEqual(['MSG91_AUTH_KEY: is required when SMS_PROVIDER=msg91']);
    expect(problemsOf({ SMS_PROVIDER: 'twilio' })).toEqual([
      'TWILIO_ACCOUNT_SID: is required when SMS_PROVIDER=twilio',
      'TWILIO_AUTH_TOKEN: is required when SMS_PROVIDER=twilio',
      'TWILIO_FROM, TWILIO_MESSAGING_SERVICE_SID: one is required when SMS_PROVIDER=twilio (the sender, or a messaging service that picks it)',
    ]);
    expect(problemsOf({ SMS_PROVIDER: 'twilio', ...TWILIO, TWILIO_FROM: '', TWILIO_MESSAGING_SERVICE_SID: `MG${'1'.repeat(32)}` })).toEqual([]);
    expect(problemsOf({ SMS_PROVIDER: 'msg91', ...MSG91, SMS_FALLBACK_PROVIDER: 'http' })).toEqual([
      'SMS_HTTP_URL: is required when SMS_FALLBACK_PROVIDER=http',
    ]);
  });

  it('wants a fallback other than the primary, and no console fallback in production', () => {
    expect(problemsOf({ SMS_PROVIDER: 'msg91', ...MSG91, SMS_FALLBACK_PROVIDER: 'msg91' })).toEqual([
      'SMS_FALLBACK_PROVIDER: must differ from SMS_PROVIDER (both are msg91)',
    ]);
    expect(problemsOf({ SMS_FALLBACK_PROVIDER: 'console' })).toEqual(['SMS_FALLBACK_PROVIDER: must differ from SMS_PROVIDER (both are console)']);
    expect(loadConfig({ SMS_PROVIDER: 'msg91', ...MSG91, SMS_FALLBACK_PROVIDER: 'console' }).sms.fallback).toEqual({ kind: 'console' });
    expect(problemsOf({ NODE_ENV: 'production', SMS_PROVIDER: 'msg91', ...MSG91, SMS_FALLBACK_PROVIDER: 'console' })).toContain(
      'SMS_FALLBACK_PROVIDER: console sends nothing, so it is no fallback in production',
    );
  });

  it('refuses malformed values', () => {
    const problems = problemsOf({
      SMS_PROVIDER: 'carrier-pigeon',
      SMS_FALLBACK_PROVIDER: 'fax',
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_MESSAGING_SERVICE_SID: 'MG1',
      TWILIO_API_URL: 'ftp://api.twilio.com',
      SMS_SENDER_ID: 'SAATHI1',
      SMS_DLT_ENTITY_ID: 'entity',
      MSG91_WEBHOOK_TOKEN: 'short',
    });
    expect(problems.map((p) => p.split(':')[0])).toEqual(
      expect.arrayContaining([
        'SMS_PROVIDER',
        'SMS_FALLBACK_PROVIDER',
        'TWILIO_ACCOUNT_SID',
        'TWILIO_MESSAGING_SERVICE_SID',
        'TWILIO_API_URL',
        'SMS_SENDER_ID',
        'SMS_DLT_ENTITY_ID',
        'MSG91_WEBHOOK_TOKEN',
      ]),
    );
    expect(problems).toContain('SMS_SENDER_ID: must be the 6-letter DLT header (got "SAATHI1")');
  });

  it('reads the template id file at start-up and says what is wrong with it', async () => {
    const at = (env: { INIT_CWD: string }) => path.join(env.INIT_CWD, 'templates.json');
    const missing = { INIT_CWD: await newDir(), SMS_TEMPLATE_IDS: 'nowhere.json' };
    expect(problemsOf(missing)).toEqual([`SMS_TEMPLATE_IDS: ${path.join(missing.INIT_CWD, 'nowhere.json')} cannot be read (ENOENT)`]);
    const notJson = await templateFile('{"loginCode.en-US": ');
    expect(problemsOf(notJson)).toEqual([expect.stringMatching(new RegExp(`^SMS_TEMPLATE_IDS: ${at(notJson)} is not JSON \\(`))]);
    const list = await templateFile(['1207169100000000001']);
    expect(problemsOf(list)).toEqual([`SMS_TEMPLATE_IDS: ${at(list)} must hold one JSON object: {"sosContact.hi-IN": "<template id>", …}`]);
    const wrong = await templateFile({
      'sosContct.hi-IN': '1',
      'loginCode.en': '2',
      'loginCode.hi-IN': 3,
      'loginCode.gu-IN': 'has space',
      'sosContact.en-US': '4',
    });
    expect(problemsOf(wrong)).toEqual([
      `SMS_TEMPLATE_IDS: ${at(wrong)}: unknown template sosContct.hi-IN (keys are name.language, e.g. sosContact.hi-IN)`,
      `SMS_TEMPLATE_IDS: ${at(wrong)}: unknown template loginCode.en (keys are name.language, e.g. sosContact.hi-IN)`,
      `SMS_TEMPLATE_IDS: ${at(wrong)}: loginCode.hi-IN must be a template id (letters, digits, - or _)`,
      `SMS_TEMPLATE_IDS: ${at(wrong)}: loginCode.gu-IN must be a template id (letters, digits, - or _)`,
    ]);
  });

  it('in production with a real gateway, wants an id for every template in every language', async () => {
    const production = { NODE_ENV: 'production', SMS_PROVIDER: 'twilio', ...TWILIO };
    expect(problemsOf(production)).toEqual([
      'SMS_TEMPLATE_IDS: is required in production with SMS_PROVIDER=twilio: carriers in India deliver only SMS that match a registered DLT template',
    ]);
    const { 'loginCode.gu-IN': _a, 'timerAllClear.en-US': _b, ...partial } = allIds();
    expect(problemsOf({ ...production, ...(await templateFile(partial)) })).toEqual([
      'SMS_TEMPLATE_IDS: no template id in production with SMS_PROVIDER=twilio for loginCode.gu-IN, timerAllClear.en-US',
    ]);
    const empty = await templateFile({});
    expect(problemsOf({ NODE_ENV: 'production', SMS_PROVIDER: 'console', SMS_FALLBACK_PROVIDER: 'msg91', ...MSG91, ...empty })).toEqual([
      `SMS_TEMPLATE_IDS: no template id in production with SMS_PROVIDER=console and SMS_FALLBACK_PROVIDER=msg91 for ${SMS_TEMPLATE_KEYS.join(', ')}`,
    ]);
    const complete = loadConfig({ ...production, ...(await templateFile(allIds())) });
    expect(Object.keys(complete.sms.dlt.templateIds)).toHaveLength(SMS_TEMPLATE_KEYS.length);
    // Outside production, or with the console alone, nothing is asked.
    expect(problemsOf({ SMS_PROVIDER: 'twilio', ...TWILIO })).toEqual([]);
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([]);
  });

  it('in production with a real gateway, keeps SMS links within 30 characters: a host of at most 15', async () => {
    const production = { NODE_ENV: 'production', SMS_PROVIDER: 'msg91', ...MSG91, ...(await templateFile(allIds())) };
    expect(problemsOf({ ...production, PUBLIC_URL: 'https://saathi.in' })).toEqual([]);
    expect(problemsOf({ ...production, PUBLIC_URL: 'https://sa.example.in/app' })).toEqual([]);
    // abcdefghijk.com/t/ and 12 characters: exactly 30.
    expect(problemsOf({ ...production, PUBLIC_URL: 'https://abcdefghijk.com' })).toEqual([]);
    expect(problemsOf({ ...production, PUBLIC_URL: 'https://abcdefghijkl.com' })).toEqual([
      expect.stringMatching(/^PUBLIC_URL: its host abcdefghijkl.com has 16 characters/),
    ]);
    expect(problemsOf({ ...production, PUBLIC_URL: 'https://saathi.example.in' })).toEqual([
      'PUBLIC_URL: its host saathi.example.in has 17 characters; SMS links (host/t/ and 12 characters) fit a DLT variable only with a host of at most 15: use a shorter domain',
    ]);
    expect(problemsOf({ ...production, PUBLIC_URL: 'https://saathi.co.in:8443' })).toEqual([
      expect.stringMatching(/^PUBLIC_URL: its host saathi.co.in:8443 has 17 characters/),
    ]);
    expect(problemsOf({ NODE_ENV: 'production', PUBLIC_URL: 'https://saathi.example.in' })).toEqual([]);
  });
});
