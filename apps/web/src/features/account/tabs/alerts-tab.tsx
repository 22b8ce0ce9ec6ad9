import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { AlertSettings, LocalAlertCategory } from '@saathi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { PageLoading } from '../../../components/page-loading';
import { useToast } from '../../../components/toast';
import { useErrorText } from '../../../lib/error-text';
import { TabSection } from '../components/tab-section';
import { locationStore } from '../../../entities/location';
import { AlertSettingsFields, useAlertSettingsQuery, useSaveAlertSettingsMutation } from '../../alerts';

/** The account's "Local alerts" tab: which kinds of confirmed alert to be told about, and where. */
export function AlertSettingsTab() {
  const { t } = useTranslation('local-alerts');
  const settings = useAlertSettingsQuery();
  const errorText = useErrorText();
  if (settings.isPending) return <PageLoading />;
  if (settings.isError) return <LoadFailed message={errorText(settings.error)} onRetry={() => void settings.refetch()} />;
  return (
    <TabSection title={t('settings.title')} description={t('settings.description')}>
      <SettingsForm settings={settings.data} />
    </TabSection>
  );
}

function SettingsForm({ settings }: { settings: AlertSettings }) {
  const { t } = useTranslation('local-alerts');
  const toast = useToast();
  const errorText = useErrorText();
  const save = useSaveAlertSettingsMutation();
  const [categories, setCategories] = useState<LocalAlertCategory[]>(() => [...settings.categories]);
  const [usePhone, setUsePhone] = useState(settings.locationUpdatedAt !== null);
  const [locating, setLocating] = useState(false);

  async function onSave() {
    // The phone's place now, when asked for: only its ~250 m cell is kept, for 24 hours. Unticking forgets the one kept.
    let location: { latitude: number; longitude: number } | null | undefined = !usePhone && settings.locationUpdatedAt !== null ? null : undefined;
    if (usePhone) {
      setLocating(true);
      try {
        const fix = await locationStore().requestPosition();
        location = { latitude: fix.latitude, longitude: fix.longitude };
      } catch {
        toast.info(t('settings.phoneUnavailable'));
      } finally {
        setLocating(false);
      }
    }
    save.mutate(
      { categories, ...(location !== undefined ? { location } : {}) },
      {
        onSuccess: () => toast.success(categories.length === 0 ? t('settings.savedNone') : t('settings.saved')),
        onError: (error) => toast.error(errorText(error)),
      },
    );
  }

  return (
    <>
      <AlertSettingsFields value={categories} onChange={setCategories} radii={settings.radiiM} />
      {/* In a group, not straight in the section's Stack, which would zero the label's negative margin and misalign the box. */}
      <FormGroup>
        <FormControlLabel
          sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { mt: -0.75 } }}
          control={<Checkbox checked={usePhone} onChange={(event) => setUsePhone(event.target.checked)} />}
          label={
            <>
              <Typography component="span" sx={{ display: 'block' }}>
                {t('settings.phone')}
              </Typography>
              <Typography component="span" variant="body2" color="textSecondary" sx={{ display: 'block' }}>
                {t('settings.phoneHint')}
              </Typography>
            </>
          }
        />
      </FormGroup>
      <Typography variant="body2" color="textSecondary">
        {t('settings.places')}{' '}
        <Link component={RouterLink} to="/account?tab=locations">
          {t('settings.editPlaces')}
        </Link>
      </Typography>
      {categories.length === 0 && <Alert severity="info">{t('settings.noneChosen')}</Alert>}
      <Button variant="contained" onClick={() => void onSave()} loading={save.isPending || locating} sx={{ alignSelf: 'flex-start', minWidth: 120 }}>
        {t('settings.save')}
      </Button>
    </>
  );
}
