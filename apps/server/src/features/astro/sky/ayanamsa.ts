/**
 * The Lahiri (Chitrapaksha) ayanamsa: the angle between the tropical zodiac (from the equinox)
 * and the sidereal one Indian almanacs use.
 *
 * Definition (Indian Astronomical Ephemeris, as adopted by the Calendar Reform Committee):
 * 23°15′00.658″ on 1956 March 21, 0h ET, a true value (it includes that day's nutation in
 * longitude, +16.77″), so the mean ayanamsa then was 23.245524743°. It grows with the general
 * precession in longitude p_A (IAU 2006, Capitaine et al. 2003):
 *
 *   mean(T) = 23.245524743° + p_A(T) − p_A(T1956),  T in Julian centuries of TT from J2000.
 *   true(T) = mean(T) + Δψ(T)   (the nutation in longitude of date)
 *
 * which gives 23°51′25.5″ mean (23°51′11.5″ true) on 2000 January 1.5, the published value.
 * Longitudes here are apparent, of the true equinox of date, so the true ayanamsa is the one
 * subtracted: sidereal = apparent tropical − true ayanamsa.
 */
const LAHIRI_MEAN_1956 = 23.245524743;
const T_1956 = (2435553.5 - 2451545.0) / 36525;

/** General precession in longitude since J2000, in degrees (IAU 2006 p_A). */
function generalPrecession(T: number): number {
  const arcsec = 5028.796195 * T + 1.1054348 * T ** 2 + 0.00007964 * T ** 3 - 0.000023857 * T ** 4;
  return arcsec / 3600;
}

const PRECESSION_1956 = generalPrecession(T_1956);

export function lahiriMean(centuriesTT: number): number {
  return LAHIRI_MEAN_1956 + generalPrecession(centuriesTT) - PRECESSION_1956;
}

/** The true ayanamsa: the mean one plus the nutation in longitude (degrees). */
export function lahiriTrue(centuriesTT: number, nutationLongitudeDeg: number): number {
  return lahiriMean(centuriesTT) + nutationLongitudeDeg;
}
