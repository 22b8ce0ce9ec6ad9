import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import type { Profession, User } from '@saathi/shared';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProfessionSelect, type FieldErrors, locationItemsFromUser, type LocationItem, useSaveProfile } from '../../../entities/profile';
import { SwitchFields } from '../components/switch-field';
import { TabSection } from '../components/tab-section';
import { loadResponderSettings } from '../../responders/lazy';

// Duty, verification and practice alerts: the responders feature's own chunk.
const ResponderSettings = lazy(() => loadResponderSettings().then((m) => ({ default: m.ResponderSettings })));

type VolunteerSwitch = 'availableForCommunity' | 'availableForPaidProfessionalService' | 'shareLiveLocation';
const SWITCHES: readonly VolunteerSwitch[] = ['availableForCommunity', 'availableForPaidProfessionalService', 'shareLiveLocation'];

export function VolunteeringTab({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const { save, isPending } = useSaveProfile();
  const [flags, setFlags] = useState<Record<VolunteerSwitch, boolean>>(() => ({
    availableForCommunity: user.availableForCommunity,
    availableForPaidProfessionalService: user.availableForPaidProfessionalService,
    shareLiveLocation: user.shareLiveLocation,
  }));
  const [profession, setProfession] = useState<Profession | ''>(user.profession ?? '');
  const [locations, setLocations] = useState<LocationItem[]>(() => locationItemsFromUser(user.locations));
  const [errors, setErrors] = useState<FieldErrors>({});

  function toggleVolunteerLocation(index: number, checked: boolean) {
    setLocations((current) => current.map((item, i) => (i === index ? { ...item, isVolunteerLocation: checked } : item)));
  }

  async function onSave() {
    const body = { ...flags, profession: profession === '' ? null : profession, locations };
    const result = await save(body, { successMessage: t('saved') });
    setErrors(result.ok ? {} : result.errors);
  }

  return (
    <>
      <TabSection title={t('tabs.volunteering')} description={t('volunteering.description')} onSave={() => void onSave()} saving={isPending}>
        <SwitchFields keys={SWITCHES} section="volunteering" values={flags} onChange={setFlags} />
        <ProfessionSelect value={profession} onChange={setProfession} error={errors.profession} />
        <div>
          <Typography variant="subtitle2" component="h3" gutterBottom>
            {t('volunteering.locationsHeading')}
          </Typography>
          {locations.length === 0 ? (
            <Typography variant="body2" color="textSecondary">
              {t('volunteering.noLocations')}
            </Typography>
          ) : (
            <FormGroup>
              {locations.map((item, index) => (
                <FormControlLabel
                  key={`${item.name}-${item.location.coordinates.join(',')}`}
                  control={<Checkbox checked={item.isVolunteerLocation} onChange={(event) => toggleVolunteerLocation(index, event.target.checked)} />}
                  label={t('volunteering.volunteerAt', { name: item.name })}
                />
              ))}
            </FormGroup>
          )}
        </div>
      </TabSection>
      <Suspense fallback={null}>
        <ResponderSettings />
      </Suspense>
    </>
  );
}
