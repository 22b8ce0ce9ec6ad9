import { PROFESSIONS, type Profession } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import { NativeSelectField } from '../../../components/form-fields';
import { isProfession } from '../lib/personal-values';

interface ProfessionSelectProps {
  value: Profession | '';
  onChange: (value: Profession | '') => void;
  error?: string | undefined;
  helperText?: string;
}

export function ProfessionSelect({ value, onChange, error, helperText }: ProfessionSelectProps) {
  const { t } = useTranslation('profile');
  return (
    <NativeSelectField
      id="profile-profession"
      label={t('fields.profession')}
      value={value}
      onValue={(next) => onChange(isProfession(next) ? next : '')}
      error={error}
      hint={helperText}
    >
      <option value="">{t('fields.noProfession')}</option>
      {PROFESSIONS.map((profession) => (
        <option key={profession} value={profession}>
          {t(`professions.${profession}`)}
        </option>
      ))}
    </NativeSelectField>
  );
}
