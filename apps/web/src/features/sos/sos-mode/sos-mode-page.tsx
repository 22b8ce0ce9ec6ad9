import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { SosEventOwnerView, SosEventView, SosRecipient } from '@saathi/shared';
import { isApiError } from '../../../lib/api-client';
import { QueryState } from '../../../components/query-state';
import { useLiveEvents } from '../../../entities/live-events';
import { endCachedEvent, sosApi, sosKeys } from '../../../entities/sos-event';
import { OwnerView } from './owner-view';
import { VolunteerEventEnded, VolunteerView } from './volunteer-view';
import { refetchAfterChange } from '../../../lib/refetch-after-change';

/** The owner's view with one recipient's new answer (the order stays the server's). */
function withRecipient(event: SosEventOwnerView, recipient: SosRecipient): SosEventOwnerView {
  const known = event.alerted.some((r) => r.notificationId === recipient.notificationId);
  const alerted = known ? event.alerted.map((r) => (r.notificationId === recipient.notificationId ? recipient : r)) : [...event.alerted, recipient];
  return { ...event, alerted, accepted: alerted.filter((r) => r.status === 'accepted') };
}

/** Safety net under the live stream while the event is active. */
const ACTIVE_REFRESH_MS = 15_000;

/**
 * `/sos-mode?sosEventId=&contactsOnly=`: the owner's live screen, or, for someone the alert
 * reached, the volunteer view. Live over the event stream, no reload needed.
 */
export function SosModePage() {
  // The contacts' SMS statuses' texts load with the screen's: one arriving later never suspends it.
  const { t } = useTranslation(['sos', 'contact-sms']);
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const id = Number(params.get('sosEventId'));
  const valid = Number.isInteger(id) && id > 0;

  const query = useQuery({
    queryKey: sosKeys.event(id),
    queryFn: () => sosApi.get(id),
    enabled: valid,
    retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2,
    refetchInterval: (current) => (current.state.data?.status === 'active' ? ACTIVE_REFRESH_MS : false),
  });

  useLiveEvents((message) => {
    if (message.type === 'stream.ready' || (message.type.startsWith('sos.') && 'data' in message && 'eventId' in message.data && message.data.eventId === id)) {
      // A volunteer's answer carries what the owner's screen shows: shown at once, then the
      // refetch below confirms it (the API stays the source of truth).
      if (message.type === 'sos.accepted' || message.type === 'sos.declined') {
        const { recipient } = message.data;
        queryClient.setQueryData<SosEventView>(sosKeys.event(id), (current) => (current?.role === 'owner' ? withRecipient(current, recipient) : current));
      }
      // Ended: someone it reached may no longer read it, so their screen is told, not refetched.
      if (
        message.type === 'sos.updated' &&
        message.data.status !== 'active' &&
        queryClient.getQueryData<SosEventView>(sosKeys.event(id))?.role === 'volunteer'
      ) {
        endCachedEvent(queryClient, id, message.data.status);
        return;
      }
      void refetchAfterChange(queryClient, { queryKey: sosKeys.event(id) });
    }
  }, valid);

  if (!valid) {
    return <Unavailable message={t('mode.missing')} />;
  }
  return (
    <QueryState
      query={query}
      spinnerPadding={6}
      // A failed refetch (a network blip as a volunteer accepts) must not take the owner's screen
      // away: that unmounted the recorder, whose next start lost evidence (issue: 409 on parts 0, 1).
      keepDataOnError={query.data?.role === 'owner'}
      renderError={(error, retry) => {
        // The server answers someone the alert reached with 403 sos_ended once it is over.
        if (isApiError(error) && error.code === 'sos_ended') return <VolunteerEventEnded />;
        const status = isApiError(error) ? error.status : 0;
        return (
          <Unavailable
            message={status === 403 || status === 404 || status === 410 ? t('mode.unavailable') : t('mode.loadFailed')}
            retry={status === 0 || status >= 500 ? retry : undefined}
          />
        );
      }}
    >
      {(event) => (event.role === 'owner' ? <OwnerView event={event} /> : <VolunteerView event={event} />)}
    </QueryState>
  );
}

function Unavailable({ message, retry }: { message: string; retry?: () => void }) {
  const { t } = useTranslation('sos');
  return (
    <Stack spacing={2}>
      <Alert severity="info">{message}</Alert>
      <Stack direction="row" spacing={1}>
        {retry && (
          <Button variant="contained" onClick={retry}>
            {t('common:actions.retry')}
          </Button>
        )}
        <Button component={RouterLink} to="/" variant="outlined">
          {t('owner.backToDashboard')}
        </Button>
      </Stack>
    </Stack>
  );
}
