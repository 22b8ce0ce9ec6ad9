import { useTranslation } from 'react-i18next';
import { formatDistance, type SosDistanceBand } from '@saathi/shared';

export function DistanceText({ metres }: { metres: number }) {
  const { i18n } = useTranslation('sos');
  return <>{formatDistance(metres, i18n.language, 'long')}</>;
}

/**
 * How far an alerted volunteer is before they accept: only a band (DESIGN.md §8), measured by
 * the server from the volunteer's privacy cell. `to` words it for the victim ("1–2 km away")
 * or for the volunteer ("1–2 km from you", the words of their alert: the shared `alerts`
 * catalog, where it sits mid-sentence, so it starts with a capital here).
 */
export function DistanceBandText({ band, to }: { band: SosDistanceBand; to: 'owner' | 'volunteer' }) {
  const { t, i18n } = useTranslation(['sos', 'alerts']);
  const text = t(to === 'volunteer' ? `alerts:band.${band}` : `band.owner.${band}`);
  return <>{to === 'volunteer' ? text.charAt(0).toLocaleUpperCase(i18n.language) + text.slice(1) : text}</>;
}

/** The exact metres once a volunteer accepted, else the band, else nothing (contacts). */
export function RecipientDistance({ distanceM, distanceBand }: { distanceM: number | null; distanceBand: SosDistanceBand | null }) {
  if (distanceM !== null) return <DistanceText metres={distanceM} />;
  if (distanceBand !== null) return <DistanceBandText band={distanceBand} to="owner" />;
  return null;
}
