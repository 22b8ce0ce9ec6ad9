import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../../test/temp-dirs';
import { loadSecrets } from './secrets';

const tempDir = tempDirs('saathi-secrets-');

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
