import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LIMITS, type User } from '@saathi/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveProfile } from '../../profile/lib/use-save-profile';
import { SwitchField } from '../components/switch-field';
import { TabSection } from '../components/tab-section';

type SosSwitch = 'startAudioVideoRecordOnSos' | 'streamAudioVideoOnSos' | 'broadcastAudioOnSos';
const SWITCHES: readonly SosSwitch[] = ['startAudioVideoRecordOnSos', 'streamAudioVideoOnSos', 'broadcastAudioOnSos'];

export function SosTab({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const { save, isPending } = useSaveProfile();
  const sliderLabelId = useId();
  const [flags, setFlags] = useState<Record<SosSwitch, boolean>>(() => ({
    startAudioVideoRecordOnSos: user.startAudioVideoRecordOnSos,
    streamAudioVideoOnSos: user.streamAudioVideoOnSos,
    broadcastAudioOnSos: user.broadcastAudioOnSos,
  }));
  const [countdown, setCountdown] = useState(user.sosCountdownSeconds);

  async function onSave() {
    await save({ ...flags, sosCountdownSeconds: countdown }, { successMessage: t('saved') });
  }

  return (
    <TabSection title={t('tabs.sos')} description={t('sos.description')} onSave={() => void onSave()} saving={isPending}>
      <Stack spacing={2}>
        {SWITCHES.map((key) => (
          <SwitchField
            key={key}
            label={t(`sos.${key}`)}
            hint={t(`sos.${key}Hint`)}
            checked={flags[key]}
            onChange={(checked) => setFlags({ ...flags, [key]: checked })}
          />
        ))}
      </Stack>
      <div>
        <Typography id={sliderLabelId} gutterBottom>
          {t('sos.countdown', { count: countdown })}
        </Typography>
        {/* Inset so the thumb at 0 and 10 stays inside the card. */}
        <Box sx={{ px: 1.5, maxWidth: 440 }}>
          <Slider
            aria-labelledby={sliderLabelId}
            value={countdown}
            onChange={(_event, value) => setCountdown(Array.isArray(value) ? (value[0] ?? 0) : value)}
            min={0}
            max={LIMITS.sosCountdownMaxSeconds}
            step={1}
            marks
            valueLabelDisplay="auto"
            getAriaValueText={(value) => t('sos.countdown', { count: value })}
          />
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t('sos.countdownHint')}
        </Typography>
      </div>
    </TabSection>
  );
}
