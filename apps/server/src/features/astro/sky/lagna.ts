import { DEG, norm360 } from './angles';

/**
 * The ascendant: the point of the ecliptic rising on the eastern horizon (Meeus,
 * Astronomical Algorithms, ch. 14; the two-argument arctangent picks the eastern point):
 *
 *   λ = atan2(cos θ, −(sin θ cos ε + tan φ sin ε))
 *
 * θ the local apparent sidereal time, ε the true obliquity, φ the latitude. Tropical, of date.
 */
export function ascendantLongitude(localSiderealDeg: number, trueObliquityDeg: number, latitudeDeg: number): number {
  const theta = localSiderealDeg * DEG;
  const epsilon = trueObliquityDeg * DEG;
  const phi = latitudeDeg * DEG;
  const y = Math.cos(theta);
  const x = -(Math.sin(theta) * Math.cos(epsilon) + Math.tan(phi) * Math.sin(epsilon));
  return norm360(Math.atan2(y, x) / DEG);
}
