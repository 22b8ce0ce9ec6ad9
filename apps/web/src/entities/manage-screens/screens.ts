import { hasRole, type Role } from '@saathi/shared/roles';

/** One management screen: where it is, its name and line in the `manage` namespace, and who may open it. */
export interface ManageScreen {
  path: string;
  titleKey: string;
  descriptionKey: string;
  /** Any of these roles opens it; admin opens every screen. */
  roles: readonly Exclude<Role, 'user'>[];
}

/**
 * Every management screen, in the order /manage lists them. A feature that adds one (the news
 * desk for editors, the reels desk and moderation for moderators) adds its line here. The
 * server checks the role on every call; this list only decides what the app offers.
 */
export const MANAGE_SCREENS: readonly ManageScreen[] = [
  { path: '/manage/users', titleKey: 'screens.users.title', descriptionKey: 'screens.users.description', roles: ['admin'] },
  { path: '/manage/audit', titleKey: 'screens.audit.title', descriptionKey: 'screens.audit.description', roles: ['admin'] },
  { path: '/manage/status', titleKey: 'screens.status.title', descriptionKey: 'screens.status.description', roles: ['admin'] },
  { path: '/news/manage', titleKey: 'screens.news.title', descriptionKey: 'screens.news.description', roles: ['editor'] },
  { path: '/shorts-crud', titleKey: 'screens.reels.title', descriptionKey: 'screens.reels.description', roles: ['moderator'] },
  { path: '/community-feeds/manage', titleKey: 'screens.moderation.title', descriptionKey: 'screens.moderation.description', roles: ['moderator'] },
  { path: '/manage/feedback', titleKey: 'screens.feedback.title', descriptionKey: 'screens.feedback.description', roles: ['admin'] },
  { path: '/manage/responders', titleKey: 'screens.responders.title', descriptionKey: 'screens.responders.description', roles: ['moderator'] },
];

/** Whether someone holding `held` may open `screen`. */
export function mayOpen(screen: Pick<ManageScreen, 'roles'>, held: readonly Role[] | undefined): boolean {
  return screen.roles.some((role) => hasRole(held, role));
}

/** The screens someone holding `held` may open (none for a plain user). */
export function screensFor(held: readonly Role[] | undefined, screens: readonly ManageScreen[] = MANAGE_SCREENS): ManageScreen[] {
  return screens.filter((screen) => mayOpen(screen, held));
}
