import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FeedbackTicket } from '@saathi/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/load-failed';
import { PageHeader } from '../../components/page-header';
import { PageLoading } from '../../components/page-loading';
import { useErrorText } from '../../lib/error-text';
import { FeedbackForm } from './feedback-form';
import type { QueuedFeedback } from './feedback-outbox';
import { feedbackOutbox } from './outbox';
import { feedbackKeys, useMyFeedbackQuery } from './queries';
import { useFeedbackLabels } from './labels';
import { TicketCard, formatWhen } from './ticket-card';
import { refetchAfterChange } from '../../lib/refetch-after-change';

// Colours whose white text keeps AA contrast (MUI's orange warning does not).

/** `/feedback`: send a ticket (kept on the phone while offline), and read the answers to one's tickets. */
export function FeedbackPage() {
  const { t } = useTranslation('feedback');
  return (
    <Stack spacing={3}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <FeedbackForm />
      <WaitingToSend />
      <MyTickets />
    </Stack>
  );
}

/** The tickets kept on this device until the connection returns, and a way to try at once. */
function WaitingToSend() {
  const { t } = useTranslation('feedback');
  const labels = useFeedbackLabels();
  const queryClient = useQueryClient();
  const [items, setItems] = useState<QueuedFeedback[]>([]);
  const [online, setOnline] = useState(() => navigator.onLine);
  const [trying, setTrying] = useState(false);

  useEffect(() => {
    const outbox = feedbackOutbox();
    let live = true;
    const read = () => void outbox.pending().then((pending) => live && setItems(pending.sort((a, b) => a.queuedAt.localeCompare(b.queuedAt))));
    const unsubscribe = outbox.subscribe(() => {
      read();
      void refetchAfterChange(queryClient, { queryKey: feedbackKeys.mine() });
    });
    const onOnline = () => setOnline(true);
    const onOffline = () => setOnline(false);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    read();
    // Tickets wait for their author: whoever just signed in sends theirs when they open the page.
    if (navigator.onLine) void outbox.flush();
    return () => {
      live = false;
      unsubscribe();
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    };
  }, [queryClient]);

  if (items.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="feedback-waiting-heading">
      <Typography id="feedback-waiting-heading" variant="h6" component="h2" gutterBottom>
        {t('waiting.title')}
      </Typography>
      <Alert
        severity="info"
        action={
          online ? (
            <Button
              color="inherit"
              size="small"
              loading={trying}
              onClick={() => {
                setTrying(true);
                void feedbackOutbox()
                  .flush()
                  .finally(() => setTrying(false));
              }}
            >
              {t('waiting.sendNow')}
            </Button>
          ) : undefined
        }
      >
        {online ? t('waiting.online', { count: items.length }) : t('waiting.offline', { count: items.length })}
      </Alert>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
        {items.map((item) => (
          <Paper key={item.clientId} component="li" variant="outlined" sx={{ p: 1.5 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5, flexWrap: 'wrap' }}>
              <Chip size="small" label={t('waiting.chip')} color="info" />
              <Typography variant="body2" color="textSecondary">
                {labels.category(item.category)}
              </Typography>
            </Stack>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {item.text}
            </Typography>
          </Paper>
        ))}
      </Stack>
    </Box>
  );
}

function MyTickets() {
  const { t } = useTranslation('feedback');
  const errorText = useErrorText();
  const query = useMyFeedbackQuery();
  return (
    <Box component="section" aria-labelledby="feedback-mine-heading">
      <Typography id="feedback-mine-heading" variant="h6" component="h2" gutterBottom>
        {t('mine.title')}
      </Typography>
      {query.isPending ? (
        <PageLoading />
      ) : query.isError ? (
        <LoadFailed message={errorText(query.error)} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <Typography color="textSecondary">{t('mine.none')}</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {query.data.items.map((ticket) => (
            <MyTicket key={ticket.id} ticket={ticket} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

function MyTicket({ ticket }: { ticket: FeedbackTicket }) {
  const { t, i18n } = useTranslation('feedback');
  return (
    <TicketCard
      ticket={ticket}
      heading="h3"
      headerExtra={
        <Typography variant="caption" color="textSecondary">
          {formatWhen(ticket.createdAt, i18n.language)}
        </Typography>
      }
      attachments={
        ticket.screenshotUrl && (
          <Link href={ticket.screenshotUrl} target="_blank" rel="noopener" variant="body2">
            {t('mine.screenshot')}
          </Link>
        )
      }
      replyCaption={(reply) => t('mine.reply', { when: formatWhen(reply.createdAt, i18n.language) })}
    />
  );
}
