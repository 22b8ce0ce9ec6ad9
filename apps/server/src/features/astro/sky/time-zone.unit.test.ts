import { describe, expect, it } from 'vitest';
import { formatOffset, localIso, localTimeToUtc, offsetSecondsAt, timeZoneOfPlace } from './time-zone';

/** India's past offsets, from the IANA time zone database (zone Asia/Kolkata). */
describe('historical Indian time', () => {
  it.each([
    ['1900-06-01', '10:00', '1900-06-01T04:38:50.000Z', '+05:21:10'],
    ['1943-06-01', '10:00', '1943-06-01T03:30:00.000Z', '+06:30'],
    ['1947-08-15', '00:00', '1947-08-14T18:30:00.000Z', '+05:30'],
    ['2026-11-27', '06:00', '2026-11-27T00:30:00.000Z', '+05:30'],
  ])('%s %s in Asia/Kolkata is %s (%s)', (date, time, utc, offset) => {
    const { utcMs, offsetSeconds } = localTimeToUtc(date, time, 'Asia/Kolkata');
    expect(new Date(utcMs).toISOString()).toBe(utc);
    expect(formatOffset(offsetSeconds)).toBe(offset);
  });

  it('writes instants as local times with the offset then', () => {
    expect(localIso(Date.parse('2024-04-08T18:20:50Z'), 'Asia/Kolkata')).toBe('2024-04-08T23:50:50+05:30');
    expect(offsetSecondsAt(Date.parse('1944-01-01T00:00:00Z'), 'Asia/Kolkata')).toBe(23400);
  });

  it('takes Asia/Kolkata for Indian places and the nautical zone elsewhere', () => {
    expect(timeZoneOfPlace(23.0225, 72.5714)).toBe('Asia/Kolkata');
    expect(timeZoneOfPlace(11.6234, 92.7265)).toBe('Asia/Kolkata');
    expect(timeZoneOfPlace(51.5, -0.12)).toBe('Etc/GMT');
    expect(timeZoneOfPlace(25.2, 55.27)).toBe('Etc/GMT-4');
    expect(timeZoneOfPlace(40.7, -74)).toBe('Etc/GMT+5');
  });
});
