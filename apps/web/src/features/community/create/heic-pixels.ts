import createLibheif from 'libheif-js/libheif-wasm/libheif.js';

/** The part of libheif-js's JavaScript API used here (its bundled typings omit it). */
interface HeifImage {
  get_width(): number;
  get_height(): number;
  is_primary(): boolean;
  display(target: ImageDataLike, done: (result: ImageDataLike | null) => void): void;
  free(): void;
}
interface HeifDecoder {
  /** The libheif context of the last decode, holding a copy of the file. */
  decoder: unknown;
  decode(bytes: Uint8Array): HeifImage[];
}
export interface Libheif {
  HeifDecoder: new () => HeifDecoder;
  heif_context_free(context: unknown): void;
}
interface ImageDataLike {
  data: Uint8ClampedArray<ArrayBuffer>;
  width: number;
  height: number;
}

/**
 * Instantiates libheif from its WebAssembly bytes. Given the bytes, this build compiles them
 * synchronously, which a worker (unlike the page) may do for a module of this size.
 */
export async function loadLibheif(wasmBinary: ArrayBuffer | Uint8Array): Promise<Libheif> {
  let initialized!: () => void;
  const runtime = new Promise<void>((resolve) => (initialized = resolve));
  const factory = createLibheif as unknown as (options: object) => Libheif;
  const module = factory({ wasmBinary, onRuntimeInitialized: () => initialized() });
  await runtime;
  return module;
}

/**
 * Decodes the primary photo of a HEIC/HEIF file to RGBA, rotated and mirrored as the file
 * says (libheif applies the container's transformations). Nothing else of the file, such as
 * its EXIF or GPS, is carried over.
 */
export async function decodePrimaryImage(libheif: Libheif, bytes: Uint8Array): Promise<ImageDataLike> {
  const decoder = new libheif.HeifDecoder();
  const images = decoder.decode(bytes);
  try {
    const image = images.find((candidate) => candidate.is_primary()) ?? images[0];
    if (!image) throw new Error('no image in the HEIF file');
    const width = image.get_width();
    const height = image.get_height();
    return await new Promise<ImageDataLike>((resolve, reject) => {
      image.display({ data: new Uint8ClampedArray(width * height * 4), width, height }, (result) =>
        result ? resolve(result) : reject(new Error('HEIF image could not be decoded')),
      );
    });
  } finally {
    for (const image of images) image.free();
    if (decoder.decoder) libheif.heif_context_free(decoder.decoder);
  }
}
