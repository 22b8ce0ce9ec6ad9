import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import webpush from 'web-push';
import { inject } from 'vitest';
import { openDatabase, type DbHandle } from '../../src/core/db/database';
import type { Database } from '../../src/core/db/schema';
import { adminQuery, cloneTemplate, quoteIdent, withDatabase } from '../pg-admin';
import { startPushPeer, type PushPeer } from '../push-peer';
import { startS3Peer, type S3Peer } from '../s3-peer';
import { TEST_REDIS_URL, uniqueRedisPrefix } from '../second-process';
import { seedSosScenario, type SosScenario } from '../sos-scenario';
import { spawnServer, type ServerProcess } from '../spawn-server';
import '../provided';
import { NO_SHEDDING } from '../no-shedding';

/**
 * Two (or more) real server processes on one host, sharing what a horizontally scaled
 * deployment shares: one PostgreSQL database, one Redis, one S3 bucket and one push service.
 * Each process gets its own data directory, so nothing may travel through local disk.
 */

/** The secret both processes sign with (sessions, tracking links); a deployment shares it too. */
export const CLUSTER_AUTH_SECRET = 'cluster-test-secret-cluster-test-secret-42';

/** Registers undo steps as resources are made; `run` undoes them newest first, ignoring failures. */
export class Cleanups {
  readonly #steps: Array<() => Promise<unknown>> = [];
  add(step: () => Promise<unknown>): void {
    this.#steps.push(step);
  }
  async run(): Promise<void> {
    for (const step of this.#steps.splice(0).reverse()) await step().catch(() => undefined);
  }
}

/** A database name the global teardown sweeps if this file crashes before its own cleanup. */
export function scratchDatabaseName(): string {
  return `${inject('pgTemplateDb')}_${randomBytes(4).toString('hex')}`;
}

export interface ClusterDatabase {
  url: string;
  /** The test's own connection, for seeding and for reading what the processes wrote. */
  db: Kysely<Database>;
}

/** A migrated database of this file's own (a copy of the run's template). */
export async function migratedDatabase(cleanups: Cleanups): Promise<ClusterDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const name = scratchDatabaseName();
  await cloneTemplate(adminUrl, name, inject('pgTemplateDb'));
  cleanups.add(() => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
  const url = withDatabase(adminUrl, name);
  const handle: DbHandle = await openDatabase({ databaseUrl: url, dataDir: os.tmpdir(), poolSize: 3 });
  cleanups.add(() => handle.close());
  return { url, db: handle.db };
}

export interface SharedServices {
  push: PushPeer;
  s3: S3Peer;
  vapid: { publicKey: string; privateKey: string };
  redisPrefix: string;
}

export async function startSharedServices(cleanups: Cleanups): Promise<SharedServices> {
  const vapid = webpush.generateVAPIDKeys();
  const [push, s3] = await Promise.all([startPushPeer({ vapidPublicKey: vapid.publicKey }), startS3Peer()]);
  cleanups.add(() => push.close());
  cleanups.add(() => s3.close());
  return { push, s3, vapid, redisPrefix: uniqueRedisPrefix() };
}

/** The environment every process of the cluster shares; `extra` adds or overrides. */
export function clusterEnv(databaseUrl: string, services: SharedServices, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_CHANNEL_PREFIX: services.redisPrefix,
    SEED_DEMO_DATA: 'false',
    AUTH_SECRET: CLUSTER_AUTH_SECRET,
    VAPID_PUBLIC_KEY: services.vapid.publicKey,
    VAPID_PRIVATE_KEY: services.vapid.privateKey,
    OUTBOX_POLL_MS: '100',
    // These tests are about processes sharing work, not about shedding under a busy machine.
    ...NO_SHEDDING,
    ...services.s3.env,
    ...extra,
  };
}

/** Starts one process with its own data directory, stopped (SIGTERM) by the cleanups. */
export async function startProcess(env: Record<string, string>, cleanups: Cleanups): Promise<ServerProcess> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'saathi-proc-'));
  cleanups.add(() => fs.rm(dataDir, { recursive: true, force: true }));
  const server = await spawnServer({ DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web-dist'), ...env }, 90_000);
  cleanups.add(() => server.stop());
  return server;
}

/** Starts two processes side by side (they may race, e.g. for the migrations). */
export function startPair(envA: Record<string, string>, envB: Record<string, string>, cleanups: Cleanups): Promise<[ServerProcess, ServerProcess]> {
  return Promise.all([startProcess(envA, cleanups), startProcess(envB, cleanups)]);
}

/** Resolves once the process has exited, with its exit code and signal. */
export function exitOf(server: ServerProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function api(
  server: { baseUrl: string },
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { ...(options.token ? bearer(options.token) : {}), ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.baseUrl}/api${url}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    // Not JSON: keep the text for the failure message.
  }
  return { status: res.status, body };
}

/** The error code of an error answer (`{ error: { code } }` or `{ code }`). */
export function errorCode(body: unknown): string | undefined {
  const b = body as { code?: unknown; error?: { code?: unknown } } | null;
  const code = b?.error?.code ?? b?.code;
  return typeof code === 'string' ? code : undefined;
}

/** How many pushes each subscription got. */
export function pushesPerSubscription(peer: PushPeer): Map<string, number> {
  const counts = new Map<string, number>();
  for (const push of peer.received) counts.set(push.subscriptionId, (counts.get(push.subscriptionId) ?? 0) + 1);
  return counts;
}

/**
 * A victim and `count` available volunteers within 480 m of `center` (sos-scenario.ts), each
 * subscribed to the shared push peer as `<prefix><i>`.
 */
export function seedSosOnPeer(
  database: ClusterDatabase,
  push: PushPeer,
  options: { center: { latitude: number; longitude: number }; count: number; prefix: string },
): Promise<SosScenario> {
  const { center, count, prefix } = options;
  return seedSosScenario(database.db, { center, count, radiusM: 480, subscriptionFor: (i) => push.subscription(`${prefix}${i}`) });
}

/** How many volunteers the server has recorded as reached, as the victim's own view shows it (-1 when it does not answer). */
export async function volunteersMarkedSent(server: { baseUrl: string }, victimToken: string, eventId: number): Promise<number> {
  const res = await api(server, 'GET', `/sos/${eventId}`, { token: victimToken });
  if (res.status !== 200) return -1;
  return (res.body as { alerted: { kind: string; deliveryStatus: string }[] }).alerted.filter((r) => r.kind === 'volunteer' && r.deliveryStatus === 'sent')
    .length;
}
