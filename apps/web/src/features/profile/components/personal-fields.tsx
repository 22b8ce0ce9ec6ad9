import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ageInYears, isDobValid, LIMITS } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../lib/field-errors';
import type { PersonalValues } from '../lib/personal-values';
import { ProfessionSelect } from './profession-select';

interface PersonalFieldsProps {
  values: PersonalValues;
  errors: FieldErrors;
  onChange: (values: PersonalValues) => void;
  /** The account tab also edits the email address; the first-login stepper keeps it short. */
  showEmail?: boolean;
}

/** Today as YYYY-MM-DD in local time, the upper bound of the date picker. */
function todayIso(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function PersonalFields({ values, errors, onChange, showEmail = false }: PersonalFieldsProps) {
  const { t } = useTranslation('profile');
  const set = <K extends keyof PersonalValues>(key: K, value: PersonalValues[K]) => onChange({ ...values, [key]: value });
  const age = values.dob !== '' && isDobValid(values.dob) ? ageInYears(values.dob) : null;

  return (
    <Stack spacing={2}>
      <TextField
        id="profile-name"
        label={t('fields.name')}
        value={values.name}
        onChange={(event) => set('name', event.target.value)}
        error={Boolean(errors.name)}
        helperText={errors.name}
        autoComplete="name"
        required
        fullWidth
        slotProps={{ htmlInput: { maxLength: LIMITS.nameMax } }}
      />
      {showEmail && (
        <TextField
          id="profile-email"
          type="email"
          label={t('fields.email')}
          value={values.email}
          onChange={(event) => set('email', event.target.value)}
          error={Boolean(errors.email)}
          helperText={errors.email}
          autoComplete="email"
          fullWidth
        />
      )}
      <TextField
        id="profile-dob"
        type="date"
        label={t('fields.dob')}
        value={values.dob}
        onChange={(event) => set('dob', event.target.value)}
        error={Boolean(errors.dob)}
        helperText={errors.dob ?? (age !== null ? t('age.years', { count: age }) : t('age.hint'))}
        autoComplete="bday"
        fullWidth
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: '1900-01-01', max: todayIso() } }}
      />
      {age !== null && age < LIMITS.minimumAgeYears && (
        <Alert severity="info">{t('age.underCommunity', { min: LIMITS.minimumAgeYears })}</Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          id="profile-city"
          label={t('fields.city')}
          value={values.city}
          onChange={(event) => set('city', event.target.value)}
          error={Boolean(errors.city)}
          helperText={errors.city}
          autoComplete="address-level2"
          fullWidth
          slotProps={{ htmlInput: { maxLength: LIMITS.cityMax } }}
        />
        <TextField
          id="profile-state"
          label={t('fields.state')}
          value={values.state}
          onChange={(event) => set('state', event.target.value)}
          error={Boolean(errors.state)}
          helperText={errors.state}
          autoComplete="address-level1"
          fullWidth
          slotProps={{ htmlInput: { maxLength: LIMITS.stateMax } }}
        />
      </Stack>
      <TextField
        id="profile-pincode"
        label={t('fields.pincode')}
        value={values.pincode}
        onChange={(event) => set('pincode', event.target.value.replace(/\D/g, '').slice(0, 6))}
        error={Boolean(errors.pincode)}
        helperText={errors.pincode}
        autoComplete="postal-code"
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 } }}
      />
      <ProfessionSelect
        value={values.profession}
        onChange={(profession) => set('profession', profession)}
        error={errors.profession}
        helperText={t('fields.professionHint')}
      />
    </Stack>
  );
}
