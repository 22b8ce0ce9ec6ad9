import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { LOCAL_PRIVATE_PREFIX, MEDIA_CACHE_CONTROL, PRIVATE_CACHE_CONTROL } from '../core/storage';

/**
 * `node apps/server/dist/bucket-copy.js download|upload <dir>`: copies every stored file of
 * the app, both the public media and the private files (SOS evidence, verification documents),
 * to a local directory and back, for deploy/backup.sh and deploy/restore.sh. It reads the
 * server's own storage variables (STORAGE, S3_*, DATA_DIR) and nothing else, so it runs
 * wherever the server's environment is, and needs no other S3 tool.
 *
 *   <dir>/public/<key>     the media bucket (S3_BUCKET), or DATA_DIR/media without evidence/
 *   <dir>/private/<key>    the private bucket (S3_PRIVATE_BUCKET), or DATA_DIR/media/evidence/
 *   <dir>/<side>.json      each object's key, size, SHA-256, content type and cache control
 *
 * Both buckets are reached at S3_PRIVATE_ENDPOINT when it is set (the store itself, as the
 * server reaches its private bucket), else at S3_ENDPOINT: in deploy/ the media bucket's public
 * address goes through nginx, which lets no listing through. An upload overwrites objects of
 * the same key and leaves others in place.
 */

const USAGE = `usage: bucket-copy download <dir>   copy every object of both buckets (or the media directory) into <dir>
       bucket-copy upload <dir>     copy them back from <dir> into the configured buckets (or media directory)

Reads STORAGE (local or s3), DATA_DIR, and with STORAGE=s3: S3_BUCKET, S3_PRIVATE_BUCKET,
S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_ENDPOINT, S3_PRIVATE_ENDPOINT and
S3_FORCE_PATH_STYLE, as the server does.`;

const SIDES = ['public', 'private'] as const;
type Side = (typeof SIDES)[number];

/** Transfers in flight at once. */
const PARALLEL = 8;

export interface ObjectEntry {
  key: string;
  size: number;
  sha256: string;
  contentType?: string;
  cacheControl?: string;
}

export interface SideIndex {
  side: Side;
  /** The bucket name, or `local` for the media directory. */
  source: string;
  objects: ObjectEntry[];
}

interface S3Settings {
  buckets: Record<Side, string>;
  client: S3Client;
}

type Store = { kind: 'local'; mediaDir: string } | ({ kind: 's3' } & S3Settings);

class UsageError extends Error {}

const text = (env: NodeJS.ProcessEnv, name: string) => {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
};

function storeOf(env: NodeJS.ProcessEnv): Store {
  const kind = text(env, 'STORAGE') ?? 'local';
  if (kind === 'local') return { kind, mediaDir: path.resolve(text(env, 'DATA_DIR') ?? './data', 'media') };
  if (kind !== 's3') throw new UsageError(`STORAGE is "${kind}": must be local or s3`);
  const required = ['S3_BUCKET', 'S3_PRIVATE_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];
  const missing = required.filter((name) => text(env, name) === undefined);
  if (missing.length > 0) throw new UsageError(`STORAGE=s3 needs ${missing.join(', ')}`);
  const endpoint = text(env, 'S3_PRIVATE_ENDPOINT') ?? text(env, 'S3_ENDPOINT');
  const client = new S3Client({
    region: text(env, 'S3_REGION'),
    ...(endpoint ? { endpoint } : {}),
    forcePathStyle: ['true', '1', 'yes'].includes((text(env, 'S3_FORCE_PATH_STYLE') ?? 'false').toLowerCase()),
    credentials: { accessKeyId: text(env, 'S3_ACCESS_KEY_ID') as string, secretAccessKey: text(env, 'S3_SECRET_ACCESS_KEY') as string },
    // As the server's own client (core/storage/s3-storage.ts): some S3-compatible stores refuse the newer checksum headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return { kind, client, buckets: { public: text(env, 'S3_BUCKET') as string, private: text(env, 'S3_PRIVATE_BUCKET') as string } };
}

/** A key as a relative file path: refused when a segment could leave the directory. */
function fileOf(root: string, key: string): string {
  const segments = key.split('/');
  if (key.length === 0 || segments.some((s) => s === '' || s === '.' || s === '..' || s.includes('\\') || s.includes('\0'))) {
    throw new Error(`refusing an object key that is not a plain relative path: ${JSON.stringify(key)}`);
  }
  return path.join(root, ...segments);
}

/** Hashes the bytes that flow through. */
function hasher() {
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { tap, result: () => ({ size, sha256: hash.digest('hex') }) };
}

async function inParallel<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(PARALLEL, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  });
  await Promise.all(runners);
  return results;
}

/** Every file under `dir` as a key relative to it, sorted. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

async function copyFile(from: string, to: string, mode?: number): Promise<{ size: number; sha256: string }> {
  await fs.mkdir(path.dirname(to), { recursive: true });
  const { tap, result } = hasher();
  await pipeline(createReadStream(from), tap, createWriteStream(to, mode === undefined ? {} : { mode }));
  return result();
}

/** The keys of one side of the local media directory: private files are the evidence folder. */
async function localKeys(mediaDir: string, side: Side): Promise<string[]> {
  const all = await filesUnder(mediaDir);
  // Half-written files of the local adapter (write then rename) are not objects yet.
  const written = all.filter((key) => !key.endsWith('.tmp'));
  return written.filter((key) => key.startsWith(LOCAL_PRIVATE_PREFIX) === (side === 'private'));
}

async function s3Keys(client: S3Client, bucket: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    for (const object of page.Contents ?? []) if (object.Key && !object.Key.endsWith('/')) keys.push(object.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys.sort();
}

async function download(store: Store, dir: string, side: Side): Promise<SideIndex> {
  const root = path.join(dir, side);
  await fs.mkdir(root, { recursive: true });
  if (store.kind === 'local') {
    const keys = await localKeys(store.mediaDir, side);
    const objects = await inParallel(keys, async (key) => ({ key, ...(await copyFile(fileOf(store.mediaDir, key), fileOf(root, key))) }));
    return { side, source: 'local', objects };
  }
  const bucket = store.buckets[side];
  const keys = await s3Keys(store.client, bucket);
  const objects = await inParallel(keys, async (key): Promise<ObjectEntry> => {
    const target = fileOf(root, key);
    const answer = await store.client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    await fs.mkdir(path.dirname(target), { recursive: true });
    const { tap, result } = hasher();
    await pipeline(answer.Body as Readable, tap, createWriteStream(target));
    return { key, ...result(), contentType: answer.ContentType, cacheControl: answer.CacheControl };
  });
  return { side, source: bucket, objects };
}

async function upload(store: Store, dir: string, side: Side): Promise<SideIndex> {
  const root = path.join(dir, side);
  const index = JSON.parse(await fs.readFile(path.join(dir, `${side}.json`), 'utf8')) as SideIndex;
  if (store.kind === 'local') {
    // Private files stay readable by the server's user only, as the local adapter writes them.
    const mode = side === 'private' ? 0o600 : undefined;
    await inParallel(index.objects, (o) => checked(o, copyFile(fileOf(root, o.key), fileOf(store.mediaDir, o.key), mode)));
    return { ...index, source: 'local' };
  }
  const bucket = store.buckets[side];
  const fallbackCache = side === 'private' ? PRIVATE_CACHE_CONTROL : MEDIA_CACHE_CONTROL;
  await inParallel(index.objects, async (o) => {
    const file = fileOf(root, o.key);
    const bytes = await fs.readFile(file);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    await checked(o, Promise.resolve({ size: bytes.length, sha256 }));
    await store.client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: o.key,
        Body: bytes,
        ContentType: o.contentType ?? 'application/octet-stream',
        CacheControl: o.cacheControl ?? fallbackCache,
      }),
    );
  });
  return { ...index, source: bucket };
}

/** A file whose bytes are not the ones the backup listed is not restored. */
async function checked(entry: ObjectEntry, copied: Promise<{ size: number; sha256: string }>): Promise<void> {
  const { size, sha256 } = await copied;
  if (size !== entry.size || sha256 !== entry.sha256) throw new Error(`${entry.key}: the file differs from the backup's index (size or SHA-256)`);
}

async function main(argv: string[]): Promise<void> {
  const [command, dir, ...rest] = argv;
  if (command === '--help' || command === '-h') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if ((command !== 'download' && command !== 'upload') || !dir || rest.length > 0) throw new UsageError(USAGE);
  const store = storeOf(process.env);
  const target = path.resolve(dir);
  try {
    for (const side of SIDES) {
      const started = Date.now();
      const index = command === 'download' ? await download(store, target, side) : await upload(store, target, side);
      if (command === 'download') await fs.writeFile(path.join(target, `${side}.json`), `${JSON.stringify(index, null, 1)}\n`);
      const bytes = index.objects.reduce((sum, o) => sum + o.size, 0);
      const where = index.source === 'local' ? `the media directory (${side})` : `bucket ${index.source}`;
      const direction = command === 'download' ? `from ${where}` : `into ${where}`;
      process.stdout.write(`${side}: ${index.objects.length} objects, ${bytes} bytes ${direction} in ${Date.now() - started} ms\n`);
    }
  } finally {
    if (store.kind === 's3') store.client.destroy();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(error instanceof UsageError ? 2 : 1);
});
