// What the upload tests send: real photos and videos, and the multipart body that carries them.
import fs from 'node:fs/promises';
import sharp from 'sharp';

/** A multipart/form-data body for app.inject. */
export function multipart(fields: Record<string, string>, files: { field: string; name: string; type: string; bytes: Buffer }[] = []) {
  const boundary = `----saathi${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    );
    chunks.push(file.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A real JPEG carrying EXIF GPS coordinates, like a phone photo. */
export async function jpegWithGps(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 120 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '19/1 4/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '72/1 52/1 40/1' },
    })
    .toBuffer();
}

export async function pngImage(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 10, g: 200, b: 30, alpha: 1 } } })
    .png()
    .toBuffer();
}

/** A real webm (38 KB): 3.5 s, made by ffmpeg, which writes its Duration (3508 ms). */
export const webmBytes = (): Promise<Buffer> => fs.readFile(new URL('../src/core/media/fixtures/ffmpeg-libvpx.webm', import.meta.url));
export const WEBM_DURATION_MS = 3508;

/**
 * What the recorder page uploads: 2 s from Chromium's MediaRecorder, with no Duration and
 * Clusters of unknown size. Chromium plays it as 1.947 s.
 */
export const recordedWebmBytes = (): Promise<Buffer> => fs.readFile(new URL('../src/core/media/fixtures/chromium-mediarecorder.webm', import.meta.url));
export const RECORDED_DURATION_MS = 1947;
