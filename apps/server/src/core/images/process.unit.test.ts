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

  describe('a picture that is also something else (a polyglot)', () => {
    const png = () =>
      sharp({ create: { width: 40, height: 30, channels: 3, background: '#22aa66' } })
        .png()
        .toBuffer();
    const jpeg = () =>
      sharp({ create: { width: 40, height: 30, channels: 3, background: '#22aa66' } })
        .jpeg()
        .toBuffer();

    it.each([
      ['HTML appended to a JPEG', async () => Buffer.concat([await jpeg(), Buffer.from('<html><script>alert(1)</script></html>')]), 'HTML or script markup'],
      [
        'a script in a PNG text chunk',
        async () =>
          sharp(await png())
            .withMetadata()
            .png()
            .toBuffer()
            .then((b) => insertPngText(b, '<SCRIPT src=//x.example/a.js>')),
        'HTML or script markup',
      ],
      [
        'a PDF behind a JPEG header',
        async () => Buffer.concat([(await jpeg()).subarray(0, 20), Buffer.from('%PDF-1.7\n'), (await jpeg()).subarray(20)]),
        'a PDF document',
      ],
      [
        'a ZIP archive appended to a JPEG',
        async () => Buffer.concat([await jpeg(), Buffer.from('PK\x03\x04zipped'), Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]),
        'a ZIP archive',
      ],
    ])('refuses %s', async (_label, make, what) => {
      await expect(processImage(await make())).rejects.toEqual(new ImageRejectedError(`The picture also carries ${what}: send the picture alone`));
    });

    it('refuses a PNG cut before its IEND chunk or followed by other bytes, and takes a whole one', async () => {
      const whole = await png();
      await expect(processImage(whole.subarray(0, whole.length - 12))).rejects.toEqual(
        new ImageRejectedError('The picture is cut short: it stops before its end'),
      );
      await expect(processImage(Buffer.concat([whole, Buffer.from('more')]))).rejects.toEqual(
        new ImageRejectedError('The picture carries other data after its end: send the picture alone'),
      );
      expect((await processImage(whole)).sourceType).toBe('png');
    });

    it("keeps taking a JPEG with bytes after its end (a phone's motion photo appends its video there)", async () => {
      const motion = Buffer.concat([await jpeg(), Buffer.from('\x00\x00\x00\x18ftypmp42'), Buffer.alloc(4096, 0x33)]);
      expect((await processImage(motion)).sourceType).toBe('jpeg');
    });
  });
});

/** A PNG with a tEXt chunk (keyword Comment) inserted after IHDR: how an editor stores a comment. */
function insertPngText(png: Buffer, text: string): Buffer {
  const data = Buffer.from(`Comment\0${text}`, 'latin1');
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write('tEXt', 4, 'latin1');
  data.copy(chunk, 8);
  // The CRC is not checked before the markup is found; any value does.
  const ihdrEnd = 8 + 12 + png.readUInt32BE(8);
  return Buffer.concat([png.subarray(0, ihdrEnd), chunk, png.subarray(ihdrEnd)]);
}
