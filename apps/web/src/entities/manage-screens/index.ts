// The management screens: which exist, who may open them, the signed-in user's roles and the gate in front of each.
export { MANAGE_SCREENS, mayOpen, screensFor } from './screens';
export { useMyRoles } from './use-my-roles';
export { RoleGate, RoleGatedPage, type Refusal } from './role-gate';
