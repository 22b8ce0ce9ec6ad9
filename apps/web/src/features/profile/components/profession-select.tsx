import TextField from '@mui/material/TextField';
import { PROFESSIONS, type Profession } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import { isProfession } from '../lib/personal-values';

interface ProfessionSelectProps {
  value: Profession | '';
  onChange: (value: Profession | '') => void;
  error?: string | undefined;
  helperText?: string;
}

/** Native select: it is the phone's own picker on mobile and a plain combobox for tests. */
export function ProfessionSelect({ value, onChange, error, helperText }: ProfessionSelectProps) {
  const { t } = useTranslation('profile');
  return (
    <TextField
      select
      fullWidth
      id="profile-profession"
      label={t('fields.profession')}
      value={value}
      onChange={(event) => onChange(isProfession(event.target.value) ? event.target.value : '')}
      error={Boolean(error)}
      helperText={error ?? helperText}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{t('fields.noProfession')}</option>
      {PROFESSIONS.map((profession) => (
        <option key={profession} value={profession}>
          {t(`professions.${profession}`)}
        </option>
      ))}
    </TextField>
  );
}
