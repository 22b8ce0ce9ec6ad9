/**
 * A timestamptz as a row brings it: a Date from typed selects, text from some raw SQL (and from
 * PGlite). One reading for every repository.
 */
export const toDate = (value: Date | string): Date => new Date(value);

/** The same for a column that may be NULL (or a field a LEFT JOIN left out). */
export const toDateOrNull = (value: Date | string | null | undefined): Date | null => (value === null || value === undefined ? null : new Date(value));
