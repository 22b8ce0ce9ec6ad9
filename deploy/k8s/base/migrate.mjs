// The migration Job's command (deploy/k8s/base/migrate-job.yaml), run from the image's /app:
// brings the database's schema up to this image's migrations, then exits 0.
//
// The image has no migrate-only entry point: the server migrates at start-up (under
// PostgreSQL's advisory lock, so a second runner waits, then finds nothing left to do) before
// its readiness reports the migrations done. So this starts the server on a port of its own
// pod, waits for GET /api/health/ready to say the database answers and no migration is
// pending, and stops it with SIGTERM. The server exits by itself when the database cannot
// be prepared (a migration failed): then this exits 1 and its log says why.
/* global fetch, AbortSignal, console */
import { spawn } from 'node:child_process';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';

const port = process.env.PORT ?? '3000';
const timeoutMs = Number(process.env.MIGRATE_TIMEOUT_SECONDS ?? '1800') * 1000;
const started = Date.now();

// No metrics listener: nothing scrapes a Job.
const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js'], {
  stdio: 'inherit',
  env: { ...process.env, METRICS_PORT: '0' },
});
/** @type {{ code: number | null } | null} */
let exited = null;
/** @type {Promise<{ code: number | null }>} */
const exit = new Promise((resolve) => {
  server.on('exit', (code) => {
    exited = { code };
    resolve(exited);
  });
});

/** True once the database answers with every migration of this build applied. */
async function migrated() {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/health/ready`, { signal: AbortSignal.timeout(5000) });
    if (response.ok) return true;
    // 503 `not_ready` names the failed checks (Redis or the outbox may still be starting);
    // 503 `starting` means the database is still opening and migrating.
    const body = await response.json().catch(() => null);
    if (body?.error?.code !== 'not_ready') return false;
    const failed = String(body.error.params?.checks ?? '').split(',');
    return !failed.includes('database') && !failed.includes('migrations');
  } catch {
    return false;
  }
}

let done = false;
while (!exited && Date.now() - started < timeoutMs) {
  if (await migrated()) {
    done = true;
    break;
  }
  await sleep(1000);
}

const stoppedByItself = exited !== null;
if (!stoppedByItself) server.kill('SIGTERM');
const { code } = await exit;
if (done) {
  console.log(`migrations done in ${Math.round((Date.now() - started) / 1000)} s`);
  process.exit(0);
}
console.error(
  stoppedByItself
    ? `the server stopped before its migrations were done (exit code ${code}); its log above says why`
    : `the migrations were not done within ${timeoutMs / 1000} s (MIGRATE_TIMEOUT_SECONDS)`,
);
process.exit(1);
