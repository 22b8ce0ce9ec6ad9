import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { QueueAppeal } from '@saathi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { PageLoading } from '../../components/page-loading';
import { useSession } from '../auth/session';
import { mayOpen } from '../manage/screens';
import { useMyRoles } from '../manage/use-my-roles';
import { DecideDialog, type DecisionRequest } from './decide-dialog';
import { useModerationQueueQuery } from './queries';
import { QueueItemCard } from './queue-item-card';
import { actionLabel, kindLabel } from './labels';

/** Who may open the desk (features/manage/screens.ts lists it for the same roles). */
export const MODERATION_DESK_ROLES = ['moderator'] as const;

/** `/community-feeds/manage`: the moderation desk for moderators (and admins); anyone else reads a calm word. */
export function ModerationDeskPage() {
  const { t } = useTranslation('moderation');
  const roles = useMyRoles();
  return (
    <Stack spacing={2}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {!roles ? <PageLoading /> : mayOpen({ roles: MODERATION_DESK_ROLES }, roles) ? <Desk /> : <Alert severity="info">{t('notAllowed')}</Alert>}
    </Stack>
  );
}

function Desk() {
  const { t } = useTranslation('moderation');
  const queue = useModerationQueueQuery();
  const [request, setRequest] = useState<DecisionRequest | null>(null);
  if (queue.isPending) return <PageLoading />;
  if (queue.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void queue.refetch()}>
            {t('retry')}
          </Button>
        }
      >
        {t('loadFailed')}
      </Alert>
    );
  }
  const { items, appeals } = queue.data;
  return (
    <Stack spacing={3}>
      <Stack component="section" spacing={1.5} aria-labelledby="moderation-appeals">
        <Typography id="moderation-appeals" variant="h6" component="h2">
          {t('appealsHeading')}
        </Typography>
        {appeals.length === 0 ? (
          <Typography color="text.secondary">{t('noAppeals')}</Typography>
        ) : (
          appeals.map((appeal) => (
            <AppealCard key={appeal.id} appeal={appeal} onDecide={(outcome) => setRequest({ kind: 'appeal', appealId: appeal.id, outcome })} />
          ))
        )}
      </Stack>
      <Stack component="section" spacing={1.5} aria-labelledby="moderation-queue">
        <Typography id="moderation-queue" variant="h6" component="h2">
          {t('queueHeading')}
        </Typography>
        {items.length === 0 ? (
          <Typography color="text.secondary">{t('empty')}</Typography>
        ) : (
          items.map((item) => (
            <QueueItemCard
              key={`${item.targetType}-${item.targetId}`}
              item={item}
              onDecide={(action) => setRequest({ kind: 'item', targetType: item.targetType, targetId: item.targetId, action })}
            />
          ))
        )}
      </Stack>
      {request && <DecideDialog request={request} onClose={() => setRequest(null)} />}
    </Stack>
  );
}

function AppealCard({ appeal, onDecide }: { appeal: QueueAppeal; onDecide: (outcome: 'uphold' | 'overturn') => void }) {
  const { t } = useTranslation('moderation');
  const { user } = useSession();
  const own = appeal.decision.moderatorId === user?.id;
  return (
    <Card component="article" variant="outlined">
      <CardContent>
        <Stack spacing={1}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {t('appeal.by', { name: appeal.author?.name ?? '—' })} · {kindLabel(t, appeal.decision.targetType)} #{appeal.decision.targetId}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {appeal.decision.excerpt}
          </Typography>
          <Typography variant="body2">{t('appeal.decision', { action: actionLabel(t, appeal.decision.action), reason: appeal.decision.reason })}</Typography>
          <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            “{appeal.text}”
          </Typography>
          {own ? (
            <Alert severity="info">{t('appeal.sameModerator')}</Alert>
          ) : (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button size="small" variant="contained" onClick={() => onDecide('overturn')}>
                {t('appeal.overturn')}
              </Button>
              <Button size="small" variant="outlined" onClick={() => onDecide('uphold')}>
                {t('appeal.uphold')}
              </Button>
            </Stack>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
