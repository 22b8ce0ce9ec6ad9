// What other features load from here on demand, each in a chunk of its own.

/** The report dialog, loaded when someone asks to report a post or a comment. */
export const loadReportContentDialog = () => import('./report-content-dialog');
