import { randomBytes } from 'node:crypto';
import { AppError } from '../../core/errors';
import { webmProblem } from '../../core/media/webm-check';
import { webmDurationMs, type ByteChunks } from '../../core/media/webm-duration';
import type { MediaStorage } from '../../core/storage';

/** Where a caller's recordings go: the prefix is what proves an object is theirs. */
export function reelKeyFor(userId: number): string {
  return `reels/${userId}/${randomBytes(12).toString('hex')}.webm`;
}

/**
 * Refuses a reel's bytes that are not one whole WebM recording: larger than the limit (413
 * video_too_large), not WebM or WebM with other bytes appended or mixed in (415
 * video_not_webm), or cut short (400 video_incomplete). `chunks` streams the bytes, so a file
 * in the store is checked without holding it in memory.
 */
export async function assertReelRecording(chunks: ByteChunks, sizeBytes: number, maxBytes: number, field?: string): Promise<void> {
  const mb = Math.floor(maxBytes / (1024 * 1024));
  if (sizeBytes > maxBytes) throw new AppError('video_too_large', `The video is larger than ${mb} MB`, field, { mb });
  const problem = await webmProblem(chunks);
  if (problem?.kind === 'truncated') throw new AppError('video_incomplete', `The video is incomplete: ${problem.reason}`, field);
  if (problem) throw new AppError('video_not_webm', `The file is not a webm video alone: ${problem.reason}`, field);
}

/**
 * The local store's upload route checks a reel's bytes before writing them (localUploadRoutes'
 * `check`), so a refused recording is never stored, even for a moment; the reel links are the
 * only ones it signs.
 */
export function reelUploadCheck(maxBytes: number) {
  return async ({ key, bytes }: { key: string; bytes: Buffer }): Promise<void> => {
    if (key.startsWith('reels/')) await assertReelRecording([bytes], bytes.length, maxBytes);
  };
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
