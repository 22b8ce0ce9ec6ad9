import { describe, expect, it } from 'vitest';
import { detectImageType } from './image-type';

/** Bytes from parts: a list of byte values, ASCII text, or a count of zero bytes. */
const bytes = (...parts: (number[] | string | number)[]) =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === 'number' ? Array<number>(part).fill(0) : typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)),
  );
const withFtyp = (brand: string) => bytes([0, 0, 0, 0x18], `ftyp${brand}`, 12);

describe('detectImageType', () => {
  it('recognises each allowed type by its bytes', () => {
    expect(detectImageType(bytes([0xff, 0xd8, 0xff, 0xe0], 12))).toBe('jpeg');
    expect(detectImageType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 8))).toBe('png');
    expect(detectImageType(bytes('GIF89a', 10))).toBe('gif');
    expect(detectImageType(bytes('RIFF', 4, 'WEBPVP8 '))).toBe('webp');
    expect(detectImageType(withFtyp('heic'))).toBe('heic');
    expect(detectImageType(withFtyp('mif1'))).toBe('heif');
  });
  it('rejects everything else, whatever the file is called', () => {
    expect(detectImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeUndefined();
    expect(detectImageType(withFtyp('isom'))).toBeUndefined();
    expect(detectImageType(bytes([0xff, 0xd8]))).toBeUndefined();
    expect(detectImageType(bytes('%PDF-1.7 and more bytes'))).toBeUndefined();
  });
});
