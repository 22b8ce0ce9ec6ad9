import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SosRecipient } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import { ResponderBadge, sceneStatusText } from '../../../entities/responder';
import { recipientRoleText } from './recipient-role';

/** Under someone who is coming: a contact or a volunteer, where they are on the scene (live) and their verified badge. */
export function AcceptedStatus({ recipient }: { recipient: SosRecipient }) {
  const { t } = useTranslation('responders');
  const { t: tSos } = useTranslation('sos');
  return (
    <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, mt: 0.5 }}>
      <Typography component="span" variant="body2" color="textSecondary" data-testid="coming-role">
        {recipientRoleText((key) => tSos(key), recipient)}
      </Typography>
      <Typography component="span" color="primary" sx={{ fontWeight: 700 }} data-testid="scene-status">
        {sceneStatusText(t, recipient.sceneStatus, recipient.handedTo)}
      </Typography>
      {recipient.verifiedProfession && <ResponderBadge profession={recipient.verifiedProfession} />}
    </Stack>
  );
}
