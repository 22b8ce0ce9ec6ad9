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
    throw error;
  }
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
  if (typeof parsed.authSecret !== 'string' || parsed.authSecret.length < 32) {
    throw new Error(`${file} has no valid authSecret; delete it to generate a new one`);
  }
  return { authSecret: parsed.authSecret };
}
