import { encodeUntilSmallEnough, fitWithin, isHeic, TARGET_IMAGE_BYTES } from './compress-steps';

function canvasToBlob(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas could not encode'))), 'image/jpeg', quality);
  });
}

function jpegName(name: string): string {
  const base = name.replace(/\.[^.]+$/, '') || 'photo';
  return `${base}.jpg`;
}

/**
 * Resizes a photo to at most 1920x1080 and re-encodes it as JPEG until it is at most 1 MB
 * (SPEC.md §5). HEIC/HEIF photos most browsers cannot draw are sent as they are: the
 * server decodes them, strips their metadata and re-encodes them itself. A small image that
 * is already within the box and size is re-encoded anyway so EXIF data never leaves the
 * device from a browser that can draw it.
 */
export async function compressImage(file: File): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch (error) {
    if (isHeic(file)) return file;
    throw error;
  }
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
