import TextField from '@mui/material/TextField';
import { LIMITS, type BusinessCategory, type User } from '@saathi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusinessCategorySelect, isBusinessCategory } from '../../../components/business-category-select';
import { type FieldErrors, locationItemsFromUser, withBusinessLocation, useSaveProfile } from '../../../entities/profile';
import { TabSection } from '../components/tab-section';

export function BusinessTab({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const { save, isPending } = useSaveProfile();
  const [locations] = useState(() => locationItemsFromUser(user.locations));
  const [businessName, setBusinessName] = useState(user.businessName ?? '');
  const [category, setCategory] = useState<BusinessCategory | ''>(() =>
    user.businessCategory && isBusinessCategory(user.businessCategory) ? user.businessCategory : '',
  );
  const [whatsapp, setWhatsapp] = useState(user.whatsappNumber ?? '');
  const [businessIndex, setBusinessIndex] = useState<number | null>(() => {
    const index = locations.findIndex((item) => item.isBusinessLocation);
    return index === -1 ? null : index;
  });
  const [errors, setErrors] = useState<FieldErrors>({});

  async function onSave() {
    // The stored name unchanged is not sent: one saved before the name rule keeps the tab saveable.
    const nameChanged = businessName.trim() !== (user.businessName ?? '').trim();
    const body = {
      ...(nameChanged ? { businessName: businessName.trim() === '' ? null : businessName } : {}),
      businessCategory: category === '' ? null : category,
      whatsappNumber: whatsapp.trim() === '' ? null : whatsapp,
      locations: withBusinessLocation(locations, businessIndex),
    };
    const result = await save(body, { successMessage: t('saved') });
    setErrors(result.ok ? {} : result.errors);
  }

  return (
    <TabSection title={t('tabs.business')} description={t('business.description')} onSave={() => void onSave()} saving={isPending}>
      <TextField
        id="business-name"
        label={t('business.name')}
        value={businessName}
        onChange={(event) => setBusinessName(event.target.value)}
        error={Boolean(errors.businessName)}
        helperText={errors.businessName}
        fullWidth
        slotProps={{ htmlInput: { maxLength: LIMITS.businessNameMax } }}
      />
      <BusinessCategorySelect value={category} onChange={setCategory} error={errors.businessCategory} />
      <TextField
        id="business-whatsapp"
        type="tel"
        label={t('business.whatsapp')}
        value={whatsapp}
        onChange={(event) => setWhatsapp(event.target.value)}
        error={Boolean(errors.whatsappNumber)}
        helperText={errors.whatsappNumber ?? t('business.whatsappHint')}
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 16 } }}
      />
      <TextField
        select
        fullWidth
        id="business-location"
        label={t('business.location')}
        value={businessIndex === null ? '' : String(businessIndex)}
        onChange={(event) => setBusinessIndex(event.target.value === '' ? null : Number(event.target.value))}
        helperText={locations.length === 0 ? t('business.noLocations') : t('business.locationHint')}
        disabled={locations.length === 0}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{t('business.noLocation')}</option>
        {locations.map((item, index) => (
          <option key={`${item.name}-${item.location.coordinates.join(',')}`} value={String(index)}>
            {item.name}
          </option>
        ))}
      </TextField>
    </TabSection>
  );
}
