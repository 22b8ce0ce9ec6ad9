/**
 * India's national helplines (issue #17), dialled with tap-to-call. Names live in
 * `pages:help.helplines.names.<number>`.
 */
export const INDIA_HELPLINES = ['112', '100', '101', '108', '1091', '181', '1098', '1930', '14416'] as const;
export type IndiaHelpline = (typeof INDIA_HELPLINES)[number];
