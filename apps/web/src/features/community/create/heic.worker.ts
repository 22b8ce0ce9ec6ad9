import wasmUrl from 'libheif-js/libheif-wasm/libheif.wasm?url';
import type { HeicReply, HeicRequest } from './heic-messages';
import { decodePrimaryImage, loadLibheif, type Libheif } from './heic-pixels';

// Decoding a 12-megapixel HEIC takes a second or more: here it never freezes the page.
let libheif: Promise<Libheif> | undefined;

async function load(): Promise<Libheif> {
  // Fetched from our own origin only when a HEIC is picked; not precached for everyone.
  const response = await fetch(wasmUrl);
  if (!response.ok) throw new Error(`libheif.wasm: HTTP ${response.status}`);
  return loadLibheif(await response.arrayBuffer());
}

function libheifOnce(): Promise<Libheif> {
  libheif ??= load().catch((error: unknown) => {
    // A failed download may work on the next photo.
    libheif = undefined;
    throw error;
  });
  return libheif;
}

const reply = (message: HeicReply, transfer: Transferable[] = []) => self.postMessage(message, { transfer });

self.onmessage = async ({ data }: MessageEvent<HeicRequest>) => {
  try {
    const image = await decodePrimaryImage(await libheifOnce(), new Uint8Array(data.bytes));
    const bitmap = await createImageBitmap(new ImageData(image.data, image.width, image.height));
    reply({ id: data.id, bitmap }, [bitmap]);
  } catch (error) {
    reply({ id: data.id, error: String(error) });
  }
};
