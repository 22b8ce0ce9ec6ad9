import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SosRecipient } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import { ResponderBadge } from '../../responders/responder-badge';
import { sceneStatusText } from '../../responders/labels';

/** Under a volunteer who is coming: where they are on the scene (live) and their verified badge. */
export function AcceptedStatus({ recipient }: { recipient: SosRecipient }) {
  const { t } = useTranslation('responders');
  return (
    <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, mt: 0.5 }}>
      <Typography component="span" color="primary" sx={{ fontWeight: 700 }} data-testid="scene-status">
        {sceneStatusText(t, recipient.sceneStatus, recipient.handedTo)}
      </Typography>
      {recipient.verifiedProfession && <ResponderBadge profession={recipient.verifiedProfession} />}
    </Stack>
  );
}
