import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { HandedTo, SceneStatus, SosEventVolunteerView } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import { isRefusal, useErrorText } from '../../lib/error-text';
import { sceneApi } from './queries';
import { label, type LabelFamilies } from '../../entities/responder';
import { SceneResponders } from '../../entities/sos-scene';
import { SectionCard } from '../../components/section-card';

interface Step {
  key: LabelFamilies['scene'];
  status: SceneStatus;
  handedTo?: HandedTo;
}

const STEPS: readonly Step[] = [
  { key: 'en_route', status: 'en_route' },
  { key: 'arrived', status: 'arrived' },
  { key: 'handed_over_ambulance', status: 'handed_over', handedTo: 'ambulance' },
  { key: 'handed_over_police', status: 'handed_over', handedTo: 'police' },
  { key: 'done', status: 'done' },
];

const isCurrent = (step: Step, event: Pick<SosEventVolunteerView, 'sceneStatus' | 'handedTo'>) =>
  step.status === event.sceneStatus && (step.handedTo ?? null) === (step.status === 'handed_over' ? event.handedTo : null);

/**
 * An accepted volunteer on the scene: one tap per step (on the way, arrived, handed to the
 * ambulance or the police, done), which the person and their contacts see live; and who else is coming.
 */
export function ScenePanel({ event, onChanged }: { event: SosEventVolunteerView; onChanged: () => void }) {
  const { t } = useTranslation('responders');
  const [pending, setPending] = useState<string | null>(null);
  // Why the last step was not taken: a refusal's own reason, else "could not update".
  const [failure, setFailure] = useState<unknown>(null);
  const errorText = useErrorText();

  const choose = async (step: Step) => {
    setPending(step.key);
    setFailure(null);
    try {
      await sceneApi.setStatus(event.id, { status: step.status, ...(step.handedTo ? { handedTo: step.handedTo } : {}) });
      onChanged();
    } catch (error) {
      setFailure(error ?? new Error('failed'));
    } finally {
      setPending(null);
    }
  };

  return (
    <SectionCard title={t('scene.title')} hint={t('scene.hint')}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} role="group" aria-label={t('scene.title')}>
        {STEPS.map((step) => (
          <StepButton key={step.key} step={step} current={isCurrent(step, event)} disabled={pending !== null} onClick={() => void choose(step)} />
        ))}
      </Stack>
      {failure !== null && (
        <Alert severity="error" role="alert" sx={{ mt: 1.5 }}>
          {isRefusal(failure) ? errorText(failure) : t('scene.failed')}
        </Alert>
      )}
      {event.responders.length > 0 && (
        <Stack sx={{ mt: 2 }}>
          <SceneResponders responders={event.responders} title={t('scene.others')} />
        </Stack>
      )}
    </SectionCard>
  );
}

function StepButton({ step, current, disabled, onClick }: { step: Step; current: boolean; disabled: boolean; onClick: () => void }) {
  const { t } = useTranslation('responders');
  return (
    <Button
      variant={current ? 'contained' : 'outlined'}
      color={step.status === 'done' ? 'success' : 'primary'}
      aria-pressed={current}
      disabled={disabled}
      onClick={onClick}
      sx={{ minHeight: 44, flex: '1 1 140px' }}
    >
      {label(t, 'scene', step.key)}
    </Button>
  );
}
