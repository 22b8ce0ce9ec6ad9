import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { ageInYears, isDobValid, LIMITS } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../lib/field-errors';
import type { PersonalValues } from '../lib/personal-values';
import { ProfessionSelect } from './profession-select';
import { FormTextField } from '../../../components/form-fields';

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

type TextKey = Exclude<keyof PersonalValues, 'profession'>;

export function PersonalFields({ values, errors, onChange, showEmail = false }: PersonalFieldsProps) {
  const { t } = useTranslation('profile');
  const set = <K extends keyof PersonalValues>(key: K, value: PersonalValues[K]) => onChange({ ...values, [key]: value });
  /** What every text field shares: its id, value, change and error (`clean` tidies what is typed). */
  const field = (key: TextKey, clean = (value: string) => value) => ({
    id: `profile-${key}`,
    value: values[key],
    onValue: (value: string) => set(key, clean(value)),
    error: errors[key],
  });
  const age = values.dob !== '' && isDobValid(values.dob) ? ageInYears(values.dob) : null;

  return (
    <Stack spacing={2}>
      <FormTextField {...field('name')} label={t('fields.name')} autoComplete="name" required slotProps={{ htmlInput: { maxLength: LIMITS.nameMax } }} />
      {showEmail && <FormTextField {...field('email')} type="email" label={t('fields.email')} autoComplete="email" />}
      <FormTextField
        {...field('dob')}
        type="date"
        label={t('fields.dob')}
        hint={age !== null ? t('age.years', { count: age }) : t('age.hint')}
        autoComplete="bday"
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: '1900-01-01', max: todayIso() } }}
      />
      {age !== null && age < LIMITS.minimumAgeYears && <Alert severity="info">{t('age.underCommunity', { min: LIMITS.minimumAgeYears })}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField {...field('city')} label={t('fields.city')} autoComplete="address-level2" slotProps={{ htmlInput: { maxLength: LIMITS.cityMax } }} />
        <FormTextField {...field('state')} label={t('fields.state')} autoComplete="address-level1" slotProps={{ htmlInput: { maxLength: LIMITS.stateMax } }} />
      </Stack>
      <FormTextField
        {...field('pincode', (value) => value.replace(/\D/g, '').slice(0, 6))}
        label={t('fields.pincode')}
        autoComplete="postal-code"
        slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 } }}
      />
      <ProfessionSelect
        value={values.profession}
        onChange={(profession) => set('profession', profession)}
        error={errors.profession}
        hint={t('fields.professionHint')}
      />
    </Stack>
  );
}
