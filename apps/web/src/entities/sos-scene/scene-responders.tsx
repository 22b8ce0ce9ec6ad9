import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SceneResponder } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import { ResponderBadge, sceneStatusText } from '../responder';

/** The volunteers and contacts coming, each with whether they are a contact or a volunteer, their badge and step on the scene (the tracking page, the other volunteers). */
export function SceneResponders({ responders, title }: { responders: readonly SceneResponder[]; title: string }) {
  const { t } = useTranslation('responders');
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {responders.length === 0 ? (
        <Typography color="textSecondary">{t('scene.nobodyYet')}</Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }} aria-label={title}>
          {responders.map((r, index) => (
            <Stack component="li" key={`${r.name ?? ''}-${index}`} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <Typography sx={{ fontWeight: 600 }}>{r.name ?? t('scene.coming')}</Typography>
              <Typography variant="body2" color="textSecondary">
                {t(r.role === 'contact' ? 'scene.role.contact' : 'scene.role.volunteer')}
              </Typography>
              <Typography color="textSecondary" data-testid="scene-status">
                {sceneStatusText(t, r.sceneStatus, r.handedTo)}
              </Typography>
              {r.verifiedProfession && <ResponderBadge profession={r.verifiedProfession} />}
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
