// Nothing here is used by another feature or the app shell: the admins' screens (/manage,
// /manage/users, /manage/audit, /manage/status) load lazily through app/routes.tsx (pages.ts).
// The list of management screens and the role gate are entities/manage-screens.
export {};
