import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasHeifBrand } from './compress-steps';
import { decodePrimaryImage, loadLibheif, type Libheif } from './heic-pixels';

// The same iPhone-style HEIC (HEVC, EXIF with GPS) the server and e2e tests use.
const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../server/test/fixtures');
const fixture = (name: string) => fs.readFile(path.join(fixtures, name));

describe('HEIC decoding with libheif (WebAssembly)', () => {
  let libheif: Libheif;
  beforeAll(async () => {
    libheif = await loadLibheif(await fs.readFile(createRequire(import.meta.url).resolve('libheif-js/libheif-wasm/libheif.wasm')));
  });

  it('decodes the primary photo of a HEIC and of a mif1 HEIF to RGBA pixels of the photo', async () => {
    for (const name of ['photo.heic', 'photo.heif']) {
      const bytes = new Uint8Array(await fixture(name));
      expect(hasHeifBrand(bytes)).toBe(true);
      const { width, height, data } = await decodePrimaryImage(libheif, bytes);
      expect([width, height, data.length]).toEqual([640, 480, 640 * 480 * 4]);
      const at = (x: number, y: number) => [...data.subarray((y * width + x) * 4, (y * width + x) * 4 + 4)];
      // The yellow sun top right, blue sky top left, all opaque.
      const [sunR, sunG, sunB, sunA] = at(470, 120);
      expect([sunR! > 230, sunG! > 190, sunB! < 160, sunA]).toEqual([true, true, true, 255]);
      const [skyR, , skyB] = at(60, 30);
      expect(skyB! - skyR!).toBeGreaterThan(60);
    }
  });

  it('rejects a file cut short instead of returning a blank picture', async () => {
    const bytes = new Uint8Array(await fixture('photo.heic'));
    await expect(decodePrimaryImage(libheif, bytes.subarray(0, bytes.length >> 1))).rejects.toThrow('no image in the HEIF file');
  });
});
