import { randomBytes } from 'node:crypto';
import { webmDurationMs } from '../../core/media/webm-duration';
import type { MediaStorage } from '../../core/storage';

/** Every WebM (and Matroska) file starts with the EBML header id 1A 45 DF A3. */
const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
/** "webm" as the DocType string of the EBML header, found within its first bytes. */
const WEBM_DOCTYPE = Buffer.from('webm', 'ascii');
export const HEAD_BYTES = 64;

/** Where a caller's recordings go: the prefix is what proves an object is theirs. */
export function reelKeyFor(userId: number): string {
  return `reels/${userId}/${randomBytes(12).toString('hex')}.webm`;
}

/** True when the bytes start like a WebM file (EBML magic and a "webm" doc type). */
export function looksLikeWebm(head: Buffer): boolean {
  return head.length >= EBML_MAGIC.length && head.subarray(0, EBML_MAGIC.length).equals(EBML_MAGIC) && head.includes(WEBM_DOCTYPE);
}

/**
 * The recording's length in ms, read from its bytes as they stream from the store, or null
 * when it cannot be read: the length is shown to viewers, so it never stops an upload.
 */
export async function readReelDuration(storage: MediaStorage, key: string): Promise<number | null> {
  try {
    const chunks = await storage.readStream(key);
    return chunks ? await webmDurationMs(chunks) : null;
  } catch {
    return null;
  }
}

/**
 * Turns a video URL a client sends back into the storage key it names, if it is one of
 * this store's URLs: the public one (`storage.url`) or the presigned upload URL without its
 * query string (what SPEC.md tells clients to send). Anything else is undefined.
 */
export async function createKeyResolver(storage: MediaStorage, publicUrl: string): Promise<(videoUrl: string) => string | undefined> {
  const probe = 'reels/0/probe.webm';
  const publicBase = storage.url(probe).slice(0, -probe.length);
  const presigned = await storage.presignPut(probe, 'video/webm', 60);
  const uploadBase = presigned.url.split('?')[0]!.slice(0, -probe.length);
  const origin = new URL(publicUrl).origin;
  // Relative local URLs may come back absolute (resolved against this server's origin).
  const bases = [publicBase, uploadBase].flatMap((base) => (base.startsWith('/') ? [base, `${origin}${base}`] : [base]));
  return (videoUrl) => {
    if (videoUrl.includes('?') || videoUrl.includes('#')) return undefined;
    for (const base of bases) {
      if (!videoUrl.startsWith(base)) continue;
      const key = videoUrl.slice(base.length);
      // Generated keys need no escaping, so an escaped form is not one of ours.
      if (/^reels\/\d+\/[0-9a-f]{24}\.webm$/.test(key)) return key;
    }
    return undefined;
  };
}
