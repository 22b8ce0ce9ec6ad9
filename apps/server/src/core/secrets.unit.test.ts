import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSecrets } from './secrets';

const dirs: string[] = [];
const tempDir = async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'saathi-secrets-'));
  dirs.push(dir);
  return dir;
};
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

describe('loadSecrets', () => {
  it('generates a secret on first start, keeps it private, and reuses it', async () => {
    const dir = await tempDir();
    const first = await loadSecrets(dir, undefined);
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    const stat = await fs.stat(path.join(dir, 'secrets.json'));
    expect(stat.mode & 0o077).toBe(0);
    expect(await loadSecrets(dir, undefined)).toEqual(first);
  });

  it('prefers AUTH_SECRET and then writes nothing', async () => {
    const dir = await tempDir();
    const configured = 'c'.repeat(40);
    expect(await loadSecrets(dir, configured)).toEqual({ authSecret: configured });
    await expect(fs.stat(path.join(dir, 'secrets.json'))).rejects.toThrow();
  });

  it('refuses a damaged secrets file instead of silently replacing it', async () => {
    const dir = await tempDir();
    await fs.writeFile(path.join(dir, 'secrets.json'), '{"authSecret":"short"}');
    await expect(loadSecrets(dir, undefined)).rejects.toThrow(/no valid authSecret/);
  });
});
