import { extractVideoId, MODERATION_REASON_MAX, type DeskFilter, type DeskSource } from '@saathi/shared';

/** What the desk is showing: a state, a source (or any), an author (or any). */
export interface DeskFilters {
  filter: DeskFilter;
  source: DeskSource | null;
  author: { id: number; name: string } | null;
}

export const NO_FILTERS: DeskFilters = { filter: 'all', source: null, author: null };

/** The query of `GET /moderation/reels` for these filters (without the cursor). */
export function deskQueryOf(filters: DeskFilters): { filter: DeskFilter; source?: DeskSource; author?: number } {
  return {
    filter: filters.filter,
    ...(filters.source ? { source: filters.source } : {}),
    ...(filters.author ? { author: filters.author.id } : {}),
  };
}

/** The key of the reason's problem, or null when it may be sent. */
export function reasonError(reason: string): 'reasonRequired' | 'reasonTooLong' | null {
  const text = reason.trim();
  if (!text) return 'reasonRequired';
  return text.length > MODERATION_REASON_MAX ? 'reasonTooLong' : null;
}

/** The hosted video's 11-character id in what was typed (an id or a link), as the server reads it. */
export function hostedVideoId(input: string): string | undefined {
  return extractVideoId(input);
}
