import cyberFraud from './images/cyber-fraud.svg';
import emergencyContacts from './images/emergency-contacts.svg';
import emergencyNumbers from './images/emergency-numbers.svg';
import goodSamaritan from './images/good-samaritan.svg';
import handsOnlyCpr from './images/hands-only-cpr.svg';
import heatwave from './images/heatwave.svg';
import lpgSafety from './images/lpg-safety.svg';
import monsoonSafety from './images/monsoon-safety.svg';
import neighbourhoodVolunteers from './images/neighbourhood-volunteers.svg';
import safeTravel from './images/safe-travel.svg';

export type NewsAuthor = 'safetyDesk' | 'healthDesk' | 'communityTeam';

/** A bundled article: its text lives in the `news` namespace under `articles.<key>`. */
export interface NewsArticleSource {
  key: string;
  /** Publication date, YYYY-MM-DD. */
  date: string;
  author: NewsAuthor;
  image: string;
  /** The illustration's background, shown around it where the image is letterboxed. */
  tint: string;
}

/**
 * SPEC.md: the news list is 10 hard-coded sample articles; nothing is fetched. Newest first.
 * The illustrations are small SVGs, used as both thumbnail and main image.
 */
export const NEWS_ARTICLES: readonly NewsArticleSource[] = [
  { key: 'emergencyNumbers', date: '2026-11-12', author: 'safetyDesk', image: emergencyNumbers, tint: '#FCE4EC' },
  { key: 'cyberFraud', date: '2026-11-05', author: 'safetyDesk', image: cyberFraud, tint: '#E8EAF6' },
  { key: 'emergencyContacts', date: '2026-10-28', author: 'communityTeam', image: emergencyContacts, tint: '#F3E5F5' },
  { key: 'safeTravel', date: '2026-10-17', author: 'safetyDesk', image: safeTravel, tint: '#1A237E' },
  { key: 'lpgSafety', date: '2026-10-06', author: 'safetyDesk', image: lpgSafety, tint: '#FBE9E7' },
  { key: 'handsOnlyCpr', date: '2026-09-22', author: 'healthDesk', image: handsOnlyCpr, tint: '#FCE4EC' },
  { key: 'goodSamaritan', date: '2026-09-08', author: 'communityTeam', image: goodSamaritan, tint: '#E0F2F1' },
  { key: 'neighbourhoodVolunteers', date: '2026-08-19', author: 'communityTeam', image: neighbourhoodVolunteers, tint: '#E8F5E9' },
  { key: 'monsoonSafety', date: '2026-07-02', author: 'healthDesk', image: monsoonSafety, tint: '#E1F5FE' },
  { key: 'heatwave', date: '2026-05-14', author: 'healthDesk', image: heatwave, tint: '#FFF3E0' },
];

/** The article as SPEC.md §3 names it (title, thumbnail, image, author, date, content), plus its key. */
export interface NewsArticle {
  key: string;
  title: string;
  thumbnail: string;
  image: string;
  tint: string;
  author: string;
  date: string;
  content: string;
}
