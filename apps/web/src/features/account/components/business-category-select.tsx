import { BUSINESS_CATEGORIES, BUSINESS_CATEGORY_GROUPS, type BusinessCategory, type BusinessCategoryGroup } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import { NativeSelectField } from '../../../components/form-fields';

export function isBusinessCategory(value: string): value is BusinessCategory {
  return (BUSINESS_CATEGORIES as readonly string[]).includes(value);
}

const GROUPS = Object.keys(BUSINESS_CATEGORY_GROUPS) as BusinessCategoryGroup[];

interface BusinessCategorySelectProps {
  value: BusinessCategory | '';
  onChange: (value: BusinessCategory | '') => void;
  error?: string | undefined;
}

/** Every category of SPEC.md §3 under its group, as a native select with optgroups. */
export function BusinessCategorySelect({ value, onChange, error }: BusinessCategorySelectProps) {
  const { t } = useTranslation('account');
  return (
    <NativeSelectField
      id="business-category"
      label={t('business.category')}
      value={value}
      onValue={(next) => onChange(isBusinessCategory(next) ? next : '')}
      error={error}
    >
      <option value="">{t('business.noCategory')}</option>
      {GROUPS.map((group) => (
        <optgroup key={group} label={t(`businessGroups.${group}`)}>
          {BUSINESS_CATEGORY_GROUPS[group].map((category) => (
            <option key={category} value={category}>
              {t(`businessCategories.${category}`)}
            </option>
          ))}
        </optgroup>
      ))}
    </NativeSelectField>
  );
}
