import type { TFunction } from 'i18next';

/** The /feed demo (SPEC.md §2 "Demo feed"): sample posts kept in memory only, never sent anywhere. */
export interface DemoPost {
  id: string;
  /** i18n key of the sample's author and text, or null for posts typed in this session. */
  sampleKey: string | null;
  author: string;
  text: string;
  /** An object URL of a photo picked in this session. */
  photoUrl: string | null;
  minutesAgo: number;
  saved: boolean;
}

export const SAMPLE_KEYS = ['market', 'streetlight', 'bloodDonation', 'yoga'] as const;
const SAMPLE_AGES = [12, 45, 180, 1440] as const;

export function samplePosts(): DemoPost[] {
  return SAMPLE_KEYS.map((key, index) => ({
    id: `sample-${key}`,
    sampleKey: key,
    author: '',
    text: '',
    photoUrl: null,
    minutesAgo: SAMPLE_AGES[index] ?? 0,
    saved: false,
  }));
}

let counter = 0;

/** New posts go first; blank text without a photo is not a post. */
export function addDemoPost(posts: readonly DemoPost[], draft: { author: string; text: string; photoUrl: string | null }): DemoPost[] {
  const text = draft.text.trim();
  if (text === '' && !draft.photoUrl) return [...posts];
  counter += 1;
  return [{ id: `local-${counter}`, sampleKey: null, author: draft.author, text, photoUrl: draft.photoUrl, minutesAgo: 0, saved: false }, ...posts];
}

export function toggleSaved(posts: readonly DemoPost[], id: string): DemoPost[] {
  return posts.map((post) => (post.id === id ? { ...post, saved: !post.saved } : post));
}

/** A reported post leaves this reader's demo feed at once. */
export function reportPost(posts: readonly DemoPost[], id: string): DemoPost[] {
  return posts.filter((post) => post.id !== id);
}

/** A demo post's age in the reader's language: "Just now" under a minute, then minutes, hours, days. */
export function demoPostTime(t: TFunction<'community-create'>, minutesAgo: number): string {
  if (!(minutesAgo >= 1)) return t('demoFeed.justNow');
  if (minutesAgo < 60) return t('demoFeed.minutesAgo', { count: Math.floor(minutesAgo) });
  if (minutesAgo < 1440) return t('demoFeed.hoursAgo', { count: Math.floor(minutesAgo / 60) });
  return t('demoFeed.daysAgo', { count: Math.floor(minutesAgo / 1440) });
}
