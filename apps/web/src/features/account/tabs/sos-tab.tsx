import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { LIMITS, type User } from '@saathi/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveProfile } from '../../../entities/profile';
import { SwitchFields } from '../components/switch-field';
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
      <SwitchFields keys={SWITCHES} section="sos" values={flags} onChange={setFlags} />
      <div>
        <Typography id={sliderLabelId} gutterBottom>
          {t('sos.countdown', { count: countdown })}
        </Typography>
        {/* Inset so the thumb at 0 and 10 stays inside the card. */}
        <Box sx={{ px: 1.5, maxWidth: 440 }}>
          <Slider
            aria-labelledby={sliderLabelId}
            value={countdown}
            onChange={(_event, value) => setCountdown(typeof value === 'number' ? value : (value[0] ?? 0))}
            min={0}
            max={LIMITS.sosCountdownMaxSeconds}
            step={1}
            marks
            valueLabelDisplay="auto"
            getAriaValueText={(value) => t('sos.countdown', { count: value })}
          />
        </Box>
        <Typography variant="body2" color="textSecondary">
          {t('sos.countdownHint')}
        </Typography>
      </div>
    </TabSection>
  );
}
