import { parseCoordinatePair, type LatLon } from '@saathi/shared';

export type ResolveResult =
  | { kind: 'empty' }
  | { kind: 'found'; point: LatLon; label: string | null }
  | { kind: 'not-found' }
  /** Text that is not coordinates while place search is off. */
  | { kind: 'no-geocoder' };

interface NominatimHit {
  lat?: unknown;
  lon?: unknown;
  display_name?: unknown;
}

/**
 * Resolves the location field: 'lat, lon' is parsed here (works offline); anything else goes
 * to the configured Nominatim-compatible search (`?q=&format=json&limit=1`). Network and HTTP
 * failures throw, so the screen can show SPEC.md §8's location error.
 */
export async function resolveLocationText(
  text: string,
  geocoderUrl: string | null,
  { signal, language, fetcher = fetch }: { signal?: AbortSignal; language?: string; fetcher?: typeof fetch } = {},
): Promise<ResolveResult> {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  const pair = parseCoordinatePair(trimmed);
  if (pair.ok) return { kind: 'found', point: pair.value, label: null };
  // Two numbers out of range are coordinates typed wrong, not a place name.
  if (pair.error === 'range') return { kind: 'not-found' };
  if (!geocoderUrl) return { kind: 'no-geocoder' };

  const url = new URL(geocoderUrl);
  url.searchParams.set('q', trimmed);
  url.searchParams.set('format', 'json');
  url.searchParams.set('limit', '1');
  url.searchParams.set('countrycodes', 'in');
  const response = await fetcher(url.toString(), {
    signal: signal ?? null,
    headers: { Accept: 'application/json', ...(language ? { 'Accept-Language': language } : {}) },
  });
  if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
  const hits = (await response.json()) as unknown;
  const first = Array.isArray(hits) ? (hits[0] as NominatimHit | undefined) : undefined;
  const latitude = Number(first?.lat);
  const longitude = Number(first?.lon);
  if (!first || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return { kind: 'not-found' };
  return { kind: 'found', point: { latitude, longitude }, label: typeof first.display_name === 'string' ? first.display_name : null };
}
