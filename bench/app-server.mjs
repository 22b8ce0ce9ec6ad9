// The benches that run the whole app: the repository root, building and spawning it in its own
// process group with its output in a log file, waiting for it, stopping it, and Chromium
// (through the e2e workspace's Playwright, as e2e/support/built-app.mjs sets it up).
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/built-app.mjs';

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
