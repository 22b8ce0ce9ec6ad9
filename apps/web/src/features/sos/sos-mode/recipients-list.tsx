import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import type { SosRecipient } from '@saathi/shared';
import { RecipientDistance } from './distance-text';
import { ResponderBadge } from '../../../entities/responder';
import { ContactSmsStatus } from '../../../entities/contact-sms';
import { recipientRoleText } from './recipient-role';

const STATUS_COLOR = { accepted: 'success', declined: 'default', notified: 'info' } as const;

/**
 * Who the event reached, each with their answer and (volunteers) how far they are: a band until
 * they accept, metres while they are coming (the server decides which it sends). Under each
 * contact, where the SMS that alerted them is, with a call button when it did not reach them.
 */
export function RecipientsList({ recipients, label }: { recipients: readonly SosRecipient[]; label: string }) {
  const { t } = useTranslation('sos');
  return (
    <List dense aria-label={label} disablePadding>
      {recipients.map((recipient) => {
        const name = recipient.name ?? (recipient.kind === 'volunteer' ? t('recipients.volunteer') : t('recipients.contact'));
        const details = [
          recipientRoleText((key) => t(key), recipient),
          recipient.deliveryStatus === 'failed'
            ? t('recipients.deliveryFailed')
            : recipient.deliveryStatus === 'pending'
              ? t('recipients.deliveryPending')
              : null,
        ].filter(Boolean);
        return (
          <ListItem key={recipient.notificationId} disableGutters sx={{ display: 'block' }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <ListItemIcon sx={{ minWidth: 32 }}>
                {recipient.kind === 'volunteer' ? <VolunteerActivismIcon color="primary" /> : <ContactPhoneIcon color="primary" />}
              </ListItemIcon>
              <ListItemText
                primary={
                  <>
                    {name} {recipient.verifiedProfession && <ResponderBadge profession={recipient.verifiedProfession} />}
                  </>
                }
                secondary={
                  <>
                    {details.join(' · ')}
                    {(recipient.distanceM !== null || recipient.distanceBand !== null) && (
                      <>
                        {' · '}
                        <RecipientDistance distanceM={recipient.distanceM} distanceBand={recipient.distanceBand} />
                      </>
                    )}
                  </>
                }
                sx={{ minWidth: 0 }}
              />
              <Chip size="small" color={STATUS_COLOR[recipient.status]} label={t(`recipients.status.${recipient.status}`)} sx={{ flexShrink: 0 }} />
            </Stack>
            {recipient.kind === 'contact' && recipient.sms && (
              <Box sx={{ pl: 5, pb: 0.5 }}>
                <ContactSmsStatus name={name} phoneNumber={recipient.phoneNumber} sms={recipient.sms} />
              </Box>
            )}
          </ListItem>
        );
      })}
    </List>
  );
}
