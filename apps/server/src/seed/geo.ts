import type { Random } from './random';

/** Moves a point up to about `metres` in a random direction, so neighbours do not stack up. */
export function jitter(random: Random, latitude: number, longitude: number, metres: number) {
  const dLat = ((random.next() * 2 - 1) * metres) / 110_574;
  const dLon = ((random.next() * 2 - 1) * metres) / (111_320 * Math.cos((latitude * Math.PI) / 180));
  return { latitude: latitude + dLat, longitude: longitude + dLon };
}
