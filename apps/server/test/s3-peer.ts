import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's built-in account; it accepts no other keys. */
export const S3_PEER_KEY = 'S3RVER';

export interface S3Peer {
  endpoint: string;
  bucket: string;
  /** The environment that points the app's STORAGE=s3 at this peer (path-style). */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A local S3-compatible server (s3rver) on 127.0.0.1 with one bucket in a temp directory. */
export async function startS3Peer(bucket = 'saathi-media'): Promise<S3Peer> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'saathi-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: S3_PEER_KEY,
      S3_SECRET_ACCESS_KEY: S3_PEER_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
