import { describe, expect, it } from 'vitest';
import { encodeUntilSmallEnough, fitWithin, hasHeifBrand, isAllowedImage, isHeic, qualityLadder } from './compress-steps';

describe('photo compression steps', () => {
  it('fits into 1920x1080 keeping the aspect ratio and never upscales', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1440, height: 1080 });
    expect(fitWithin(3840, 1080)).toEqual({ width: 1920, height: 540 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(1080, 1920)).toEqual({ width: 608, height: 1080 });
  });

  it('walks quality 0.7 down to 0.1 in steps of 0.1', () => {
    expect(qualityLadder()).toEqual([0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1]);
  });

  it('stops at the first quality that is small enough', async () => {
    const tried: number[] = [];
    const { quality } = await encodeUntilSmallEnough(async (q) => {
      tried.push(q);
      return { size: Math.round(q * 3_000_000) };
    });
    expect(quality).toBe(0.3);
    expect(tried).toEqual([0.7, 0.6, 0.5, 0.4, 0.3]);
  });

  it('keeps the quality 0.1 result when nothing gets under 1 MB', async () => {
    const { quality, result } = await encodeUntilSmallEnough(async (q) => ({ size: 5_000_000 + q }));
    expect(quality).toBe(0.1);
    expect(result.size).toBeGreaterThan(1024 * 1024);
  });

  it('accepts the six image types and HEIC by extension when the type is empty', () => {
    expect(isAllowedImage({ type: 'image/webp', name: 'a.webp' })).toBe(true);
    expect(isAllowedImage({ type: 'image/svg+xml', name: 'a.svg' })).toBe(false);
    expect(isAllowedImage({ type: 'application/pdf', name: 'a.jpg' })).toBe(false);
    expect(isAllowedImage({ type: '', name: 'IMG_1.HEIC' })).toBe(true);
    expect(isAllowedImage({ type: '', name: 'notes.txt' })).toBe(false);
    expect(isHeic({ type: '', name: 'x.heif' })).toBe(true);
    expect(isHeic({ type: 'image/png', name: 'x.png' })).toBe(false);
  });

  it('tells HEIC by its type or extension, and by its bytes whatever it is called', () => {
    expect(isHeic({ type: 'image/heic', name: 'photo' })).toBe(true);
    expect(isHeic({ type: 'IMAGE/HEIF', name: 'photo' })).toBe(true);
    expect(isHeic({ type: '', name: 'IMG_0001.HEIC' })).toBe(true);
    expect(isHeic({ type: 'application/octet-stream', name: 'IMG_0001.jpg' })).toBe(false);
    const box = (brand: string) => new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode(`ftyp${brand}`), 0, 0, 0, 0]);
    expect(hasHeifBrand(box('heic'))).toBe(true);
    expect(hasHeifBrand(box('heix'))).toBe(true);
    expect(hasHeifBrand(box('mif1'))).toBe(true);
    // MP4 video and AVIF share the box layout, not the brands.
    expect(hasHeifBrand(box('isom'))).toBe(false);
    expect(hasHeifBrand(box('avif'))).toBe(false);
    expect(hasHeifBrand(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0, 0, 0, 0]))).toBe(false);
    expect(hasHeifBrand(box('heic').subarray(0, 10))).toBe(false);
  });
});
