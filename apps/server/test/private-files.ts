import fs from 'node:fs/promises';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, expect } from 'vitest';
import { createPrivateStorage, createStorage } from '../src/core/storage';
import type { TestApp } from './build';
import { startS3Peer, type S3Peer } from './s3-peer';

/** The two places private files (SOS evidence, verification documents) can live. */
export const STORAGE_MODES = ['local', 's3'] as const;
export type StorageMode = (typeof STORAGE_MODES)[number];

/**
 * For a test file that runs its cases once per storage mode: with `s3`, starts the S3 peer
 * before the app is built (call it before `build`, so hooks run in order) and stops it after
 * the app closes. `env()` is what to hand `build`.
 */
export function privateFilesIn(mode: StorageMode) {
  let peer: S3Peer | undefined;
  if (mode === 's3') {
    beforeAll(async () => {
      peer = await startS3Peer();
    });
    afterAll(async () => {
      await peer?.close();
    });
  }
  const mediaDir = (t: TestApp) => path.join(t.dataDir, 'media');

  return {
    mode,
    env: (): Record<string, string> => (peer ? peer.env : {}),

    /** The bytes the store holds under `key` (read as the app reads them), or undefined. */
    async stored(t: TestApp, key: string): Promise<Buffer | undefined> {
      const store = createPrivateStorage(t.config, mediaDir(t));
      try {
        const stream = await store.readStream(key);
        if (!stream) return undefined;
        const chunks: Uint8Array[] = [];
        for await (const chunk of stream) chunks.push(chunk);
        return Buffer.concat(chunks);
      } finally {
        store.close();
      }
    },

    /** The keys the private store holds under `prefix` (a folder, ending in `/`). */
    async keysUnder(t: TestApp, prefix: string): Promise<string[]> {
      if (t.config.storage.kind === 'local') {
        const names = await fs.readdir(path.join(mediaDir(t), ...prefix.split('/').filter(Boolean))).catch(() => []);
        return names.map((name) => `${prefix}${name}`).sort();
      }
      const s3 = t.config.storage.privateS3;
      const client = new S3Client({
        region: s3.region,
        endpoint: s3.endpoint,
        forcePathStyle: s3.forcePathStyle,
        credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      });
      try {
        const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
        return (listed.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : [])).sort();
      } finally {
        client.destroy();
      }
    },

    /**
     * Proves the object under `key` is private: nothing at its public media URL (`/media/...`
     * locally, the bucket or CDN URL with S3), and with S3 the private bucket refuses an
     * unsigned GET while nothing lands on local disk; locally the file is 0600.
     */
    async expectPrivate(t: TestApp, key: string): Promise<void> {
      const publicUrl = createStorage(t.config, mediaDir(t), 'x'.repeat(32)).url(key);
      const file = path.join(mediaDir(t), ...key.split('/'));
      if (!peer) {
        expect(publicUrl).toBe(`/media/${key}`);
        expect((await t.app.inject({ method: 'GET', url: publicUrl })).statusCode).toBe(404);
        expect(((await fs.stat(file)).mode & 0o777).toString(8)).toBe('600');
        return;
      }
      expect(publicUrl).toBe(`${peer.endpoint}/${peer.bucket}/${key}`);
      const atPublicUrl = await fetch(publicUrl);
      expect(atPublicUrl.status).toBe(404);
      const unsigned = await fetch(`${peer.endpoint}/${peer.privateBucket}/${key}`);
      expect(unsigned.status).toBe(403);
      expect(await unsigned.text()).toContain('AccessDenied');
      expect((await t.app.inject({ method: 'GET', url: `/media/${key}` })).statusCode).toBe(404);
      await expect(fs.stat(file)).rejects.toThrow(/ENOENT/);
    },
  };
}
