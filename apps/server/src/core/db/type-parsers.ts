/**
 * One way to read values on both drivers: int8 (counts, sums) as JS numbers, and `date`
 * as the plain 'YYYY-MM-DD' text it is, never shifted by a time zone.
 */
export const INT8_OID = 20;
export const NUMERIC_OID = 1700;
export const DATE_OID = 1082;

export const parseInt8 = (value: string): number => Number(value);
export const parseDate = (value: string): string => value;
