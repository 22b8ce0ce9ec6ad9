import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import type { SavedLocation } from '../../../entities/session';

/** What a visitor tried to do: each has its own sentence in the prompt. */
export type SignInReason = 'like' | 'likes' | 'order';

/**
 * The login link that brings the visitor back to this page afterwards: /login reads
 * `state.from` (features/auth/post-login.ts), as it does for RequireAuth's redirects.
 */
export function useSignInLink(): { to: string; state: { from: SavedLocation } } {
  const { pathname, search, hash } = useLocation();
  return { to: '/login', state: { from: { pathname, search, hash } } };
}

/** A friendly "log in to …" dialog for a visitor who tapped like, the likes count or the catalog. */
export function SignInPrompt({ reason, onClose }: { reason: SignInReason | null; onClose: () => void }) {
  const { t } = useTranslation('community');
  const link = useSignInLink();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={reason !== null} onClose={onClose} aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('signInPrompt.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{reason ? t(`signInPrompt.${reason}`) : ''}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('signInPrompt.notNow')}</Button>
        <Button variant="contained" component={RouterLink} to={link.to} state={link.state}>
          {t('signInPrompt.signIn')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The line visitors see above (or below) what they read: what signing in adds, and the way to do it. */
export function VisitorBanner() {
  const { t } = useTranslation('community');
  const link = useSignInLink();
  return (
    <Alert
      severity="info"
      variant="outlined"
      action={
        <Button color="primary" variant="contained" size="small" component={RouterLink} to={link.to} state={link.state} sx={{ whiteSpace: 'nowrap' }}>
          {t('signInPrompt.signIn')}
        </Button>
      }
      sx={{ alignItems: 'center', borderRadius: 2 }}
    >
      {t('visitor.banner')}
    </Alert>
  );
}
