import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { activeNavItem, navItems } from '../nav-items';

/** Its own small chunk, fetched after the first screen. */
const SecondaryNavLinks = lazy(async () => ({ default: (await import('./secondary-nav')).SecondaryNavLinks }));

/**
 * The main navigation: a bottom bar on phones and small tablets, a side rail from 1024 px.
 * Which one shows is decided by CSS (layout.css), so the first paint is right at any width.
 * The side rail also lists the secondary places (secondary-nav.tsx), loaded after the first
 * screen: they are not needed to raise an SOS, and the phone's bottom bar does not show them.
 */
export function NavLinks({ variant }: { variant: 'bottom' | 'side' }) {
  const { t } = useTranslation('nav');
  const { pathname } = useLocation();
  const active = activeNavItem(pathname);
  return (
    <nav className={`nav nav--${variant}`} aria-label={t('mainNavigation')}>
      <ul>
        {navItems.map((item) => {
          const Icon = item.icon;
          const current = active?.path === item.path;
          return (
            <li key={item.path}>
              <Link to={item.path} className="nav__link" aria-current={current ? 'page' : undefined}>
                <Icon className="nav__icon" />
                <span>{t(item.labelKey)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
      {variant === 'side' && (
        <Suspense fallback={null}>
          <SecondaryNavLinks />
        </Suspense>
      )}
    </nav>
  );
}
