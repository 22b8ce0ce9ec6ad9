import { cardRelativeTime, formatDistance, parseIndiaDateTime, type RelativeTime } from '@saathi/shared';
import type { TFunction } from 'i18next';

/** "5 minutes ago" etc. in the reader's language (SPEC.md §9 community card rules). */
export function relativeTimeText(t: TFunction, createdAt: string, now: Date = new Date(), language?: string): string {
  const then = parseIndiaDateTime(createdAt) ?? new Date(createdAt);
  if (Number.isNaN(then.getTime())) return '';
  const relative: RelativeTime = cardRelativeTime(then, now);
  if (relative.unit === 'justNow') return t('community:time.justNow');
  if (relative.unit === 'date') return relative.date.toLocaleDateString(language, { day: 'numeric', month: 'short', year: 'numeric' });
  return t(`community:time.${relative.unit}`, { count: relative.count });
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
