#!/usr/bin/env node
// Budget: `npm start` (build, migrate, seed, serve) with a fresh data directory until the
// first page is served, in milliseconds (DESIGN.md §7: 30 s).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, spawnLogged, stopGroup } from './app-server.mjs';

const BUDGET_MS = 30_000;
const GIVE_UP_MS = 180_000;
const POLL_MS = 100;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'saathi-startup-'));
const logPath = path.join(dataDir, 'npm-start.log');
const port = await freePort();
const url = `http://127.0.0.1:${port}/`;

const env = { ...process.env, PORT: String(port), DATA_DIR: path.join(dataDir, 'data'), PUBLIC_URL: `http://localhost:${port}` };
// Measure the embedded default, whatever the calling shell exports.
for (const key of ['DATABASE_URL', 'REDIS_URL', 'NODE_ENV', 'STORAGE', 'SEED_DEMO_DATA']) delete env[key];

const startedAt = performance.now();
const child = spawnLogged('npm', ['start'], env, logPath);
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

await stopGroup(child);
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
