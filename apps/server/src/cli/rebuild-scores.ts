import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../core/db/database';
import { migrateToLatest } from '../core/db/migrate';
import { rebuildScores } from '../domain/scores';

/**
 * `npm run scores:rebuild`: recomputes every leaderboard total from the points ledger, on the
 * database the server's environment names (DATABASE_URL, else the embedded one in DATA_DIR).
 * Stop the server first when it uses the embedded database (one process may open it).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(handle.db);
    const started = Date.now();
    const users = await rebuildScores(handle.db);
    process.stdout.write(`scores rebuilt from the ledger: ${users} users in ${Date.now() - started} ms\n`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(1);
});
