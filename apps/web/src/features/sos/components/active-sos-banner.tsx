import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHoldBackgroundToasts } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { sosApi, sosKeys } from '../../../entities/sos-event';
import { useNow } from '../../../lib/use-now';
import { clearActiveEvent, readActiveEvent, sosModePath } from '../lib/active-event';

/** An ended SOS stays reachable from the dashboard (to rate volunteers, see evidence) this long. */
const RECENT_MS = 7 * 24 * 60 * 60 * 1000;

/** Points back to SOS mode while the user's own alert is active, or to the last one recently ended. */
export function ActiveSosBanner({ userId }: { userId: number }) {
  const { t } = useTranslation('dashboard');
  const stored = readActiveEvent(userId);
  const now = useNow();
  const { data: event } = useQuery({
    queryKey: sosKeys.event(stored?.id ?? 0),
    queryFn: async () => {
      try {
        return await sosApi.get(stored?.id ?? 0);
      } catch (error) {
        // Gone or not ours (another account on this device): forget it.
        if (isApiError(error) && (error.status === 403 || error.status === 404)) clearActiveEvent(stored?.id);
        throw error;
      }
    },
    enabled: stored !== null,
    retry: false,
  });
  const ownActive = stored !== null && event?.role === 'owner' && event.status === 'active';
  // While the user's own SOS is active, the dashboard's panel is not covered by toasts about anything else.
  useHoldBackgroundToasts(ownActive ? stored.id : null);
  if (!stored || !event || event.role !== 'owner') return null;
  if (event.status === 'active') {
    return (
      <Link to={sosModePath(stored.id, stored.contactsOnly)} className="sos-active-banner" role="status">
        <span className="sos-active-banner__dot" aria-hidden="true" />
        <span>
          <strong>{t('sos.activeTitle')}</strong> {t('sos.activeBody')}
        </span>
      </Link>
    );
  }
  const endedAt = Date.parse(event.endedAt ?? event.updatedAt);
  if (!Number.isFinite(endedAt) || now - endedAt > RECENT_MS) return null;
  return (
    <Link to={sosModePath(stored.id, stored.contactsOnly)} className="sos-recent-banner">
      {t('sos.recentEnded')}
    </Link>
  );
}
