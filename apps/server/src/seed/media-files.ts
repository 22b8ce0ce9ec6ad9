import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** URL prefix of copied seed media; the server serves `<DATA_DIR>/media` at `/media`. */
export const SEED_MEDIA_URL = '/media/seed';
/** Storage key prefix of seed media (a key is the path under `<DATA_DIR>/media`). */
export const SEED_MEDIA_KEY = 'seed';

/**
 * The committed seed media folder. The server bundle (dist/server.js) does not carry these
 * files, so walk up from this module to the @saathi/server package root, which works from
 * both `src/seed/` and `dist/`.
 */
export function findSeedMediaDir(from: string = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && readPackageName(manifest) === '@saathi/server') {
      return path.join(dir, 'src', 'seed', 'media');
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Seed media not found: no @saathi/server package.json above ${from}`);
    dir = parent;
  }
}

function readPackageName(manifest: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(manifest, 'utf8'));
    return typeof parsed === 'object' && parsed !== null && 'name' in parsed && typeof parsed.name === 'string' ? parsed.name : undefined;
  } catch {
    return undefined;
  }
}

export interface CopiedFile {
  /** Storage key, e.g. 'seed/reels/reel-1.webm'. */
  key: string;
  /** Public URL, e.g. '/media/seed/reels/reel-1.webm'. */
  url: string;
  sizeBytes: number;
}

/** Copies the seed media (reels, posts, catalog, news) into `<mediaDir>/seed/`. */
export async function copySeedMedia(mediaDir: string, sourceDir: string = findSeedMediaDir()): Promise<Map<string, CopiedFile>> {
  const target = path.join(mediaDir, SEED_MEDIA_KEY);
  const files = new Map<string, CopiedFile>();
  for (const folder of ['reels', 'posts', 'catalog', 'news']) {
    const from = path.join(sourceDir, folder);
    await fsp.mkdir(path.join(target, folder), { recursive: true });
    for (const name of await fsp.readdir(from)) {
      const source = path.join(from, name);
      await fsp.copyFile(source, path.join(target, folder, name));
      const relative = `${folder}/${name}`;
      files.set(relative, {
        key: `${SEED_MEDIA_KEY}/${relative}`,
        url: `${SEED_MEDIA_URL}/${relative}`,
        sizeBytes: (await fsp.stat(source)).size,
      });
    }
  }
  return files;
}
