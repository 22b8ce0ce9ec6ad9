// The management screens share one chunk (they share their parts), reached through app/more-pages.ts.
export { ManagePage } from './manage-page';
export { ManageUsersPage } from './manage-users-page';
export { ManageAuditPage } from './manage-audit-page';
export { ManageStatusPage } from './manage-status-page';
