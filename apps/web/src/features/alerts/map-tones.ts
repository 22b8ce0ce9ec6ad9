/** How an alert's circle looks on the map, by status; the legend under the map uses the same colours. */
export type MapTone = 'unconfirmed' | 'confirmed' | 'corroborated' | 'over';

/** Calm colours: grey and dashed for what nobody confirmed yet, green when confirmed, blue when several people reported it. */
export const MAP_TONES: Record<MapTone, { color: string; fillColor: string; dashArray?: string }> = {
  unconfirmed: { color: '#546e7a', fillColor: '#b0bec5', dashArray: '4 3' },
  confirmed: { color: '#2e7d32', fillColor: '#81c784' },
  corroborated: { color: '#0277bd', fillColor: '#81d4fa' },
  over: { color: '#757575', fillColor: '#e0e0e0' },
};

/** The place the list is about. */
export const ORIGIN_TONE = { color: '#ad1457', fillColor: '#f48fb1' };
