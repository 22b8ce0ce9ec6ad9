import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../../../test/temp-dirs';
import { loadSecrets } from '../secrets';
import { loadVapidKeys } from './vapid-keys';

const tempDir = tempDirs('saathi-vapid-');

const readFile = async (dir: string) => JSON.parse(await fs.readFile(path.join(dir, 'secrets.json'), 'utf8')) as Record<string, unknown>;

describe('loadVapidKeys', () => {
  it('generates a P-256 pair once, keeps it next to the auth secret, privately', async () => {
    const dir = await tempDir();
    const { authSecret } = await loadSecrets(dir, undefined);
    const keys = await loadVapidKeys(dir, undefined);
    expect(Buffer.from(keys.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(keys.privateKey, 'base64url')).toHaveLength(32);
    expect(await loadVapidKeys(dir, undefined)).toEqual(keys);
    expect(await readFile(dir)).toEqual({ authSecret, vapidPublicKey: keys.publicKey, vapidPrivateKey: keys.privateKey });
    expect((await fs.stat(path.join(dir, 'secrets.json'))).mode & 0o077).toBe(0);
    // The auth secret is still read back unchanged.
    expect(await loadSecrets(dir, undefined)).toEqual({ authSecret });
  });

  it('works when the keys were written first, and a later start adds the auth secret', async () => {
    const dir = await tempDir();
    const keys = await loadVapidKeys(dir, undefined);
    const { authSecret } = await loadSecrets(dir, undefined);
    expect(authSecret.length).toBeGreaterThanOrEqual(32);
    expect(await readFile(dir)).toMatchObject({ vapidPublicKey: keys.publicKey, authSecret });
    expect(await loadSecrets(dir, undefined)).toEqual({ authSecret });
  });

  it('prefers configured keys and writes nothing', async () => {
    const dir = await tempDir();
    const configured = { publicKey: 'pub', privateKey: 'priv' };
    expect(await loadVapidKeys(dir, configured)).toBe(configured);
    await expect(fs.stat(path.join(dir, 'secrets.json'))).rejects.toThrow();
  });
});
