import { formatDistance, type Language, type SosDistanceBand, type Threat } from '@saathi/shared';
import { alertsT } from '../../core/i18n';

/**
 * Texts of push and in-app SOS messages, each in the language of whoever reads it (the
 * wording is the `alerts` catalog in packages/shared/src/locales, shared with the web app):
 * a user reads theirs (users.language); a contact who is not a user, the sender's. The `name`
 * of a text that is sent (SMS, push) is `smsName` of the stored name (@saathi/shared): the first
 * name, cut to 30 characters, never a link; null says "your contact" or "someone".
 */

/** The first word of a name as the app shows it to people who may see it (screens, not SMS: see smsName). */
export function firstName(name: string | null): string | null {
  const first = name?.trim().split(/\s+/)[0];
  return first ? first : null;
}

export function mapsUrl(latitude: number, longitude: number): string {
  return `https://www.google.com/maps/search/?api=1&query=${latitude.toFixed(6)},${longitude.toFixed(6)}`;
}

/** The web route every SOS notification opens ('Go to SOS'). */
export const sosModeUrl = (eventId: number) => `/sos-mode?sosEventId=${eventId}`;

const threatText = (language: Language, threat: Threat | null) => alertsT(language)(threat ? `threat.${threat}` : 'threat.none');

export const texts = {
  /** The push's action button that opens the SOS screen. */
  goToSos: (language: Language) => alertsT(language)('goToSos'),
  /** The threat as an SMS and alerts word it (the `threat` part of the catalog). */
  threat: threatText,
  /**
   * A volunteer's distance from the victim before accepting is a band from their privacy
   * cell's centre (DESIGN.md §8), so an alert cannot be used to place the victim either.
   */
  volunteerAlert: (language: Language, name: string | null, threat: Threat | null, band: SosDistanceBand | null) => {
    const t = alertsT(language);
    const who = name ?? t('someone');
    return {
      title: t('volunteerAlert.title', { threat: threatText(language, threat) }),
      body: band === null ? t('volunteerAlert.bodyNoBand', { name: who }) : t('volunteerAlert.body', { name: who, band: t(`band.${band}`) }),
    };
  },
  /** A practice alert the volunteer sent themself: clearly not a real SOS. */
  practiceAlert: (language: Language) => {
    const t = alertsT(language);
    return { title: t('practiceAlert.title'), body: t('practiceAlert.body') };
  },
  contactAlert: (language: Language, name: string | null, threat: Threat | null) => {
    const t = alertsT(language);
    return { title: t('contactAlert.title', { name: name ?? t('yourContact') }), body: t('contactAlert.body', { threat: threatText(language, threat) }) };
  },
  /** To the victim: the exact distance is theirs to know once the volunteer chose to come. */
  accepted: (language: Language, volunteer: string | null, distanceM: number | null) => {
    const t = alertsT(language);
    const name = volunteer ?? t('aVolunteer');
    return {
      title: t('accepted.title'),
      body: distanceM === null ? t('accepted.bodyNoDistance', { name }) : t('accepted.body', { name, distance: formatDistance(distanceM, language) }),
    };
  },
  allClear: (language: Language, name: string | null) => {
    const t = alertsT(language);
    return { title: t('allClear.title'), body: t('allClear.body', { name: name ?? t('thePerson') }) };
  },
};
