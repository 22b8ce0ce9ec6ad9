import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../src/core/storage';
import { checkSignature, S3_PEER_KEY, S3_PEER_REGION, type Refusal } from './s3-sigv4';

export { S3_PEER_KEY } from './s3-sigv4';

export interface S3Peer {
  endpoint: string;
  /** The public-read media bucket. */
  bucket: string;
  /** The private files' bucket: every request to it must be signed, reads too. */
  privateBucket: string;
  /** The environment that points the app's STORAGE=s3 at this peer (path-style). */
  env: Record<string, string>;
  /** The same two buckets as the storage adapters take them (what `env` configures). */
  s3: S3Config;
  privateS3: S3Config;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server on 127.0.0.1 with two buckets in a temp directory: s3rver
 * behind a front that checks AWS Signature Version 4 the way S3 does, because s3rver itself
 * accepts any V4 signature. Signed requests (Authorization header or presigned query) must
 * match, presigned URLs expire, and only reads of the media bucket may come unsigned (it is
 * public-read); the private bucket, like one without a public policy, refuses them (403).
 */
export async function startS3Peer(bucket = 'saathi-media', privateBucket = 'saathi-private'): Promise<S3Peer> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'saathi-s3-'));
  const store = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }, { name: privateBucket }],
  });
  const { port: storePort } = await store.run();
  const agent = new http.Agent({ keepAlive: false });
  const front = http.createServer((request, response) => {
    const refusal = checkSignature(request, new Date()) ?? refuseAnonymous(request, privateBucket);
    if (refusal) {
      // Read the upload first, so the client hears the answer instead of a reset connection.
      request.resume();
      request.on('end', () => refuse(response, request.method === 'HEAD', refusal));
      return;
    }
    const upstream = http.request(
      { host: '127.0.0.1', port: storePort, method: request.method, path: request.url, headers: request.headers, agent },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  const s3: S3Config = {
    bucket,
    region: S3_PEER_REGION,
    endpoint,
    accessKeyId: S3_PEER_KEY,
    secretAccessKey: S3_PEER_KEY,
    publicUrl: undefined,
    forcePathStyle: true,
  };
  return {
    endpoint,
    bucket,
    privateBucket,
    env: {
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: S3_PEER_REGION,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: S3_PEER_KEY,
      S3_SECRET_ACCESS_KEY: S3_PEER_KEY,
      S3_FORCE_PATH_STYLE: 'true',
      S3_PRIVATE_BUCKET: privateBucket,
    },
    s3,
    privateS3: { ...s3, bucket: privateBucket },
    async close() {
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
      agent.destroy();
      await store.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

/** An unsigned request to a bucket without a public policy (path-style: the bucket is the first segment). */
function refuseAnonymous(request: IncomingMessage, privateBucket: string): Refusal | undefined {
  const url = new URL(request.url ?? '/', 'http://peer');
  const signed = request.headers.authorization !== undefined || url.searchParams.has('X-Amz-Signature') || url.searchParams.has('X-Amz-Algorithm');
  let first: string;
  try {
    first = decodeURIComponent(url.pathname.split('/')[1] ?? '');
  } catch {
    return { status: 400, code: 'InvalidURI', message: 'Could not parse the specified URI' };
  }
  if (!signed && first === privateBucket) return { status: 403, code: 'AccessDenied', message: 'Access Denied' };
  return undefined;
}

/** S3's error document; a HEAD answer carries none. */
function refuse(response: ServerResponse, head: boolean, { status, code, message, details = {} }: Refusal): void {
  const fields = Object.entries({ Code: code, Message: message, ...details, RequestId: randomBytes(8).toString('hex').toUpperCase() });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error>${fields.map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`).join('')}</Error>`;
  response.writeHead(status, { 'content-type': 'application/xml', 'content-length': head ? 0 : Buffer.byteLength(xml) });
  response.end(head ? undefined : xml);
}

const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
