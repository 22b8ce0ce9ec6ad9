import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageRejectedError } from './errors';
import { processImage } from './process';

describe('processImage', () => {
  it('re-encodes a GIF and a WebP as metadata-free JPEG with a thumbnail', async () => {
    for (const format of ['gif', 'webp'] as const) {
      const input = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#ff0066' } })
        .toFormat(format)
        .withExif({ IFD0: { Make: 'PhoneMaker' } })
        .toBuffer();
      const out = await processImage(input);
      expect(out.sourceType).toBe(format);
      const meta = await sharp(out.full.bytes).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 200, 100, undefined]);
      expect(out.thumbnail.width).toBe(320);
    }
  });

  it('rejects a HEIC container whose content does not decode', async () => {
    const fake = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(64, 7)]);
    await expect(processImage(fake)).rejects.toEqual(new ImageRejectedError('Error processing images'));
  });

  it('rejects bytes that are not an allowed image', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>');
    await expect(processImage(svg)).rejects.toEqual(new ImageRejectedError('Only image files are allowed'));
  });
});
