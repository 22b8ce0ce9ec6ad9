import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMeQuery } from '../../entities/user';
import { EmergencyContactsCard } from './emergency-contacts-card';
import { HELPLINES } from './helplines';
import { SosPanel } from './components/sos-panel';
import { Call112 } from './components/call-112';
import { warmUpPosition } from '../../lib/position';
import './dashboard.css';

// Not needed to raise an SOS, so loaded after the dashboard, out of its JS budget (DESIGN.md §7):
// the banner shows only once the server has answered for the stored event anyway.
const ActiveSosBanner = lazy(() => import('./components/active-sos-banner').then((module) => ({ default: module.ActiveSosBanner })));
const PushPrompt = lazy(() => import('./components/push-prompt').then((module) => ({ default: module.PushPrompt })));

/**
 * `/` and `/sos`: the SOS button first, calling 112 always one tap away. Built from plain
 * elements (no MUI) so it is interactive quickly on a slow phone (DESIGN.md §7 budget).
 */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { data: user } = useMeQuery();
  const firstName = user?.name?.trim().split(/\s+/)[0];

  useEffect(() => {
    void warmUpPosition();
  }, []);

  return (
    <div className="dash">
      <header>
        <h1 className="dash__title">{firstName ? t('greetingNamed', { name: firstName }) : t('greeting')}</h1>
        <p className="dash__subtitle">{t('subtitle')}</p>
      </header>

      {user && (
        <Suspense fallback={null}>
          <ActiveSosBanner userId={user.id} />
        </Suspense>
      )}

      {user ? <SosPanel userId={user.id} countdownSetting={user.sosCountdownSeconds} contacts={user.emergencyContacts} /> : <Call112 />}

      {user && !user.profileCompleted && (
        <section className="dash-card dash-card--profile" aria-labelledby="profile-heading">
          <h2 id="profile-heading" className="dash-card__title">
            {t('profile.title')}
          </h2>
          <p>{t('profile.body')}</p>
          <Link to="/profile" className="dash-button dash-button--contained">
            {t('profile.action')}
          </Link>
        </section>
      )}

      {user && (
        <Suspense fallback={null}>
          <PushPrompt />
        </Suspense>
      )}

      <div className="dash-columns">
        <EmergencyContactsCard contacts={user?.emergencyContacts ?? []} />

        <section className="dash-card" aria-labelledby="helplines-heading">
          <h2 id="helplines-heading" className="dash-card__title">
            {t('helplines.title')}
          </h2>
          <div className="dash-helplines">
            {HELPLINES.map((line) => (
              <a key={line.number} href={`tel:${line.number}`} className="dash-helpline" aria-label={`${t(line.labelKey)} ${line.number}`}>
                <span className="dash-helpline__number">{line.number}</span>
                <span className="dash-helpline__label">{t(line.labelKey)}</span>
              </a>
            ))}
          </div>
        </section>
      </div>
    </div>
  );
}
