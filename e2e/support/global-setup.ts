import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, openSync, closeSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtAppEnv } from './built-app.mjs';
import type { FullConfig } from '@playwright/test';
import { ENV_BASE_URL, ENV_SERVER_LOG, workerEnvName } from './env';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverEntry = path.join(repoRoot, 'apps/server/dist/server.js');
const webDist = path.join(repoRoot, 'apps/web/dist');
const webIndex = path.join(webDist, 'index.html');
const artifactsDir = path.join(repoRoot, 'e2e/artifacts');
// A fresh embedded database is created, migrated and seeded before health turns green:
// 10 s on an idle machine, 30 s or more on a busy CI runner.
const HEALTH_TIMEOUT_MS = 120_000;

/**
 * Starts the built app the way production runs it (`node apps/server/dist/server.js`), once
 * per Playwright worker, each on a free port with its own throw-away DATA_DIR (so its own
 * seeded database), and captures each one's stdout (where the console SMS provider prints
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
      },
    ),
  });
  closeSync(logFd);

  const teardown = async () => {
    await stop(server);
    await fs.rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, server, logPath);
  } catch (error) {
    await teardown();
    throw error;
  }
  return { baseUrl, logPath, stop: teardown };
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

function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no server output)';
  }
}
