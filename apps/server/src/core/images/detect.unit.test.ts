import { describe, expect, it } from 'vitest';
import { detectImageType } from './detect';

const withFtyp = (brand: string) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${brand}`), Buffer.alloc(12)]);

describe('detectImageType', () => {
  it('recognises each allowed type by its bytes', () => {
    expect(detectImageType(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(12)]))).toBe('jpeg');
    expect(detectImageType(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(8)]))).toBe('png');
    expect(detectImageType(Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(10)]))).toBe('gif');
    expect(detectImageType(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]))).toBe('webp');
    expect(detectImageType(withFtyp('heic'))).toBe('heic');
    expect(detectImageType(withFtyp('mif1'))).toBe('heif');
  });
  it('rejects everything else, whatever the file is called', () => {
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeUndefined();
    expect(detectImageType(withFtyp('isom'))).toBeUndefined();
    expect(detectImageType(Buffer.from([0xff, 0xd8]))).toBeUndefined();
    expect(detectImageType(Buffer.from('%PDF-1.7 and more bytes'))).toBeUndefined();
  });
});
