import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, openSync, closeSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtAppEnv } from './built-app.mjs';
import type { FullConfig } from '@playwright/test';
import pg from 'pg';
import { ENV_BASE_URL, ENV_SERVER_LOG, workerEnvName } from './env';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverEntry = path.join(repoRoot, 'apps/server/dist/server.js');
const webDist = path.join(repoRoot, 'apps/web/dist');
const webIndex = path.join(webDist, 'index.html');
const artifactsDir = path.join(repoRoot, 'e2e/artifacts');
// A fresh database is created, migrated and seeded before health turns green:
// 10 s on an idle machine, 30 s or more on a busy CI runner.
const HEALTH_TIMEOUT_MS = 120_000;

/**
 * Starts the built app the way production runs it (`node apps/server/dist/server.js`), once
 * per Playwright worker, each on a free port with its own throw-away DATA_DIR and seeded
 * database (serverDatabase), and captures each one's stdout (where the console SMS provider prints
 * login codes) to `e2e/artifacts/server-<n>.log`. A worker finds its server through
 * `requiredEnv` (env.ts). Returns the teardown.
 */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  ensureBuilt();
  mkdirSync(artifactsDir, { recursive: true });
  const servers = await Promise.allSettled(Array.from({ length: config.workers }, (_, index) => startServer(index)));
  const started = servers.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const teardown = async () => {
    await Promise.all(started.map((server) => server.stop()));
  };
  const failed = servers.find((result) => result.status === 'rejected');
  if (failed) {
    await teardown();
    throw failed.reason;
  }
  started.forEach((server, index) => {
    process.env[workerEnvName(ENV_BASE_URL, index)] = server.baseUrl;
    process.env[workerEnvName(ENV_SERVER_LOG, index)] = server.logPath;
  });
  return teardown;
}

async function startServer(index: number): Promise<{ baseUrl: string; logPath: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'saathi-e2e-'));
  // Serve a snapshot of the web build, so a rebuild during the run (hashed file names
  // change) cannot pull the assets from under the browser.
  const webSnapshot = path.join(dataDir, 'web');
  await fs.cp(webDist, webSnapshot, { recursive: true });
  const logPath = path.join(artifactsDir, `server-${index}.log`);
  const database = await serverDatabase(index);
  const logFd = openSync(logPath, 'w');
  const baseUrl = `http://127.0.0.1:${port}`;

  const server = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    // Its own process group, so teardown also ends anything the server started.
    detached: true,
    stdio: ['ignore', logFd, logFd],
    env: builtAppEnv(
      { port, dataDir: path.join(dataDir, 'data'), webDir: webSnapshot },
      {
        LOG_LEVEL: 'info',
        // Every test signs in from 127.0.0.1: one address stands for many people here.
        OTP_CODES_PER_IP_PER_HOUR: '1000',
        // Safety timers in seconds, not minutes: a 5-minute timer runs out in 5 s (safety-timer.spec.ts).
        SAFETY_TIMER_MINUTE_SECONDS: '1',
        SAFETY_TIMER_REMINDER_SECONDS: '2',
        SAFETY_TIMER_CONTACTS_AFTER_SECONDS: '2',
        // Browsers, the embedded database and several test workers share two cores here: the
        // event loop's delay says more about this machine than about the app. Reads are still
        // shed when the read queue backs up (SHED_DB_WAITING).
        SHED_EVENT_LOOP_DELAY_MS: '0',
        ...database.env,
      },
    ),
  });
  closeSync(logFd);

  const teardown = async () => {
    const cpu = cpuSeconds(server.pid);
    await stop(server);
    if (cpu !== null) console.log(`[e2e] server ${index} (${database.kind}) used ${cpu.toFixed(1)} s of CPU`);
    await fs.rm(dataDir, { recursive: true, force: true });
    await database.drop();
  };

  try {
    await waitForHealth(baseUrl, server, logPath);
  } catch (error) {
    await teardown();
    throw error;
  }
  return { baseUrl, logPath, stop: teardown };
}

/**
 * Where worker `index`'s server keeps its data. With TEST_DATABASE_URL set (CI, `.ci/run`), each
 * server runs on a fresh PostgreSQL database of its own, seeded as the embedded one is, as
 * production runs: the servers then cost a third of the CPU they cost on PGlite, which runs
 * inside the server's own process, and the browsers get it. Without it (or with
 * SAATHI_E2E_DATABASE=embedded), on the embedded PGlite, as `npm start` runs. The API's
 * behaviour on both is checked by the integration suites, which run on each.
 */
async function serverDatabase(index: number): Promise<{ kind: string; env: Record<string, string>; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl || process.env.SAATHI_E2E_DATABASE === 'embedded') return { kind: 'PGlite', env: {}, drop: async () => undefined };
  const name = `saathi_e2e_${process.pid}_${index}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  for (const stale of await databasesOfEndedRuns(adminUrl)) await admin(`DROP DATABASE IF EXISTS ${stale} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'PostgreSQL',
    env: { DATABASE_URL: url.toString(), SEED_DEMO_DATA: 'true' },
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** Databases that runs killed before their teardown left behind (their process is gone). */
async function databasesOfEndedRuns(adminUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(String.raw`select datname from pg_database where datname ~ '^saathi_e2e_\d+_\d+$'`);
    return rows.map((row) => row.datname).filter((name) => !isRunning(Number(name.split('_')[2])));
  } finally {
    await client.end();
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function ensureBuilt(): void {
  if (existsSync(serverEntry) && existsSync(webIndex)) return;
  console.log('[e2e] built app not found; running `npm run build`');
  const result = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('`npm run build` failed; the end-to-end tests need the built app');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

async function waitForHealth(baseUrl: string, server: ChildProcess, logPath: string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`the server exited (${server.exitCode ?? server.signalCode}) before it was healthy:\n${tail(logPath)}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server was not healthy within ${HEALTH_TIMEOUT_MS / 1000} s:\n${tail(logPath)}`);
}

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null || server.pid === undefined) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-server.pid!, signal);
    } catch {
      // Already gone.
    }
  };
  signalGroup('SIGTERM');
  const timer = setTimeout(() => signalGroup('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** User and system CPU time of a process (its own, not its children's), from /proc; null elsewhere. */
function cpuSeconds(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // Fields 14 and 15 of stat(5) (utime, stime), counted here from field 3, in clock ticks of 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no server output)';
  }
}
