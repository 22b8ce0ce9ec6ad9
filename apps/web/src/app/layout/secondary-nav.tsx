import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * Places that are not part of every day (the leaderboard, the certificate) are listed under the
 * main items in the desktop side rail only: the phone's bottom bar already shares 360 px among
 * six items, and on a phone they are reached from Volunteers and Account instead.
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
] as const;

/** The side rail's second group, after a divider. */
export function SecondaryNavLinks() {
  const { t } = useTranslation('nav');
  const { pathname } = useLocation();
  return (
    <ul className="nav__secondary">
      {secondaryNavItems.map((item) => (
        <li key={item.path}>
          <Link to={item.path} className="nav__link" aria-current={pathname === item.path ? 'page' : undefined}>
            <svg className="nav__icon" width={24} height={24} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
              <path d={item.iconPath} />
            </svg>
            <span>{item.labelKey === 'leaderboard' ? t('leaderboard') : t('certificate')}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
