import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_GRIEVANCE_OFFICER, loadConfig } from './config';

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
      sms: { provider: 'console' },
      storage: { kind: 'local' },
      sessionTtlDays: 30,
      seedDemoData: true,
    });
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
    expect(config.sms).toEqual({ provider: 'http', url: 'https://sms.example/send', token: 'tok' });
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
