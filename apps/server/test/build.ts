import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type DbHandle, type DbKind } from '../src/core/db/database';
import type { Database } from '../src/core/db/schema';
import { createFactory, type Factory, type UserOverrides } from './factory';
import { adminQuery, cloneTemplate, quoteIdent, withDatabase } from './pg-admin';
import { createRecordingSms, type RecordingSms } from './recording-sms';
import { createTestClock, type TestClock } from './test-clock';
import './provided';
import './wasm-compile-cache';
import { NO_SHEDDING } from './no-shedding';

export const TEST_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123';

export interface TestApp {
  app: App;
  /** The read pool's database (the SOS path's is `handle.sosDb`). */
  db: Kysely<Database>;
  handle: DbHandle;
  kind: DbKind;
  config: Config;
  dataDir: string;
  /** The SMS gateway the app sends through (unless built with `gateways: 'configured'`). */
  sms: RecordingSms;
  /** Its fallback (SMS_FALLBACK_PROVIDER), when built with `fallback: true`. */
  smsFallback: RecordingSms;
  clock: TestClock;
  factory: Factory;
  /** A bearer token for `user` (see factory.loginAs). */
  loginAs: Factory['loginAs'];
}

/** Which database this project runs on (vitest.config.ts sets it per project). */
export function testDbKind(): DbKind {
  return process.env.SAATHI_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/** A private database for this test file: a copy of the migrated template. */
async function openTestDatabase(dataDir: string): Promise<{ handle: DbHandle; drop: () => Promise<void> }> {
  if (testDbKind() === 'postgres') {
    const adminUrl = inject('pgAdminUrl');
    const template = inject('pgTemplateDb');
    // Named after the template so the global teardown can sweep copies a crash left behind.
    const name = `${template}_${randomBytes(4).toString('hex')}`;
    await cloneTemplate(adminUrl, name, template);
    const handle = await openDatabase({ databaseUrl: withDatabase(adminUrl, name), dataDir, poolSize: 4 });
    return { handle, drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`) };
  }
  await fs.cp(inject('pgliteTemplateDir'), dataDir, { recursive: true });
  return { handle: await openDatabase({ dataDir }), drop: async () => undefined };
}

/**
 * Builds the app once for the calling test file on its own database copy, and closes both
 * after the file. Returns an object whose fields are filled in `beforeAll`. `env` may be a
 * function, read in `beforeAll`, when it depends on a peer an earlier `beforeAll` starts.
 */
export interface BuildOptions {
  /** `configured`: send SMS through the gateways the env configures (tests against the gateways' peers). */
  gateways?: 'recording' | 'configured';
  /** Give the recording gateway a recording fallback. */
  fallback?: boolean;
}

export function build(env: Record<string, string> | (() => Record<string, string>) = {}, options: BuildOptions = {}): TestApp {
  const ctx = {} as TestApp;
  let drop: () => Promise<void> = async () => undefined;
  let handle: DbHandle | undefined;

  beforeAll(async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'saathi-test-'));
    const opened = await openTestDatabase(dataDir);
    handle = opened.handle;
    drop = opened.drop;
    const config = loadConfig({
      NODE_ENV: 'test',
      // Errors reach console.error, so an unexpected 500 fails the test (setup-loud.ts).
      LOG_LEVEL: 'error',
      DATA_DIR: dataDir,
      AUTH_SECRET: TEST_AUTH_SECRET,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-dist'),
      ...NO_SHEDDING,
      ...(typeof env === 'function' ? env() : env),
    });
    const sms = createRecordingSms('recording');
    const smsFallback = createRecordingSms('recording-fallback');
    const clock = createTestClock();
    const logStream = { write: (line: string) => console.error(line.trimEnd()) };
    const gateways = options.gateways === 'configured' ? {} : { sms, ...(options.fallback ? { smsFallback } : {}) };
    const app = await buildApp(config, { db: handle, ...gateways, clock: clock.now, logStream });
    await app.ready();
    const factory = createFactory(() => handle!.db);
    Object.assign(ctx, {
      app,
      db: handle.db,
      handle,
      kind: handle.kind,
      config,
      dataDir,
      sms,
      smsFallback,
      clock,
      factory,
      loginAs: factory.loginAs.bind(factory),
    });
  });

  afterAll(async () => {
    await ctx.app?.close();
    await handle?.close();
    await drop();
    if (ctx.dataDir) await fs.rm(ctx.dataDir, { recursive: true, force: true });
  });

  return ctx;
}

/** `Authorization` header for a token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A user made and signed in before the calling file's (or describe's) tests: their id and token. */
export function signedInUser(t: TestApp, overrides: UserOverrides = {}): { id: number; token: string } {
  const signedIn = { id: 0, token: '' };
  beforeAll(async () => {
    const user = await t.factory.user(overrides);
    Object.assign(signedIn, { id: user.id, token: await t.loginAs(user) });
  });
  return signedIn;
}
