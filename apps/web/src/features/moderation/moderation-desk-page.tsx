import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ModerationTarget, QueueAppeal } from '@saathi/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../components/paged-list';
import { useToast } from '../../components/toast';
import { useErrorText } from '../../lib/error-text';
import { useSession } from '../../entities/session';
import { DecideDialog, overturnLabel, type DecisionRequest } from './decide-dialog';
import { actionLabel, kindLabel } from './labels';
import { ModeratorPage } from '../../entities/manage-screens';
import { useAcknowledgeMutation, useModerationQueueQuery } from './queries';
import { QueueItemCard } from './queue-item-card';

/** `/community-feeds/manage`: the moderation desk for moderators (and admins); anyone else reads a calm word. */
export function ModerationDeskPage() {
  const { t } = useTranslation('moderation');
  return (
    <ModeratorPage title={t('title')} subtitle={t('subtitle')} notAllowed={t('notAllowed')}>
      <Desk />
    </ModeratorPage>
  );
}

/** A titled part of the desk. */
function DeskSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack component="section" spacing={1.5} aria-labelledby={id}>
      <Typography id={id} variant="h6" component="h2">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

function Desk() {
  const { t } = useTranslation('moderation');
  const toast = useToast();
  const errorText = useErrorText();
  const queue = useModerationQueueQuery();
  const acknowledge = useAcknowledgeMutation();
  const [request, setRequest] = useState<DecisionRequest | null>(null);
  const appeals = queue.data?.pages[0]?.appeals ?? [];
  const acknowledgeItem = (target: { targetType: ModerationTarget; targetId: number }) =>
    acknowledge.mutate(
      { targetType: target.targetType, targetId: target.targetId },
      { onSuccess: () => toast.success(t('acknowledgedDone')), onError: (failure) => toast.error(errorText(failure)) },
    );
  const acknowledging = (target: { targetType: ModerationTarget; targetId: number }) =>
    acknowledge.isPending && acknowledge.variables.targetType === target.targetType && acknowledge.variables.targetId === target.targetId;
  return (
    <Stack spacing={3}>
      {queue.data && (
        <DeskSection id="moderation-appeals" title={t('appealsHeading')}>
          {appeals.length === 0 ? (
            <Typography color="textSecondary">{t('noAppeals')}</Typography>
          ) : (
            appeals.map((appeal) => (
              <AppealCard
                key={appeal.id}
                appeal={appeal}
                onDecide={(outcome) => setRequest({ kind: 'appeal', appealId: appeal.id, outcome, restores: appeal.decision.removedItem })}
              />
            ))
          )}
        </DeskSection>
      )}
      <DeskSection id="moderation-queue" title={t('queueHeading')}>
        <PagedList
          query={queue}
          empty={<Typography color="textSecondary">{t('empty')}</Typography>}
          moreLabel={t('more')}
          end={
            <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center' }}>
              {t('end')}
            </Typography>
          }
        >
          {(items) =>
            items.map((item) => (
              <QueueItemCard
                key={`${item.targetType}-${item.targetId}`}
                item={item}
                onDecide={(action) => setRequest({ kind: 'item', targetType: item.targetType, targetId: item.targetId, action })}
                onAcknowledge={() => acknowledgeItem(item)}
                acknowledging={acknowledging(item)}
              />
            ))
          }
        </PagedList>
      </DeskSection>
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
          <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
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
                {overturnLabel(t, { outcome: 'overturn', restores: appeal.decision.removedItem })}
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
