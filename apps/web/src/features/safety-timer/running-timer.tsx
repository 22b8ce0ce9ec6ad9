import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toast';
import { useErrorText } from '../../lib/error-text';
import { ContactSmsStatus } from '../../entities/contact-sms';
import { PinPad } from './pin-pad';
import { useCheckInMutation, useExtendMutation, type CurrentTimer } from './queries';

const EXTENSIONS = [5, 15, 30] as const;

/** `1:05:09` or `4:07`: the time left, never below zero. */
export function formatLeft(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * A running timer: the time left, extending, and checking in with a PIN; once it ran out, "Are
 * you OK?", and once it alerted the contacts, where each one's SMS is (a call button for whoever
 * it did not reach). `location` says whether positions are coming in (the page watches them, see useTimerLocation).
 */
export function RunningTimer({ timer, location, onCheckedIn }: { timer: CurrentTimer; location: 'on' | 'off' | 'waiting'; onCheckedIn: () => void }) {
  const { t, i18n } = useTranslation('safety-timer');
  const toast = useToast();
  const errorText = useErrorText();
  const checkIn = useCheckInMutation();
  const extend = useExtendMutation();
  const [padOpen, setPadOpen] = useState(false);
  const left = new Date(timer.dueAt).getTime() - useNow();
  const overdue = left <= 0 || timer.stage === 'overdue' || timer.stage === 'contacts_alerted' || timer.stage === 'sos_raised';
  const endsAt = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, { timeStyle: 'short' }).format(new Date(timer.dueAt));

  function onPin(pin: string) {
    checkIn.mutate(
      { id: timer.id, pin },
      {
        onSuccess: () => {
          setPadOpen(false);
          onCheckedIn();
        },
        onError: (error) => toast.error(errorText(error)),
      },
    );
  }

  const pad = <PinPad onSubmit={onPin} pending={checkIn.isPending} submitLabel={t('confirm')} />;
  const extensions = EXTENSIONS.filter((minutes) => minutes <= timer.extendableMinutes);

  return (
    <Stack spacing={2}>
      {overdue ? (
        <Alert severity="error" variant="filled" role="alert">
          <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
            {t('areYouOk')}
          </Typography>
          {t('areYouOkBody')}
        </Alert>
      ) : (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography variant="overline" color="textSecondary">
            {t('timeLeft')}
          </Typography>
          <Typography variant="h2" component="p" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }} aria-live="off" data-testid="time-left">
            {formatLeft(left)}
          </Typography>
          <Typography color="textSecondary">{t('endsAt', { time: endsAt })}</Typography>
          {timer.destination && <Typography sx={{ mt: 1 }}>{t('goingTo', { destination: timer.destination })}</Typography>}
        </Paper>
      )}
      {timer.stage === 'reminded' && !overdue && <Alert severity="warning">{t('reminded')}</Alert>}
      {timer.stage === 'contacts_alerted' && <Alert severity="warning">{t('contactsAlerted')}</Alert>}
      {timer.stage === 'sos_raised' && <Alert severity="error">{t('sosRaised')}</Alert>}
      {timer.contactSms.length > 0 && (
        <Stack component="section" spacing={1} aria-labelledby="contact-sms-heading">
          <Typography variant="h6" component="h2" id="contact-sms-heading">
            {t('contactSmsTitle')}
          </Typography>
          <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }} aria-labelledby="contact-sms-heading">
            {timer.contactSms.map((contact, index) => (
              <li key={`${index}-${contact.phoneNumber}`}>
                <ContactSmsStatus name={contact.name} phoneNumber={contact.phoneNumber} sms={contact.sms} />
              </li>
            ))}
          </Stack>
        </Stack>
      )}
      {overdue ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          {pad}
        </Paper>
      ) : (
        <Button variant="contained" size="large" color="success" onClick={() => setPadOpen(true)}>
          {t('checkIn')}
        </Button>
      )}
      {extensions.length > 0 && (
        <Stack spacing={1}>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            {extensions.map((minutes) => (
              <Button
                key={minutes}
                variant="outlined"
                disabled={extend.isPending}
                onClick={() =>
                  extend.mutate({ id: timer.id, minutes }, { onSuccess: () => toast.success(t('extended')), onError: (error) => toast.error(errorText(error)) })
                }
              >
                {t('extend', { count: minutes })}
              </Button>
            ))}
          </Stack>
          <Typography variant="body2" color="textSecondary">
            {t('extendLeft', { count: timer.extendableMinutes })}
          </Typography>
        </Stack>
      )}
      <Typography variant="body2" color={location === 'off' ? 'warning' : 'textSecondary'}>
        {location === 'off' ? t('locationOff') : t('locationOn')}
      </Typography>
      <Dialog open={padOpen} onClose={() => setPadOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>{t('pinPadTitle')}</DialogTitle>
        <DialogContent>{pad}</DialogContent>
        <Stack direction="row" sx={{ justifyContent: 'flex-end', p: 1 }}>
          <Button onClick={() => setPadOpen(false)}>{t('cancel')}</Button>
        </Stack>
      </Dialog>
    </Stack>
  );
}
