import { useTranslation } from 'react-i18next';
import type { EmergencyContact } from '@saathi/shared';
import { PhoneInTalkIcon } from '../../../components/icons';
import { buildSosSmsLink, formatCoordinates, smsMessageValues } from '../../../entities/sos';
import type { DevicePosition } from '../../../lib/position';

interface SmsFallbackProps {
  reason: 'offline' | 'no-position';
  position: DevicePosition | null;
  contacts: readonly Pick<EmergencyContact, 'phoneNumber'>[];
  onDismiss: () => void;
}

/** Without network (or a position) the app cannot raise the alert itself: SMS and 112 can. */
export function SmsFallback({ reason, position, contacts, onDismiss }: SmsFallbackProps) {
  const { t } = useTranslation('dashboard');
  const values = smsMessageValues(position);
  const message = values ? t('offline.message', values) : t('offline.messageNoLocation');
  return (
    <div className="sos-fallback" role="alert">
      <p className="sos-fallback__title">{reason === 'offline' ? t('offline.title') : t('offline.noPositionTitle')}</p>
      <p>{reason === 'offline' ? t('offline.body') : t('offline.noPositionBody')}</p>
      {position && (
        <p className="sos-fallback__coords">
          {t('offline.coordinates', { coordinates: formatCoordinates(position.latitude, position.longitude) })}
          {position.stale && ` ${t('offline.lastKnown')}`}
        </p>
      )}
      <div className="sos-fallback__actions">
        <a className="dash-button dash-button--sms" href={buildSosSmsLink(contacts, message)}>
          {contacts.length > 0 ? t('offline.sendSms', { count: contacts.length }) : t('offline.sendSmsNoContacts')}
        </a>
        <a className="dash-button dash-button--danger" href="tel:112">
          <PhoneInTalkIcon size={20} />
          {t('common:call112')}
        </a>
        <button type="button" className="dash-button dash-button--text" onClick={onDismiss}>
          {t('offline.dismiss')}
        </button>
      </div>
    </div>
  );
}
