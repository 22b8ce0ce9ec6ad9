import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PhoneInTalkIcon } from '../../components/icons';
import { useMeQuery } from '../users/queries';
import { EmergencyContactsCard } from './emergency-contacts-card';
import { HELPLINES } from './helplines';
import './dashboard.css';

/**
 * `/` and `/sos`: the safety dashboard. Calling 112 is always one tap away. Built from plain
 * elements (no MUI) so it is interactive quickly on a slow phone (DESIGN.md §7 budget).
 */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { data: user } = useMeQuery();
  const firstName = user?.name?.trim().split(/\s+/)[0];

  return (
    <div className="dash">
      <header>
        <h1 className="dash__title">{firstName ? t('greetingNamed', { name: firstName }) : t('greeting')}</h1>
        <p className="dash__subtitle">{t('subtitle')}</p>
      </header>

      <section className="dash-card dash-card--emergency" aria-labelledby="emergency-heading">
        <h2 id="emergency-heading" className="dash-card__title">
          {t('emergency.title')}
        </h2>
        <p>{t('emergency.body')}</p>
        <a href="tel:112" className="dash-button dash-call-112">
          <PhoneInTalkIcon />
          {t('common:call112')}
        </a>
      </section>

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
