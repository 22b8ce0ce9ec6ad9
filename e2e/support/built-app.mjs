// The built app under a browser, as the end-to-end tests (playwright.config.ts, global-setup.ts,
// typed by built-app.d.mts) and the benches that drive it (bench/app-server.mjs) run it.

/** Debian's Chromium: no browser is ever downloaded. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Chromium's flags: no sandbox, GPU or /dev/shm in a container, and nothing phoning home. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/**
 * The environment of `node apps/server/dist/server.js` on 127.0.0.1:`port` with its data in
 * `dataDir` and the web build in `webDir`: login codes printed to its output by the console SMS
 * provider, media on local disk, test mode, and the embedded defaults (PGlite, in-process events)
 * whatever the calling shell exports, then `overrides` on top (a `DATABASE_URL` there puts the
 * server on PostgreSQL).
 */
export function builtAppEnv({ port, dataDir, webDir }, overrides = {}) {
  const env = { ...process.env };
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'S3_ENDPOINT', 'S3_BUCKET', 'S3_PRIVATE_ENDPOINT', 'S3_PRIVATE_BUCKET']) delete env[key];
  return {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMS_PROVIDER: 'console',
    STORAGE: 'local',
    NODE_ENV: 'test',
    // Several of these run side by side (benches, the e2e server): no shared metrics port.
    METRICS_PORT: '0',
    ...overrides,
  };
}
