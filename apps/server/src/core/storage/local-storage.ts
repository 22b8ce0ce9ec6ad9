import fs from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type Storage } from './storage';

/** Files under `mediaDir`, served by the static plugin at `/media/<key>`. */
export function createLocalStorage(mediaDir: string): Storage {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(mediaDir, ...key.split('/'));
  };
  return {
    kind: 'local',
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temp, bytes);
      await fs.rename(temp, file);
    },
    url(key) {
      assertSafeKey(key);
      return `/media/${key}`;
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}
