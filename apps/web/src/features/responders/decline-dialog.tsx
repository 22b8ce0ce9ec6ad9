import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DeclineReason } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import { label } from '../../entities/responder';

/** The server's DECLINE_REASONS, by type only: no schema code in the SOS screen's chunk. */
const DECLINE_REASONS: readonly DeclineReason[] = ['too_far', 'busy', 'not_qualified'];

/** Why a volunteer cannot go: one tap each; the alert passes to the next responder at once. */
export function DeclineDialog({ open, onChoose, onClose }: { open: boolean; onChoose: (reason: DeclineReason) => void; onClose: () => void }) {
  const { t } = useTranslation('responders');
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="decline-title">
      <DialogTitle id="decline-title">{t('decline.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          <Typography variant="body2" color="textSecondary">
            {t('decline.hint')}
          </Typography>
          {DECLINE_REASONS.map((reason) => (
            <Button key={reason} variant="outlined" size="large" sx={{ minHeight: 48, justifyContent: 'flex-start' }} onClick={() => onChoose(reason)}>
              {label(t, 'decline', reason)}
            </Button>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('decline.back')}</Button>
      </DialogActions>
    </Dialog>
  );
}
