import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasManagementRole, type Role } from '@saathi/shared/roles';
import { useSession } from '../../entities/session';
import { useFeatureFlags } from '../../lib/feature-flags';

/**
 * Places that are not part of every day (the leaderboard, the certificate, local alerts, and Manage for those
 * holding a management role) are listed under the main items in the desktop side rail only: the
 * phone's bottom bar already shares 360 px among six items, and on a phone they are reached from
 * Volunteers and Account instead.
 */
export const secondaryNavItems = [
  // Material icons "Leaderboard" and "WorkspacePremium" (Apache License 2.0), inline as in components/icons.tsx.
  { labelKey: 'leaderboard', path: '/leaderboard', iconPath: 'M7.5 21H2V9h5.5zm7.25-18h-5.5v18h5.5zM22 11h-5.5v10H22z' },
  {
    labelKey: 'certificate',
    path: '/cartificate',
    iconPath:
      'M9.68 13.69 12 11.93l2.31 1.76-.88-2.85L15.75 9h-2.84L12 6.19 11.09 9H8.25l2.31 1.84zM20 10c0-4.42-3.58-8-8-8s-8 3.58-8 8c0 2.03.76 3.87 2 5.28V23l6-2 6 2v-7.72c1.24-1.41 2-3.25 2-5.28m-8-6c3.31 0 6 2.69 6 6s-2.69 6-6 6-6-2.69-6-6 2.69-6 6-6',
  },
  // Material icon "NotificationImportant" outlined (Apache License 2.0): local alerts nearby.
  {
    labelKey: 'alerts',
    path: '/alerts',
    iconPath:
      'M10.01 21.01c0 1.1.89 1.99 1.99 1.99s1.99-.89 1.99-1.99zM12 6c2.76 0 5 2.24 5 5v7H7v-7c0-2.76 2.24-5 5-5m0-4.5c-.83 0-1.5.67-1.5 1.5v1.17C7.36 4.85 5 7.65 5 11v6l-2 2v1h18v-1l-2-2v-6c0-3.35-2.36-6.15-5.5-6.83V3c0-.83-.67-1.5-1.5-1.5M11 8h2v4h-2zm0 6h2v2h-2z',
  },
] as const;

/** Material icon "AdminPanelSettings" (Apache License 2.0): the management screens, for those holding a role. */
const MANAGE_ICON_PATH =
  'M17 11c.34 0 .67.04 1 .09V6.27L10.5 3 3 6.27v4.91c0 4.54 3.2 8.79 7.5 9.82.55-.13 1.08-.32 1.6-.55-.69-.98-1.1-2.17-1.1-3.45 0-3.31 2.69-6 6-6m0 2c-2.21 0-4 1.79-4 4s1.79 4 4 4 4-1.79 4-4-1.79-4-4-4m0 1.38c.62 0 1.12.51 1.12 1.12s-.51 1.12-1.12 1.12-1.12-.51-1.12-1.12.5-1.12 1.12-1.12m0 5.37c-.93 0-1.74-.46-2.24-1.17.05-.72 1.51-1.08 2.24-1.08s2.19.36 2.24 1.08c-.5.71-1.31 1.17-2.24 1.17';

/** Material icon "AutoAwesome" (Apache License 2.0): the astrology assistant, while its feature is on. */
const ASTRO_ICON_PATH =
  'm19 9 1.25-2.75L23 5l-2.75-1.25L19 1l-1.25 2.75L15 5l2.75 1.25zm-7.5.5L9 4 6.5 9.5 1 12l5.5 2.5L9 20l2.5-5.5L17 12zM19 15l-1.25 2.75L15 19l2.75 1.25L19 23l1.25-2.75L23 19l-2.75-1.25z';

/** The side rail's second group, after a divider. */
export function SecondaryNavLinks() {
  // `titles` too: local alerts' name is its page's (the tab title loads that namespace anyway), which
  // keeps the side rail's words out of the first screen's JavaScript.
  const { t } = useTranslation(['nav', 'titles']);
  const { pathname } = useLocation();
  // A user stored by an older version of the app has no `roles` until the server is asked again.
  const user: { roles?: readonly Role[] } | null = useSession().user;
  const manages = hasManagementRole(user?.roles);
  const { astroAi } = useFeatureFlags();
  return (
    <ul className="nav__secondary">
      {secondaryNavItems.map((item) => (
        <RailLink
          key={item.path}
          to={item.path}
          iconPath={item.iconPath}
          label={item.labelKey === 'leaderboard' ? t('leaderboard') : item.labelKey === 'alerts' ? t('titles:alerts') : t('certificate')}
          current={pathname === item.path || pathname.startsWith(`${item.path}/`)}
        />
      ))}
      {astroAi && <RailLink to="/astro-ai" iconPath={ASTRO_ICON_PATH} label={t('astro')} current={pathname === '/astro-ai'} />}
      {manages && <RailLink to="/manage" iconPath={MANAGE_ICON_PATH} label={t('manage')} current={pathname === '/manage' || pathname.startsWith('/manage/')} />}
    </ul>
  );
}

/** One link of the group: its icon (one SVG path) and label, marked as the current page where it is. */
function RailLink({ to, iconPath, label, current }: { to: string; iconPath: string; label: string; current: boolean }) {
  return (
    <li>
      <Link to={to} className="nav__link" aria-current={current ? 'page' : undefined}>
        <svg className="nav__icon" width={24} height={24} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
          <path d={iconPath} />
        </svg>
        <span>{label}</span>
      </Link>
    </li>
  );
}
