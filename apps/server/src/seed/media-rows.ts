import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../core/db/schema';
import type { MediaKind } from '../core/db/tables/platform';
import type { CopiedFile } from './media-files';

type Db = Kysely<Database> | Transaction<Database>;

export interface SeedMedia {
  /** URL of a copied file by its path under media/, e.g. 'posts/post-1.jpg'. */
  url(relative: string): string;
  /** The media_objects id of a copied file. */
  id(relative: string): number;
}

const KIND_BY_FOLDER: Record<string, MediaKind> = {
  reels: 'reel',
  posts: 'post_image',
  catalog: 'catalog_image',
  news: 'news_image',
};

/** Registers every copied file in media_objects (owned by the admin), like real uploads. */
export async function insertMediaObjects(db: Db, files: Map<string, CopiedFile>, ownerId: number | null, now: Date): Promise<SeedMedia> {
  const rows = [...files.entries()].map(([relative, file]) => {
    const folder = relative.split('/')[0] ?? '';
    return {
      key: file.key,
      owner_id: ownerId,
      kind: KIND_BY_FOLDER[folder] ?? 'other',
      content_type: relative.endsWith('.webm') ? 'video/webm' : 'image/jpeg',
      size_bytes: file.sizeBytes,
      status: 'ready' as const,
      uploaded_at: now,
    };
  });
  const inserted = await db
    .insertInto('media_objects')
    .values(rows)
    .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ size_bytes: eb.ref('excluded.size_bytes') })))
    .returning(['id', 'key'])
    .execute();
  const idByKey = new Map(inserted.map((r) => [r.key, r.id]));
  const lookup = (relative: string): CopiedFile => {
    const file = files.get(relative);
    if (!file) throw new Error(`Seed media file missing: ${relative}`);
    return file;
  };
  return {
    url: (relative) => lookup(relative).url,
    id: (relative) => {
      const id = idByKey.get(lookup(relative).key);
      if (id === undefined) throw new Error(`Seed media not registered: ${relative}`);
      return id;
    },
  };
}
