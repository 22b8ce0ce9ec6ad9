// The management screens: which exist, who may open them, the signed-in user's roles and the
// gates in front of them (an admin's or editor's screen, a moderators' desk).
export { MANAGE_SCREENS, screensFor } from './screens';
export { useMyRoles } from './use-my-roles';
export { RoleGate, RoleGatedPage, type Refusal } from './role-gate';
export { ModeratorPage } from './moderator-page';
