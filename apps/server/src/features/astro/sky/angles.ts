/** Degrees in [0, 360). */
export function norm360(degrees: number): number {
  return ((degrees % 360) + 360) % 360;
}

/** Degrees in [-180, 180): the shortest signed way from one angle to another. */
export function wrap180(degrees: number): number {
  return norm360(degrees + 180) - 180;
}

export const DEG = Math.PI / 180;
