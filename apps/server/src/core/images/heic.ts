import { ImageRejectedError } from './errors';

export interface RawImage {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel. */
  pixels: Buffer;
}

/**
 * Decodes the first top-level image of a HEIC/HEIF file (the photo; thumbnails, depth and
 * gain maps are not top-level). The prebuilt sharp reads HEIF with AV1 only, and iPhone HEIC
 * is HEVC, so libheif in WebAssembly does it. The size is read from the header first so a
 * decompression bomb is refused before any pixel is decoded.
 */
export async function decodeHeic(bytes: Buffer, maxPixels: number): Promise<RawImage> {
  // Loaded on first use: the WebAssembly decoder is large and most uploads are JPEG.
  const { default: heic } = await import('heic-decode');
  const images = await heic.all({ buffer: bytes });
  try {
    const first = images[0];
    if (!first) throw new Error('no image in HEIF file');
    if (first.width * first.height > maxPixels) throw new ImageRejectedError('Image is too large');
    const { width, height, data } = await first.decode();
    return { width, height, pixels: Buffer.from(data.buffer, data.byteOffset, data.byteLength) };
  } finally {
    images.dispose();
  }
}
