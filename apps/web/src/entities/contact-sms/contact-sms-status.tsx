import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MarkChatReadIcon from '@mui/icons-material/MarkChatRead';
import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import SmsFailedIcon from '@mui/icons-material/SmsFailed';
import SmsOutlinedIcon from '@mui/icons-material/SmsOutlined';
import type { SmsDelivery } from '@saathi/shared';
import { useTranslation } from 'react-i18next';

export interface ContactSmsStatusProps {
  /** The contact's name as the owner saved it. */
  name: string;
  /** The contact's saved 10-digit number, to call them; null shows no call button. */
  phoneNumber: string | null;
  sms: SmsDelivery;
}

/** A contact's saved number as a link that calls it (numbers are saved without +91). */
const callHref = (phoneNumber: string) => `tel:+91${phoneNumber}`;

/**
 * Where the SMS that alerted one emergency contact is, in one line: sending, sent or delivered
 * (with the time), or, when it did not reach them, a warning with a button that calls them.
 * Delivered contacts get a quiet call button too. The SOS screen and the safety timer draw it.
 */
export function ContactSmsStatus({ name, phoneNumber, sms }: ContactSmsStatusProps) {
  const { t, i18n } = useTranslation('contact-sms');
  const callLabel = t('call', { name });

  if (sms.status === 'failed' || sms.status === 'undelivered') {
    return (
      <Alert severity="warning" icon={<SmsFailedIcon fontSize="inherit" />} data-sms-status={sms.status}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t('failed', { name })}
        </Typography>
        {phoneNumber && (
          <Button href={callHref(phoneNumber)} variant="contained" color="warning" startIcon={<PhoneInTalkIcon />} sx={{ mt: 1 }}>
            {callLabel}
          </Button>
        )}
      </Alert>
    );
  }

  // The time never breaks over two lines ("10:31 / pm") on a narrow phone.
  const time = new Date(sms.updatedAt).toLocaleTimeString(i18n.resolvedLanguage ?? i18n.language, { timeStyle: 'short' }).replace(/\s/g, '\u00a0');
  const text = sms.status === 'queued' ? t('queued', { name }) : sms.status === 'sent' ? t('sent', { name, time }) : t('delivered', { name, time });
  const Icon = sms.status === 'delivered' ? MarkChatReadIcon : SmsOutlinedIcon;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 32 }} data-sms-status={sms.status}>
      <Icon fontSize="small" color={sms.status === 'delivered' ? 'success' : 'action'} />
      <Typography variant="body2" color="textSecondary" sx={{ flex: 1, minWidth: 0 }}>
        {text}
      </Typography>
      {sms.status === 'delivered' && phoneNumber && (
        <Button href={callHref(phoneNumber)} size="small" startIcon={<PhoneInTalkIcon />} aria-label={callLabel} sx={{ flexShrink: 0, paddingInline: 1.5 }}>
          {t('callShort')}
        </Button>
      )}
    </Stack>
  );
}
