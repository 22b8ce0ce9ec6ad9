import type { Reel } from '@saathi/shared';

/** A reel as GET /incidents/reels lists it: recorded in the app, by nobody named, no counts yet. Tests patch what they are about. */
export function makeReel(patch: Partial<Reel> = {}): Reel {
  const id = patch.id ?? 7;
  return {
    id,
    title: `Reel ${id}`,
    description: '',
    videoUrl: `/media/reels/${id}.webm`,
    videoSource: 'normal',
    videoId: null,
    likes: 0,
    comments: 0,
    shares: 0,
    durationMs: null,
    createdAt: new Date(0).toISOString(),
    uploader: null,
    ...patch,
  };
}
