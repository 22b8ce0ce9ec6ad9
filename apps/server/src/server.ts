import { buildApp, mediaDirOf } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type DbHandle } from './core/db/database';
import { migrateToLatest } from './core/db/migrate';
import { startMetricsServer, type MetricsServer } from './core/metrics';
import { seedDemoData } from './seed/index';

/** Opens, migrates and (in embedded development mode) seeds the database. */
async function prepareDatabase(config: Config, log: (msg: string) => void): Promise<DbHandle> {
  const started = Date.now();
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.database.poolSize,
    sosPoolSize: config.database.sosPoolSize,
    onConnectionError: (error) => log(`database connection lost (it will be replaced): ${error.message}`),
  });
  try {
    const applied = await migrateToLatest(handle.db);
    if (applied.length > 0) log(`migrations applied: ${applied.join(', ')}`);
    if (config.seedDemoData) {
      const { seeded } = await seedDemoData(handle.db, { mediaDir: mediaDirOf(config), log, scorePoints: config.scores.points });
      if (seeded) log('demo data seeded');
    }
    log(`database ready (${handle.kind}) in ${Date.now() - started} ms`);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  // The port opens first: the web app is served at once, `/api` answers 503 until the
  // database below is ready (creating the embedded one takes several seconds).
  let logInfo: (msg: string) => void = (msg) => process.stdout.write(`${msg}\n`);
  const dbPromise = prepareDatabase(config, (msg) => logInfo(msg));
  const app = await buildApp(config, { db: dbPromise, exclusiveDb: !config.databaseUrl });
  logInfo = (msg) => app.log.info(msg);

  // Prometheus reads the metrics on a listener of their own, never on the public port.
  let metricsServer: MetricsServer | undefined;
  if (config.metrics.port !== 0) {
    // The app serves people without it: a taken port is an operator's problem to see, not an outage.
    metricsServer = await startMetricsServer(app.metrics, { ...config.metrics, log: app.log }).catch((error: unknown) => {
      app.log.error({ err: error }, `the metrics listener could not start on ${config.metrics.host}:${config.metrics.port}; running without it`);
      return undefined;
    });
    if (metricsServer) app.log.info(`metrics on http://${config.metrics.host}:${metricsServer.port}/metrics`);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await metricsServer?.close();
      await app.close();
      const handle = await dbPromise.catch(() => undefined);
      await handle?.close();
      clearTimeout(timer);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  dbPromise.catch((error: unknown) => {
    app.log.fatal({ err: error }, 'the database could not be prepared');
    void app.close().finally(() => process.exit(1));
  });

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Saathi is listening on ${config.publicUrl} (database: ${config.databaseUrl ? 'postgres' : 'embedded PGlite'})`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
