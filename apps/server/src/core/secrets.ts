import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export interface ServerSecrets {
  /** Keys the HMAC of one-time codes (and later, signed URLs). */
  authSecret: string;
}

/**
 * Returns the server's secrets: AUTH_SECRET when configured, otherwise a secret generated
 * on first start and kept in `<dataDir>/secrets.json` so codes survive restarts.
 */
export async function loadSecrets(dataDir: string, configured: string | undefined): Promise<ServerSecrets> {
  if (configured) return { authSecret: configured };
  const file = path.join(dataDir, 'secrets.json');
  const existing = await readSecretsFile(file);
  if (existing) return existing;
  const secrets: ServerSecrets = { authSecret: randomBytes(32).toString('base64url') };
  await fs.mkdir(dataDir, { recursive: true });
  try {
    // 'wx' fails if another process created it first; then that one's secret wins.
    await fs.writeFile(file, `${JSON.stringify(secrets, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
    return secrets;
  } catch (error) {
    const raced = await readSecretsFile(file);
    if (raced) return raced;
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // The file holds other secrets (e.g. VAPID keys) but no auth secret yet.
    const merged = await mergeIntoSecretsFile(dataDir, { authSecret: secrets.authSecret });
    return { authSecret: String(merged.authSecret) };
  }
}

/**
 * Adds the fields that `<dataDir>/secrets.json` does not have yet and returns the whole
 * file. Fields already there win, so a second process never replaces the first one's keys.
 */
export async function mergeIntoSecretsFile(dataDir: string, fields: Record<string, string>): Promise<Record<string, unknown>> {
  const file = path.join(dataDir, 'secrets.json');
  await fs.mkdir(dataDir, { recursive: true });
  let current: Record<string, unknown> = {};
  try {
    current = JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const next = { ...fields, ...current };
  if (Object.keys(fields).every((key) => key in current)) return current;
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await fs.writeFile(temp, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
  await fs.rename(temp, file);
  return next;
}

async function readSecretsFile(file: string): Promise<ServerSecrets | undefined> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<ServerSecrets>;
  if (parsed.authSecret === undefined) return undefined;
  if (typeof parsed.authSecret !== 'string' || parsed.authSecret.length < 32) {
    throw new Error(`${file} has no valid authSecret; delete it to generate a new one`);
  }
  return { authSecret: parsed.authSecret };
}
