import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  assertContentType,
  assertPresignExpiry,
  assertSafeKey,
  MEDIA_CACHE_CONTROL,
  PRIVATE_CACHE_CONTROL,
  type PrivateStorage,
  type Storage,
} from './storage';

/** One bucket on an S3-compatible store (S3_*; the private bucket shares the login). */
export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  publicUrl: string | undefined;
  forcePathStyle: boolean;
}

/** Keys hold only URL-safe characters (assertSafeKey), but encode each segment anyway. */
const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/**
 * Where browsers load objects from: S3_PUBLIC_URL (a CDN or the bucket's public domain)
 * when set, else the bucket on its endpoint, path-style or virtual-hosted like the client.
 */
export function s3PublicBase(s3: S3Config): string {
  if (s3.publicUrl) return s3.publicUrl.replace(/\/+$/, '');
  const endpoint = new URL(s3.endpoint ?? `https://s3.${s3.region}.amazonaws.com`);
  const basePath = endpoint.pathname.replace(/\/+$/, '');
  if (s3.forcePathStyle) return `${endpoint.protocol}//${endpoint.host}${basePath}/${encodeURIComponent(s3.bucket)}`;
  return `${endpoint.protocol}//${s3.bucket}.${endpoint.host}${basePath}`;
}

const isMissing = (error: unknown) => error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);

export interface S3Storage extends Storage {
  readonly kind: 's3';
}

/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...); `now` dates presigned
 * URLs, `cacheControl` is stored with each object.
 */
export function createS3Storage(
  s3: S3Config,
  { now = () => new Date(), cacheControl = MEDIA_CACHE_CONTROL }: { now?: () => Date; cacheControl?: string } = {},
): S3Storage {
  const client = new S3Client({
    region: s3.region,
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    forcePathStyle: s3.forcePathStyle,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    // Checksums only where S3 demands them: several S3-compatible stores reject the newer
    // default checksum headers, and the SDK's MD5-free default adds nothing for small puts.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const base = s3PublicBase(s3);
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      assertSafeKey(key);
      assertContentType(contentType);
      await client.send(
        new PutObjectCommand({
          Bucket: s3.bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
          CacheControl: cacheControl,
        }),
      );
    },
    url(key) {
      assertSafeKey(key);
      return `${base}/${encodeKey(key)}`;
    },
    async delete(key) {
      assertSafeKey(key);
      // S3 answers 204 for a missing key too, so "already gone" needs no special case.
      await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
    },
    async inspect(key, headBytes) {
      assertSafeKey(key);
      try {
        // One ranged GET gives both the first bytes and (in Content-Range) the full size.
        const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key, Range: `bytes=0-${Math.max(headBytes, 1) - 1}` }));
        const head = Buffer.from((await object.Body?.transformToByteArray()) ?? new Uint8Array());
        const total = /\/(\d+)$/.exec(object.ContentRange ?? '')?.[1];
        return { size: total === undefined ? (object.ContentLength ?? head.length) : Number(total), head: head.subarray(0, headBytes) };
      } catch (error) {
        if (isMissing(error)) return undefined;
        // An empty object cannot satisfy any byte range.
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416) return { size: 0, head: Buffer.alloc(0) };
        throw error;
      }
    },
    async readStream(key) {
      assertSafeKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
        // In Node the body is the response stream itself: chunks arrive as the bucket sends them.
        if (!(object.Body instanceof Readable)) throw new Error('S3 GetObject gave no readable body');
        return object.Body;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async presignPut(key, contentType, expiresSeconds) {
      assertSafeKey(key);
      assertContentType(contentType);
      assertPresignExpiry(expiresSeconds);
      const headers = { 'content-type': contentType, 'cache-control': MEDIA_CACHE_CONTROL };
      const command = new PutObjectCommand({ Bucket: s3.bucket, Key: key, ContentType: contentType, CacheControl: MEDIA_CACHE_CONTROL });
      // Signing the headers means the uploader cannot swap the type (e.g. to text/html).
      const signingDate = now();
      const url = await getSignedUrl(client, command, { expiresIn: expiresSeconds, signingDate, signableHeaders: new Set(Object.keys(headers)) });
      return { method: 'PUT', url, headers, expiresAt: new Date(signingDate.getTime() + expiresSeconds * 1000) };
    },
    close() {
      client.destroy();
    },
  };
}

/**
 * The private files' bucket (S3_PRIVATE_BUCKET): the same adapter without its public side, so
 * no code path can hand out a link to a private object; the server streams them itself.
 */
export function createPrivateS3Storage(s3: S3Config): PrivateStorage {
  const store = createS3Storage({ ...s3, publicUrl: undefined }, { cacheControl: PRIVATE_CACHE_CONTROL });
  return {
    kind: store.kind,
    put: (key, bytes, contentType) => store.put(key, bytes, contentType),
    delete: (key) => store.delete(key),
    inspect: (key, headBytes) => store.inspect(key, headBytes),
    readStream: (key) => store.readStream(key),
    close: () => store.close(),
  };
}
