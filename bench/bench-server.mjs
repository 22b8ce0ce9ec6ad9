import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spawnServer } from '../apps/server/test/spawn-server.ts';

/**
 * Runs `body({ dataDir, start, defer })` with a fresh temporary data directory (named from
 * `prefix`). `start(databaseUrl, env, timeoutMs)` spawns the server as the load benches run it:
 * production, quiet, no demo data, no web build, on `databaseUrl` or else the embedded database
 * in `dataDir`, with `env` on top. When `body` throws, the server's last 20 log lines are
 * printed. Then, in any case: the server is stopped, the `defer`red cleanups run in order and
 * the directory is removed.
 */
export async function withBenchServer(prefix, body) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  const cleanups = [];
  let server;
  const start = async (databaseUrl, env = {}, timeoutMs = undefined) => {
    server = await spawnServer(
      {
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        SEED_DEMO_DATA: 'false',
        WEB_DIST_DIR: path.join(dataDir, 'no-web-dist'),
        ...env,
      },
      timeoutMs,
    );
    return server;
  };
  try {
    return await body({ dataDir, start, defer: (cleanup) => cleanups.push(cleanup) });
  } catch (error) {
    if (server) console.error(server.output().trimEnd().split('\n').slice(-20).join('\n'));
    throw error;
  } finally {
    await server?.stop();
    for (const cleanup of cleanups) await cleanup();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
