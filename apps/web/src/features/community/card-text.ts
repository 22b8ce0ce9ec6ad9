import { cardRelativeTime, formatDistance, parseIndiaDateTime, reelRelativeTime, type RelativeTime } from '@saathi/shared';
import type { TFunction } from 'i18next';

/** "5 minutes ago" etc. in the reader's language (SPEC.md §9 community card rules). */
export function relativeTimeText(t: TFunction, createdAt: string, now: Date = new Date(), language?: string): string {
  const then = parseIndiaDateTime(createdAt) ?? new Date(createdAt);
  if (Number.isNaN(then.getTime())) return '';
  const relative: RelativeTime = cardRelativeTime(then, now);
  if (relative.unit === 'date') return relative.date.toLocaleDateString(language, { day: 'numeric', month: 'short', year: 'numeric' });
  return unitText(t, relative);
}

/**
 * When a like was given, in the reader's language: "just now" under 30 s, then seconds, minutes,
 * hours and days; after 7 days the date (SPEC.md §9 likes list).
 */
export function likeTimeText(t: TFunction, createdAt: string, now: Date, language: string): string {
  const then = parseIndiaDateTime(createdAt) ?? new Date(createdAt);
  if (Number.isNaN(then.getTime())) return '';
  const relative = reelRelativeTime(then, now, { dateAfterDays: 7 });
  if (relative.unit === 'date') return relative.date.toLocaleDateString(language, { day: 'numeric', month: 'short', year: 'numeric' });
  return unitText(t, relative);
}

function unitText(t: TFunction, relative: Exclude<RelativeTime, { unit: 'date' }>): string {
  switch (relative.unit) {
    case 'justNow':
      return t('community:time.justNow');
    case 'seconds':
      return t('community:time.seconds', { count: relative.count });
    case 'minutes':
      return t('community:time.minutes', { count: relative.count });
    case 'hours':
      return t('community:time.hours', { count: relative.count });
    case 'days':
      return t('community:time.days', { count: relative.count });
    case 'weeks':
      return t('community:time.weeks', { count: relative.count });
    case 'months':
      return t('community:time.months', { count: relative.count });
    case 'years':
      return t('community:time.years', { count: relative.count });
  }
}

/** "850 m away" / "3.2 km away" in `language`; empty when the server could not measure it. */
export function distanceLabel(t: TFunction, km: number | null, language: string): string {
  if (km === null) return '';
  return t('community:distance.away', { distance: formatDistance(km * 1000, language) });
}

/** SPEC.md §2: a maps link with q=lat,lng (post locations are {x: longitude, y: latitude}). */
export function mapsUrl(location: { x: number; y: number }): string {
  return `https://www.google.com/maps?q=${location.y},${location.x}`;
}

/** SPEC.md §9: WhatsApp numbers get country code 91 when they are the bare 10 digits. */
export function whatsappPhone(number: string): string {
  const digits = number.replace(/\D/g, '');
  return digits.length === 10 ? `91${digits}` : digits;
}

export function whatsappLinks(number: string, message: string): { app: string; web: string } {
  const phone = whatsappPhone(number);
  const text = encodeURIComponent(message);
  return { app: `whatsapp://send?phone=${phone}&text=${text}`, web: `https://wa.me/${phone}?text=${text}` };
}

/** The public link of a post (SPEC.md §2 `{product}-community-post/:postId`). */
export function publicPostUrl(postId: number, origin: string): string {
  return `${origin}/saathi-community-post/${postId}`;
}
