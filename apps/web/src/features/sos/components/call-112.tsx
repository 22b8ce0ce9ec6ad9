import { useTranslation } from 'react-i18next';
import { PhoneInTalkIcon } from '../../../components/icons';

/** India's single emergency number, one tap away on every state of the SOS screen. */
export function Call112() {
  const { t } = useTranslation('dashboard');
  return (
    <div className="sos-call">
      <a href="tel:112" className="dash-button dash-call-112">
        <PhoneInTalkIcon />
        {t('common:call112')}
      </a>
      <p className="sos-call__hint">{t('emergency.body')}</p>
    </div>
  );
}
