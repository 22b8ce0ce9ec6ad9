import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

export type LocationDialog = 'enable' | 'ios' | null;

interface LocationDialogsProps {
  dialog: LocationDialog;
  onLater: () => void;
  onEnable: () => void;
  onGotIt: () => void;
}

const IOS_STEPS = ['openSettings', 'findApp', 'tapLocation', 'whileUsing', 'returnRefresh'] as const;

/** SPEC.md §2 location helper dialogs: 'Enable Location', and on iOS home-screen apps the Settings steps. */
export function LocationDialogs({ dialog, onLater, onEnable, onGotIt }: LocationDialogsProps) {
  const { t } = useTranslation('location');
  return (
    <>
      <Dialog open={dialog === 'enable'} onClose={onLater} aria-labelledby="enable-location-title" aria-describedby="enable-location-text">
        <DialogTitle id="enable-location-title">{t('enable.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="enable-location-text">{t('enable.body')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={onLater}>{t('enable.later')}</Button>
          <Button onClick={onEnable} variant="contained">
            {t('enable.enable')}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={dialog === 'ios'} onClose={onGotIt} aria-labelledby="ios-location-title">
        <DialogTitle id="ios-location-title">{t('ios.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('ios.body')}</DialogContentText>
          <ol>
            {IOS_STEPS.map((step) => (
              <li key={step}>{t(`ios.steps.${step}`)}</li>
            ))}
          </ol>
        </DialogContent>
        <DialogActions>
          <Button onClick={onGotIt} variant="contained">
            {t('ios.gotIt')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
