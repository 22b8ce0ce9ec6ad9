#!/usr/bin/env node
// Budget: `npm start` (build, migrate, seed, serve) with a fresh data directory until the
// first page is served, in milliseconds (DESIGN.md §7: 30 s).
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, closeSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BUDGET_MS = 30_000;
const GIVE_UP_MS = 180_000;
const POLL_MS = 100;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'saathi-startup-'));
const logPath = path.join(dataDir, 'npm-start.log');
const port = await freePort();
const url = `http://127.0.0.1:${port}/`;

const env = { ...process.env, PORT: String(port), DATA_DIR: path.join(dataDir, 'data'), PUBLIC_URL: `http://localhost:${port}` };
// Measure the embedded default, whatever the calling shell exports.
for (const key of ['DATABASE_URL', 'REDIS_URL', 'NODE_ENV', 'STORAGE', 'SEED_DEMO_DATA']) delete env[key];

const logFd = openSync(logPath, 'w');
const startedAt = performance.now();
const child = spawn('npm', ['start'], { cwd: root, env, detached: true, stdio: ['ignore', logFd, logFd] });
closeSync(logFd);
let exited = false;
child.on('exit', () => (exited = true));

let elapsed = -1;
while (performance.now() - startedAt < GIVE_UP_MS && !exited) {
  if (await firstPageServed()) {
    elapsed = Math.round(performance.now() - startedAt);
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, POLL_MS));
}

await stopGroup();
const log = readFileSync(logPath, 'utf8');
rmSync(dataDir, { recursive: true, force: true });

if (elapsed < 0) {
  console.error(exited ? '`npm start` exited before serving a page:' : `no page within ${GIVE_UP_MS} ms:`);
  console.error(log.trimEnd().split('\n').slice(-30).join('\n'));
  process.exit(1);
}
console.log(`startup first_page_ms=${elapsed}`);
if (elapsed > BUDGET_MS) {
  console.error(`over budget: ${elapsed} ms > ${BUDGET_MS} ms`);
  process.exit(1);
}

/** The SPA's HTML (with its root element) answered with 200. */
async function firstPageServed() {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
    if (response.status !== 200) return false;
    return /id=["']root["']/.test(await response.text());
  } catch {
    return false;
  }
}

async function stopGroup() {
  if (exited || child.pid === undefined) return;
  const done = new Promise((resolve) => child.once('exit', resolve));
  const signal = (name) => {
    try {
      process.kill(-child.pid, name);
    } catch {
      // Already gone.
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 10_000);
  await done;
  clearTimeout(timer);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
