// The benches that run the whole app: the repository root, building and spawning it in its own
// process group with its output in a log file, waiting for it, stopping it, and Chromium
// (through the e2e workspace's Playwright, as e2e/support/built-app.mjs sets it up).
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtAppEnv, CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/built-app.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverEntry = path.join(root, 'apps/server/dist/server.js');
export const webDist = path.join(root, 'apps/web/dist');

/** Runs `npm run build` when the built server or web app is missing; exits 1 when it fails. */
export function ensureBuilt() {
  if (existsSync(serverEntry) && existsSync(path.join(webDist, 'index.html'))) return;
  console.error('the built app was not found; running `npm run build`');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (build.status !== 0) {
    console.error('`npm run build` failed');
    process.exit(1);
  }
}

/**
 * Starts `command args` from the repository root in its own process group (so `stopGroup`
 * also ends whatever it starts), its stdout and stderr written to `logPath`.
 */
export function spawnLogged(command, args, env, logPath) {
  const logFd = openSync(logPath, 'w');
  const child = spawn(command, args, { cwd: root, env, detached: true, stdio: ['ignore', logFd, logFd] });
  closeSync(logFd);
  return child;
}

/** Waits until `baseUrl` answers /api/health; throws when `child` exits first or after `timeoutMs`. */
export async function waitForHealth(baseUrl, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited (${child.exitCode ?? child.signalCode})`);
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server was not healthy within ${timeoutMs / 1000} s`);
}

/** SIGTERM to the child's process group, SIGKILL after 10 s; resolves once it has exited. */
export async function stopGroup(child) {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const signal = (name) => {
    try {
      process.kill(-child.pid, name);
    } catch {
      // Already gone.
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The last `lines` lines of a log file. */
export function tail(file, lines = 30) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no server output)';
  }
}

/** Chromium as the end-to-end tests launch it, plus `extraArgs`. */
export function launchChromium(extraArgs = []) {
  const { chromium } = createRequire(path.join(root, 'e2e/package.json'))('@playwright/test');
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/**
 * Signs `phone` in through the OTP calls of the server at `baseUrl`, reading the code the
 * console SMS provider printed to `logPath`. Returns the verify answer ({ token, user, ... }).
 */
export async function loginThroughOtp(baseUrl, logPath, phone) {
  const seen = codesSentTo(logPath, phone).length;
  const requested = await postJson(baseUrl, '/api/auth/otp/request', { phoneNumber: phone });
  const deadline = Date.now() + 15_000;
  let code;
  while (!code) {
    const codes = codesSentTo(logPath, phone);
    if (codes.length > seen) code = codes[codes.length - 1];
    else if (Date.now() > deadline) throw new Error(`no login code was texted to +91${phone}`);
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return postJson(baseUrl, '/api/auth/otp/verify', { phoneNumber: phone, code, attemptId: requested.attemptId });
}

async function postJson(baseUrl, pathname, body) {
  const response = await fetch(`${baseUrl}${pathname}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${pathname} answered ${response.status}: ${text}`);
  return JSON.parse(text);
}

/** Login codes printed by the console SMS provider: `[sms] to=+91XXXXXXXXXX text=...`. */
function codesSentTo(logPath, phone) {
  const codes = [];
  for (const match of readFileSync(logPath, 'utf8').matchAll(/^\[sms\] to=\+91(\d{10}) text=(.*)$/gm)) {
    const code = match[1] === phone ? /(?<!\d)\d{6}(?!\d)/.exec(match[2] ?? '')?.[0] : undefined;
    if (code) codes.push(code);
  }
  return codes;
}

/**
 * A signed-in phone (360x640, touch) in `browser`: the session cookie and the remembered user,
 * as after a login through the app. `options` add to or override the context's settings.
 */
export async function signedInPhone(browser, baseUrl, session, options = {}) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 360, height: 640 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    timezoneId: 'Asia/Kolkata',
    ...options,
  });
  await context.addCookies([{ name: 'saathi_session', value: session.token, url: baseUrl, httpOnly: true, sameSite: 'Strict' }]);
  await context.addInitScript(
    ([key, value]) => {
      try {
        localStorage.setItem(key, value);
      } catch {
        // about:blank has no storage.
      }
    },
    ['saathi.session', JSON.stringify({ user: session.user })],
  );
  return context;
}

/**
 * Starts the built app as production runs it (`node apps/server/dist/server.js`, building it
 * first when missing) on 127.0.0.1 and a free port, with a fresh temporary data directory and a
 * snapshot of the web build (so a rebuild meanwhile cannot pull assets from under the pages),
 * its output in a log file; `overrides` go on top of builtAppEnv's environment, and a value of
 * `undefined` removes a variable. Resolves once it is healthy, with `stop()` to end it and
 * remove its directory.
 */
export async function startBuiltApp(prefix, overrides = {}) {
  ensureBuilt();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  const webSnapshot = path.join(dataDir, 'web');
  await fs.cp(webDist, webSnapshot, { recursive: true });
  const logPath = path.join(dataDir, 'server.log');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = builtAppEnv({ port, dataDir: path.join(dataDir, 'data'), webDir: webSnapshot }, { LOG_LEVEL: 'warn', SEED_DEMO_DATA: 'true' });
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  const server = spawnLogged(process.execPath, [serverEntry], env, logPath);
  const stop = async () => {
    await stopGroup(server);
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, server, 120_000);
  } catch (error) {
    console.error(`server log (last lines):\n${tail(logPath)}`);
    await stop();
    throw error;
  }
  return { baseUrl, logPath, stop };
}
