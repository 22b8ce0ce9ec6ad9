import { PROFESSIONS, type Profession } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import { ChoiceField, type ChoiceProps } from '../../../components/form/choice-field';

export function ProfessionSelect(props: ChoiceProps<Profession | ''>) {
  const { t } = useTranslation('profile');
  const options = [
    { value: '' as const, label: t('fields.noProfession') },
    ...PROFESSIONS.map((profession) => ({ value: profession, label: t(`professions.${profession}`) })),
  ];
  return <ChoiceField {...props} id="profile-profession" label={t('fields.profession')} options={options} />;
}
