import { IMAGE_SNIFF_BYTES } from '@saathi/shared';
import { encodeUntilSmallEnough, fitWithin, hasHeifBrand, isHeic, TARGET_IMAGE_BYTES } from './compress-steps';

function canvasToBlob(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas could not encode'))), 'image/jpeg', quality);
  });
}

function jpegName(name: string): string {
  const base = name.replace(/\.[^.]+$/, '') || 'photo';
  return `${base}.jpg`;
}

async function startsLikeHeif(file: Blob): Promise<boolean> {
  return hasHeifBrand(new Uint8Array(await file.slice(0, IMAGE_SNIFF_BYTES).arrayBuffer()));
}

/**
 * The photo's pixels: drawn by the browser when it can (Safari draws HEIC itself), else for
 * HEIC/HEIF by libheif in a worker. Null when even that fails: the file then goes as it is and
 * the server decodes it and strips its metadata.
 */
async function openPhoto(file: File): Promise<ImageBitmap | null> {
  try {
    return await createImageBitmap(file);
  } catch (error) {
    if (!isHeic(file) && !(await startsLikeHeif(file))) throw error;
  }
  try {
    // Loaded only when a HEIC is picked: the decoder and its WebAssembly weigh on no other screen.
    const { decodeHeic } = await import('./heic-decode');
    return await decodeHeic(file);
  } catch (error) {
    console.warn('HEIC could not be decoded here; sending it as it is', error);
    return null;
  }
}

/**
 * Resizes a photo to at most 1920x1080 and re-encodes it as JPEG until it is at most 1 MB
 * (SPEC.md §5), HEIC/HEIF included, so an iPhone photo leaves as a JPEG of about 1 MB rather
 * than several. A small image already within the box and size is re-encoded anyway so its
 * EXIF data (GPS!) never leaves the device.
 */
export async function compressImage(file: File): Promise<File> {
  const bitmap = await openPhoto(file);
  if (!bitmap) return file;
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    // JPEG has no transparency: paint white first so transparent PNG areas do not turn black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    const { result } = await encodeUntilSmallEnough((quality) => canvasToBlob(canvas, quality), TARGET_IMAGE_BYTES);
    return new File([result], jpegName(file.name), { type: 'image/jpeg', lastModified: Date.now() });
  } finally {
    bitmap.close();
  }
}
