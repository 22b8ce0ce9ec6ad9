import { LIMITS, type SavedLocation } from '@saathi/shared';

/** One entry of the Create Post location list (SPEC.md §4 "Create post"). */
export interface LocationOption {
  key: string;
  kind: 'current' | 'business' | 'saved' | 'custom';
  /** Saved locations keep their own name; the others are labelled by kind. */
  name: string;
  latitude: number;
  longitude: number;
}

export function savedLocationOptions(locations: readonly SavedLocation[]): LocationOption[] {
  return locations.map((location) => ({
    key: `saved-${location.id}`,
    kind: location.isBusinessLocation ? 'business' : 'saved',
    name: location.name,
    longitude: location.location.coordinates[0],
    latitude: location.location.coordinates[1],
  }));
}

export function hasBusinessLocation(options: readonly LocationOption[]): boolean {
  return options.some((option) => option.kind === 'business');
}

/**
 * Business toggle: on selects the business location and forces show-location on; off
 * selects the first non-business location (the category is the caller's to set/clear).
 */
export function applyBusinessToggle(
  options: readonly LocationOption[],
  on: boolean,
  current: { selectedKey: string | null; showLocation: boolean },
): { selectedKey: string | null; showLocation: boolean } {
  if (on) {
    const business = options.find((option) => option.kind === 'business');
    return { selectedKey: business?.key ?? current.selectedKey, showLocation: true };
  }
  const other = options.find((option) => option.kind !== 'business');
  return { selectedKey: other?.key ?? null, showLocation: current.showLocation };
}

/** A picked map point replaces any earlier 'Custom Location' and is selected. */
export function withCustomLocation(options: readonly LocationOption[], point: { latitude: number; longitude: number }): LocationOption[] {
  const custom: LocationOption = { key: 'custom', kind: 'custom', name: '', ...point };
  return [...options.filter((option) => option.kind !== 'custom'), custom];
}

export interface PostDraft {
  title: string;
  description: string;
  photoCount: number;
  isBusinessPost: boolean;
  businessCategory: string;
}

export type DraftProblem = 'empty' | 'title' | 'description' | 'category';

/** SPEC.md §5: something to post, title ≤ 50, description ≤ 1000, a category for business posts. */
export function draftProblem(draft: PostDraft): DraftProblem | null {
  if (draft.title.length > LIMITS.postTitleMax) return 'title';
  if (draft.description.length > LIMITS.postDescriptionMax) return 'description';
  if (draft.title.trim() === '' && draft.description.trim() === '' && draft.photoCount === 0) return 'empty';
  if (draft.isBusinessPost && draft.businessCategory === '') return 'category';
  return null;
}

/** Hashtags typed in the description become the post's tags (lower-case, unique, ≤ 20). */
export function extractTags(text: string): string[] {
  const tags = [...text.matchAll(/#([\p{L}\p{M}\p{N}_]{1,40})/gu)].map((match) => (match[1] ?? '').toLowerCase());
  return [...new Set(tags)].slice(0, 20);
}
