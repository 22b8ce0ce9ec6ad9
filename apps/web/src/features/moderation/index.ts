// Moderation's public entry: the report dialog (reels) and a report's age in words
// (app/relative-times.test.ts). The community loads the report dialog through lazy.ts; the
// desks' screens load through app/routes.tsx.
export { ageText } from './labels';
export { ReportContentDialog } from './report-content-dialog';
