import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FIXTURE_CAMERA_MODEL, FIXTURE_GPS_LATITUDE_BYTES, PHOTO_FIXTURE_SIZE, exifHasGps, readPhotoFixture } from '../../../test/fixtures/photos';
import { detectImageType } from '@saathi/shared';
import { ImageRejectedError } from './errors';
import { decodeHeic } from './heic';
import { processImage } from './process';

describe('a real iPhone-style HEIC (HEVC in HEIF)', () => {
  it('is the fixture the other tests rely on: HEVC, with camera and GPS in its EXIF', async () => {
    const heic = await readPhotoFixture('photo.heic');
    const meta = await sharp(heic).metadata();
    expect([meta.format, meta.compression, meta.width, meta.height]).toEqual(['heif', 'hevc', 640, 480]);
    expect(meta.exif && exifHasGps(meta.exif)).toBe(true);
    expect(heic.includes(FIXTURE_GPS_LATITUDE_BYTES)).toBe(true);
    expect(heic.includes(Buffer.from(FIXTURE_CAMERA_MODEL))).toBe(true);
  });

  it('is recognised by its bytes as heic, and the mif1 variant as heif', async () => {
    expect(detectImageType(await readPhotoFixture('photo.heic'))).toBe('heic');
    expect(detectImageType(await readPhotoFixture('photo.heif'))).toBe('heif');
  });

  it('decodes to RGBA pixels that look like the photo, not a blank frame', async () => {
    const { width, height, pixels } = await decodeHeic(await readPhotoFixture('photo.heic'), 40_000_000);
    expect({ width, height }).toEqual(PHOTO_FIXTURE_SIZE);
    expect(pixels.length).toBe(640 * 480 * 4);
    const at = (x: number, y: number) => {
      const offset = (y * width + x) * 4;
      return [pixels[offset] ?? 0, pixels[offset + 1] ?? 0, pixels[offset + 2] ?? 0] as const;
    };
    // The sun (top right) is yellow, the sky blue: HEVC at quality 60 stays within a few levels.
    const [sunR, sunG, sunB] = at(470, 120);
    expect(sunR).toBeGreaterThan(230);
    expect(sunB).toBeLessThan(160);
    expect(sunG).toBeGreaterThan(190);
    const [skyR, , skyB] = at(60, 30);
    expect(skyB).toBeGreaterThan(skyR + 60);
  });

  it('refuses an image over the pixel limit before decoding it', async () => {
    await expect(decodeHeic(await readPhotoFixture('photo.heic'), 640 * 480 - 1)).rejects.toEqual(new ImageRejectedError('Image is too large'));
  });

  it('re-encodes both variants as JPEG with no EXIF, GPS or camera left', async () => {
    for (const name of ['photo.heic', 'photo.heif'] as const) {
      const out = await processImage(await readPhotoFixture(name));
      expect(out.sourceType).toBe(name === 'photo.heic' ? 'heic' : 'heif');
      for (const bytes of [out.full.bytes, out.thumbnail.bytes]) {
        const meta = await sharp(bytes).metadata();
        expect([meta.format, meta.exif, meta.xmp]).toEqual(['jpeg', undefined, undefined]);
        expect(bytes.includes(FIXTURE_GPS_LATITUDE_BYTES)).toBe(false);
        expect(bytes.includes(Buffer.from(FIXTURE_CAMERA_MODEL))).toBe(false);
      }
      expect([out.full.width, out.full.height]).toEqual([640, 480]);
      expect([out.thumbnail.width, out.thumbnail.height]).toEqual([320, 320]);
    }
  });

  it('refuses the HEIC cut short at any point', async () => {
    const heic = await readPhotoFixture('photo.heic');
    for (const length of [40, 400, heic.length >> 1, heic.length - 100]) {
      await expect(processImage(heic.subarray(0, length))).rejects.toEqual(new ImageRejectedError('Error processing images'));
    }
  });
});
