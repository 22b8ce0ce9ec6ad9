import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MODERATION_ACTIONS, type ModerationAction, type QueueItem } from '@saathi/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { actionLabel, ageText, indiaMinutes, kindLabel, reasonLabel } from './labels';

interface QueueItemCardProps {
  item: QueueItem;
  onDecide: (action: ModerationAction) => void;
  onAcknowledge: () => void;
  /** An acknowledgement of this item is on its way. */
  acknowledging: boolean;
}

/** One reported item: what it says, in its thread, its reports, its IT Rules clock and its author's record. */
export function QueueItemCard({ item, onDecide, onAcknowledge, acknowledging }: QueueItemCardProps) {
  const { t } = useTranslation('moderation');
  const label = `${kindLabel(t, item.targetType)} #${item.targetId}`;
  const { deadlines } = item;
  const overdue = deadlines.resolveOverdue || deadlines.acknowledgeOverdue;
  const headingId = `queue-${item.targetType}-${item.targetId}`;
  return (
    <Card component="article" variant="outlined" aria-labelledby={headingId} sx={{ borderColor: item.intimateImage || overdue ? 'error.main' : undefined }}>
      <CardContent>
        <Stack spacing={1.25}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {label}
            </Typography>
            <Chip size="small" label={t('reports', { count: item.reportCount })} />
            {item.status === 'hidden' && <Chip size="small" color="warning" label={t('hidden')} />}
            {overdue && <Chip size="small" color="error" label={t('overdue')} />}
          </Stack>
          {item.intimateImage && <Alert severity="error">{t('intimate')}</Alert>}
          <Typography variant="body2" color="textSecondary">
            {item.author ? t('by', { name: item.author.name ?? '—' }) : t('unknownAuthor')} · {ageText(t, deadlines.reportedAt, new Date())}
          </Typography>
          {item.acknowledged && (
            <Typography variant="caption" component="p" sx={{ color: 'success.dark' }}>
              {t('acknowledged', { name: item.acknowledged.by?.name ?? '—', time: indiaMinutes(item.acknowledged.at) })}
            </Typography>
          )}
          {item.unacknowledgedReports > 0 && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              <Typography variant="caption" component="p" color={deadlines.acknowledgeOverdue ? 'error' : 'textSecondary'} sx={{ flex: '1 1 12rem' }}>
                {item.acknowledged ? `${t('newReports', { count: item.unacknowledgedReports })}. ` : ''}
                {t('ackBy', { time: deadlines.acknowledgeBy.slice(0, 16) })}
              </Typography>
              <Button size="small" variant="outlined" onClick={onAcknowledge} loading={acknowledging} aria-label={`${t('acknowledge')}: ${label}`}>
                {t('acknowledge')}
              </Button>
            </Stack>
          )}
          <Typography variant="caption" component="p" color={deadlines.resolveOverdue ? 'error' : 'textSecondary'}>
            {t('resolveBy', { time: deadlines.resolveBy.slice(0, 16) })}
          </Typography>
          <Box sx={{ p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}>
            {item.title && (
              <Typography variant="subtitle2" component="p">
                {item.title}
              </Typography>
            )}
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {item.text || (item.title ? '' : t('untitled'))}
            </Typography>
            {item.imageUrls.length > 0 && (
              <Stack direction="row" spacing={1} sx={{ mt: 1, overflowX: 'auto' }}>
                {item.imageUrls.map((url) => (
                  <Box key={url} component="img" src={url} alt="" sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1 }} />
                ))}
              </Stack>
            )}
          </Box>
          <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {item.reasons.map((r) => (
              <Chip key={r.reason} size="small" variant="outlined" label={`${reasonLabel(t, r.reason)} × ${r.count}`} />
            ))}
          </Stack>
          {item.notes.length > 0 && (
            <Section title={t('notes')}>
              {item.notes.map((note, i) => (
                <Typography key={i} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  “{note}”
                </Typography>
              ))}
            </Section>
          )}
          {item.post && (
            <Typography variant="body2" color="textSecondary">
              {t('inPost')}: {item.post.title || item.post.text}
            </Typography>
          )}
          {item.comments.length > 0 && (
            <Section title={t('comments')}>
              <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {item.comments.map((comment) => (
                  <Typography
                    component="li"
                    key={comment.id}
                    variant="body2"
                    sx={{ overflowWrap: 'anywhere', fontWeight: comment.reported ? 600 : undefined, color: comment.reported ? 'error.main' : undefined }}
                  >
                    {comment.author ?? '—'}: {comment.content}
                    {comment.reported && ` (${t('reportedComment')})`}
                  </Typography>
                ))}
              </Stack>
            </Section>
          )}
          <Section title={t('history')}>
            {item.authorHistory.length === 0 ? (
              <Typography variant="body2" color="textSecondary">
                {t('noHistory')}
              </Typography>
            ) : (
              item.authorHistory.map((entry) => (
                <Typography key={entry.id} variant="body2">
                  {entry.createdAt.slice(0, 10)} · {actionLabel(t, entry.action)} ({kindLabel(t, entry.targetType)}): {entry.reason}
                </Typography>
              ))
            )}
          </Section>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {MODERATION_ACTIONS.map((action) => (
              <Button
                key={action}
                size="small"
                variant={action === 'restore' ? 'outlined' : 'contained'}
                color={action === 'restore' ? 'primary' : 'error'}
                onClick={() => onDecide(action)}
                aria-label={`${actionLabel(t, action)}: ${label}`}
              >
                {actionLabel(t, action)}
              </Button>
            ))}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** A titled part of the card (notes, thread, record). */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="subtitle2" component="h4">
        {title}
      </Typography>
      {children}
    </Box>
  );
}
