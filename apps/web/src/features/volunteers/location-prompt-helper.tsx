import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocationState } from '../../entities/location';
import { usePermissionChecker, type DevicePermission } from './permission-checker';
import { SectionCard } from '../../components/section-card';

const PERMISSIONS: readonly DevicePermission[] = ['location', 'camera', 'microphone', 'notifications'];

/**
 * SPEC.md §2's location-prompt helper, for holders of the `location_prompt_helper`
 * permission: where each device permission stands and a button that replays the location prompt.
 */
export function LocationPromptHelper({ onAsk }: { onAsk: () => void }) {
  const { t } = useTranslation('location');
  const { permission } = useLocationState();
  const { report, refresh } = usePermissionChecker();
  return (
    <SectionCard title={t('helper.title')}>
      <Stack spacing={1}>
        <Typography variant="body2">{t('helper.current', { state: t(`state.${permission}`) })}</Typography>
        {report && (
          <ul className="volunteers__permissions">
            {PERMISSIONS.map((name) => (
              <li key={name}>{t('helper.row', { permission: t(`permission.${name}`), state: t(`state.${report[name]}`) })}</li>
            ))}
          </ul>
        )}
        {report && <Typography variant="body2">{report.allGranted ? t('helper.allGranted') : t('helper.notAllGranted')}</Typography>}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={onAsk}>
            {t('helper.ask')}
          </Button>
          <Button onClick={() => void refresh()}>{t('helper.refresh')}</Button>
        </Stack>
      </Stack>
    </SectionCard>
  );
}
