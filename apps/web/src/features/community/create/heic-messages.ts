// The messages between the page (heic-decode.ts) and the decoding worker (heic.worker.ts), in a
// module of their own so neither of the two imports the other.

/** A photo's bytes to decode, under an id the reply repeats. */
export interface HeicRequest {
  id: number;
  bytes: ArrayBuffer;
}
export type HeicReply = { id: number; bitmap: ImageBitmap } | { id: number; error: string };
