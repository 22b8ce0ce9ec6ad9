import { SOS_LIMITS, type SosDistanceBand, type Threat } from '@saathi/shared';

/**
 * English texts of SMS and push messages. SMS go to contacts whose language the server does
 * not know; the in-app list shows the same text and the web app links to the event.
 */
const THREAT_TEXT: Record<Threat, string> = {
  medical: 'Medical emergency',
  fire: 'Fire',
  accident: 'Accident',
  harassment: 'Harassment/Assault',
  theft: 'Theft',
  other: 'Emergency',
};

export function threatText(threat: Threat | null): string {
  return threat ? THREAT_TEXT[threat] : SOS_LIMITS.defaultThreatText;
}

export function firstName(name: string | null): string | null {
  const first = name?.trim().split(/\s+/)[0];
  return first ? first : null;
}

export function formatDistance(metres: number | null): string | null {
  if (metres === null) return null;
  return metres < 1000 ? `${Math.round(metres)} m` : `${(metres / 1000).toFixed(1)} km`;
}

/**
 * A volunteer's distance from the victim before accepting: a band from their privacy cell's
 * centre (DESIGN.md §8), so an alert cannot be used to place the victim either.
 */
const BAND_TEXT: Record<SosDistanceBand, string> = {
  '0-500': 'within 500 m of you',
  '500-1000': '500 m–1 km from you',
  '1000-2000': '1–2 km from you',
  '2000-5000': '2–5 km from you',
};

export function bandText(band: SosDistanceBand): string {
  return BAND_TEXT[band];
}

export function mapsUrl(latitude: number, longitude: number): string {
  return `https://www.google.com/maps/search/?api=1&query=${latitude.toFixed(6)},${longitude.toFixed(6)}`;
}

/** The web route every SOS notification opens ('Go to SOS'). */
export const sosModeUrl = (eventId: number) => `/sos-mode?sosEventId=${eventId}`;

export const texts = {
  contactSms: (name: string | null, threat: Threat | null, link: string) =>
    `SOS from ${name ?? 'your contact'} (${threatText(threat)}). Live location: ${link} . If you cannot reach them, call 112.`,
  allClearSms: (name: string | null) => `All clear: ${name ?? 'your contact'} cancelled the SOS alert. No help is needed now.`,
  volunteerAlert: (name: string | null, threat: Threat | null, band: SosDistanceBand | null) => ({
    title: `SOS nearby: ${threatText(threat)}`,
    body: `${name ?? 'Someone'} needs help${band === null ? '' : ` ${bandText(band)}`}. Can you go?`,
  }),
  contactAlert: (name: string | null, threat: Threat | null) => ({
    title: `SOS from ${name ?? 'your contact'}`,
    body: `${threatText(threat)}. Open to see their live location.`,
  }),
  /** To the victim: the exact distance is theirs to know once the volunteer chose to come. */
  accepted: (volunteer: string | null, distanceM: number | null) => ({
    title: 'A volunteer is coming',
    body: `${volunteer ?? 'A volunteer'} accepted your SOS${distanceM === null ? '' : ` (${formatDistance(distanceM)} away)`}.`,
  }),
  allClear: (name: string | null) => ({
    title: 'All clear',
    body: `${name ?? 'The person'} cancelled the SOS alert. No help is needed now.`,
  }),
};
