import { BUSINESS_CATEGORIES, BUSINESS_CATEGORY_GROUPS, type BusinessCategory, type BusinessCategoryGroup } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import { ChoiceField, type ChoiceProps } from './form/choice-field';

export function isBusinessCategory(value: string): value is BusinessCategory {
  return (BUSINESS_CATEGORIES as readonly string[]).includes(value);
}

const GROUPS = Object.keys(BUSINESS_CATEGORY_GROUPS) as BusinessCategoryGroup[];

/** Every category of SPEC.md §3 under its group, as a native select with optgroups. */
export function BusinessCategorySelect(props: ChoiceProps<BusinessCategory | ''>) {
  const { t } = useTranslation('account');
  const groups = GROUPS.map((group) => ({
    label: t(`businessGroups.${group}`),
    options: BUSINESS_CATEGORY_GROUPS[group].map((category) => ({ value: category, label: t(`businessCategories.${category}`) })),
  }));
  const options = [{ value: '' as const, label: t('business.noCategory') }, ...groups];
  return <ChoiceField {...props} id="business-category" label={t('business.category')} options={options} />;
}
