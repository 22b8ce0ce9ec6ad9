/**
 * Coordinate entry (SPEC.md §5): two numbers separated by spaces and/or a comma,
 * latitude first. The error codes map to SPEC.md's messages; the web app shows
 * them translated, the server and tests use the English text below.
 */
export type CoordinateError = 'empty' | 'format' | 'range';

export const COORDINATE_ERROR_MESSAGES: Record<CoordinateError, string> = {
  empty: 'Please enter valid latitude and longitude',
  format: 'Invalid coordinates format',
  range: 'Coordinates out of valid range',
};

export interface LatLon {
  latitude: number;
  longitude: number;
}

export type CoordinateResult = { ok: true; value: LatLon } | { ok: false; error: CoordinateError };

/** A plain decimal number: optional sign, digits, optional fraction. No exponents, no hex. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

function parseDecimal(text: string): number | null {
  const trimmed = text.trim();
  if (!DECIMAL.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

export function isLatitudeInRange(latitude: number): boolean {
  return latitude >= -90 && latitude <= 90;
}

export function isLongitudeInRange(longitude: number): boolean {
  return longitude >= -180 && longitude <= 180;
}

function checkRange(latitude: number, longitude: number): CoordinateResult {
  if (!isLatitudeInRange(latitude) || !isLongitudeInRange(longitude)) return { ok: false, error: 'range' };
  return { ok: true, value: { latitude, longitude } };
}

/** Parses 'lat, lon', 'lat lon' or 'lat ,  lon' text (volunteers-nearby, Enter Coordinates). */
export function parseCoordinatePair(text: string): CoordinateResult {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: 'empty' };
  const parts = trimmed.split(/\s*,\s*|\s+/);
  if (parts.length !== 2) return { ok: false, error: 'format' };
  const latitude = parseDecimal(parts[0] ?? '');
  const longitude = parseDecimal(parts[1] ?? '');
  if (latitude === null || longitude === null) return { ok: false, error: 'format' };
  return checkRange(latitude, longitude);
}

/** Validates separate latitude and longitude text fields (profile saved locations). */
export function parseCoordinateFields(latitudeText: string, longitudeText: string): CoordinateResult {
  if (latitudeText.trim() === '' || longitudeText.trim() === '') return { ok: false, error: 'empty' };
  const latitude = parseDecimal(latitudeText);
  const longitude = parseDecimal(longitudeText);
  if (latitude === null || longitude === null) return { ok: false, error: 'format' };
  return checkRange(latitude, longitude);
}

/** 'lat, lon' with up to 6 decimals (about 0.1 m), the text form SPEC.md uses for volunteers-nearby. */
export function formatCoordinatePair({ latitude, longitude }: LatLon, decimals = 6): string {
  return `${roundTo(latitude, decimals)}, ${roundTo(longitude, decimals)}`;
}

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

const EARTH_RADIUS_M = 6_371_008.8;

/** Great-circle distance in metres (haversine on the mean Earth radius; ~0.5% from the ellipsoid, fine for reach checks). */
export function metresBetween(a: LatLon, b: LatLon): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}
