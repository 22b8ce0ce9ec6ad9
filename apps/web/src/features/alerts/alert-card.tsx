import DoneAllIcon from '@mui/icons-material/DoneAll';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDistance, type LocalAlert } from '@saathi/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toast';
import { useErrorText } from '../../lib/error-text';
import { CategoryIcon } from './category-icon';
import { ageText, label } from './labels';
import { useResolveAlertMutation, useVerifyAlertMutation } from './queries';
import { StatusChip } from './status-chip';

export interface AlertCardProps {
  alert: LocalAlert & { distanceM?: number };
  /** The saved place the distance is measured from ("Home"); null for where the phone is. */
  placeName: string | null;
  selected?: boolean;
}

type Action = 'verify' | 'resolve';

/** The card's element id, so the map can bring an alert's card into view. */
export const alertElementId = (id: number) => `alert-${id}`;

/**
 * One alert in the list: what (icon and words), its status in words, roughly where (the
 * distance to its ~250 m cell), how long ago, the reporter's text, and what to do. Confirm and
 * Mark as over appear only for those the server says may (`canVerify`, `canResolve`).
 */
export function AlertCard({ alert, placeName, selected = false }: AlertCardProps) {
  const { t, i18n } = useTranslation('local-alerts');
  const titleId = useId();
  const [asking, setAsking] = useState<Action | null>(null);
  const verify = useVerifyAlertMutation();
  const resolve = useResolveAlertMutation();
  const toast = useToast();
  const errorText = useErrorText();
  const category = label(t, 'categories', alert.category);
  const distance = alert.distanceM === undefined ? null : formatDistance(alert.distanceM, i18n.language, 'long');
  const active = alert.status !== 'resolved' && alert.status !== 'expired';

  function run(action: Action) {
    const mutation = action === 'verify' ? verify : resolve;
    mutation.mutate(alert.id, {
      onSuccess: () => {
        setAsking(null);
        toast.success(action === 'verify' ? t('actions.verified') : t('actions.resolved'));
      },
      onError: (error) => {
        setAsking(null);
        toast.error(errorText(error));
      },
    });
  }

  return (
    <Paper
      id={alertElementId(alert.id)}
      component="article"
      variant="outlined"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid="alert-card"
      sx={{ p: 2, borderWidth: selected ? 2 : 1, borderColor: selected ? 'primary.main' : 'divider', outline: 'none' }}
    >
      <Stack spacing={1}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ flexShrink: 0, width: 40, height: 40, borderRadius: '50%', bgcolor: 'action.hover', display: 'grid', placeItems: 'center' }}>
            <CategoryIcon category={alert.category} sx={{ color: 'text.primary' }} />
          </Box>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
              {category}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {distance === null
                ? t('where.cell')
                : placeName === null
                  ? t('where.fromYou', { distance })
                  : t('where.fromPlace', { distance, place: placeName })}
              {' · '}
              {ageText(t, alert.ageMinutes)}
            </Typography>
          </Box>
        </Stack>
        <Box>
          <StatusChip alert={alert} />
        </Box>
        <Typography variant="body1" sx={{ overflowWrap: 'anywhere' }}>
          {alert.text}
        </Typography>
        {active && (
          <Typography variant="body2" color="textSecondary">
            {alert.status === 'unverified' ? t('advice.unverified') : t('advice.confirmed')}
          </Typography>
        )}
        {alert.reportedByMe && (
          <Typography variant="body2" color="textSecondary">
            {t('yours')}
          </Typography>
        )}
        {active && (alert.canVerify || alert.canResolve) && (
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            {alert.canVerify && (
              <Button variant="contained" size="small" startIcon={<VerifiedOutlinedIcon />} onClick={() => setAsking('verify')}>
                {t('actions.verify')}
              </Button>
            )}
            {alert.canResolve && (
              <Button variant="outlined" size="small" startIcon={<DoneAllIcon />} onClick={() => setAsking('resolve')}>
                {t('actions.resolve')}
              </Button>
            )}
          </Stack>
        )}
      </Stack>
      <Dialog open={asking !== null} onClose={() => setAsking(null)} aria-labelledby={`${titleId}-confirm`}>
        <DialogTitle id={`${titleId}-confirm`}>{asking === 'resolve' ? t('confirmResolve.title') : t('confirmVerify.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{asking === 'resolve' ? t('confirmResolve.body') : t('confirmVerify.body')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(null)}>{t('actions.cancel')}</Button>
          <Button variant="contained" loading={verify.isPending || resolve.isPending} onClick={() => asking && run(asking)}>
            {asking === 'resolve' ? t('confirmResolve.confirm') : t('confirmVerify.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
