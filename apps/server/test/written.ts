import fs from 'node:fs/promises';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { sql } from 'kysely';
import type { TestApp } from './build';

/**
 * What the app has written: a digest of every table (PostGIS's reference table aside) and every
 * stored object. Work that finishes after an answer (the outbox) is done first.
 */
export async function written(t: TestApp): Promise<{ tables: Record<string, string>; objects: string[] }> {
  await t.app.outbox.drain();
  const names = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'spatial_ref_sys'
    ORDER BY table_name`.execute(t.db);
  const tables: Record<string, string> = {};
  for (const { table_name: name } of names.rows) {
    const digest = await sql<{ digest: string }>`
      SELECT md5(coalesce(string_agg(row_text, '|' ORDER BY row_text), '')) AS digest
      FROM (SELECT t::text AS row_text FROM ${sql.table(name)} t) rows`.execute(t.db);
    tables[name] = digest.rows[0]!.digest;
  }
  const entries = await fs.readdir(path.join(t.dataDir, 'media'), { recursive: true, withFileTypes: true }).catch(() => []);
  const objects = entries.filter((entry) => entry.isFile()).map((entry) => `local:${path.relative(t.dataDir, path.join(entry.parentPath, entry.name))}`);
  if (t.config.storage.kind === 's3') {
    for (const bucket of [t.config.storage.s3, t.config.storage.privateS3]) {
      const client = new S3Client({
        region: bucket.region,
        endpoint: bucket.endpoint,
        forcePathStyle: bucket.forcePathStyle,
        credentials: { accessKeyId: bucket.accessKeyId, secretAccessKey: bucket.secretAccessKey },
      });
      try {
        const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket.bucket }));
        objects.push(...(listed.Contents ?? []).map((object) => `${bucket.bucket}:${object.Key}`));
      } finally {
        client.destroy();
      }
    }
  }
  return { tables, objects: objects.sort() };
}
