import { lazy, Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../components/brand-mark';
import { PageLoading } from '../../components/page-loading';
import { LanguageSwitcher } from '../../features/language';
import { NavLinks } from './nav-links';
import { NotificationBell } from './notification-bell';
import './layout.css';

// Live alerts (event stream, push messages) start just after the first paint, off the SOS budget.
const LiveAlerts = lazy(() => import('../../features/notifications/live-alerts').then((module) => ({ default: module.LiveAlerts })));
// Volunteers who share a live location send it while the app is open (no MUI, loaded after paint).
const LiveLocationSharer = lazy(() => import('../../features/volunteers/live-location-sharer').then((module) => ({ default: module.LiveLocationSharer })));

/**
 * Mobile first: app bar + bottom navigation; from 1024 px a side navigation. Plain HTML and
 * CSS (no MUI), because it is part of the JS every visit to the SOS dashboard pays for.
 */
export function AppLayout() {
  const { t } = useTranslation('common');
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className="app-bar">
        <Link to="/" className="app-bar__home" aria-label={t('homeLink')}>
          <BrandMark size={32} />
          <span className="app-bar__title">{t('appName')}</span>
        </Link>
        <NotificationBell />
        <LanguageSwitcher />
      </header>
      <Suspense fallback={null}>
        <LiveAlerts />
        <LiveLocationSharer />
      </Suspense>
      <div className="shell__body">
        <NavLinks variant="side" />
        <main id="main" className="shell__main" tabIndex={-1}>
          <div className="shell__content">
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
      </div>
      <NavLinks variant="bottom" />
    </div>
  );
}
