/** SPEC.md §9: metres under 1 km, else km with one decimal. Returns the i18n key and values. */
export function distanceParts(metres: number): { key: 'distance.m' | 'distance.km'; value: string } {
  if (metres < 1000) return { key: 'distance.m', value: String(Math.max(0, Math.round(metres))) };
  return { key: 'distance.km', value: (metres / 1000).toFixed(1) };
}

/** Great-circle distance in metres (haversine), for a volunteer's own view of the victim. */
export function haversineMetres(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const toRad = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRad(b.latitude - a.latitude);
  const dLon = toRad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.latitude)) * Math.cos(toRad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}
