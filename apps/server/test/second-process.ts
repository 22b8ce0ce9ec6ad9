import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import { TEST_AUTH_SECRET, type TestApp } from './build';
import { NO_SHEDDING } from './no-shedding';

/** The local Redis (CI runs one too); override with TEST_REDIS_URL. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** One key and channel prefix per run and file, so parallel runs never share counts or hear each other. */
export const uniqueRedisPrefix = () => `saathi-test:${process.pid}:${randomBytes(4).toString('hex')}:`;

/**
 * A second server process in all but name: its own app, bus connection, limiters and outbox
 * worker over the same database, SMS provider and clock as `t`, configured with `env`.
 */
export async function buildSecondProcess(t: TestApp, env: Record<string, string>): Promise<App> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    DATA_DIR: t.dataDir,
    AUTH_SECRET: TEST_AUTH_SECRET,
    WEB_DIST_DIR: path.join(t.dataDir, 'no-web-dist'),
    ...NO_SHEDDING,
    ...env,
  });
  const logStream = { write: (line: string) => console.error(line.trimEnd()) };
  return buildApp(config, { db: { db: t.db, kind: t.kind, close: async () => undefined }, sms: t.sms, clock: t.clock.now, logStream });
}
