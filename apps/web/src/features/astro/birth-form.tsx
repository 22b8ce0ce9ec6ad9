import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import type { AstroChart, AstroPlace, CreateChartBody } from '@saathi/shared';
import { ASTRO_LIMITS } from '@saathi/shared/astro';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/form-fields';
import { isApiError } from '../../lib/api-client';
import { useErrorText } from '../../lib/error-text';
import { PlaceField } from './place/place-field';
import { useCreateChartMutation } from './queries';
import { SectionCard } from '../../components/section-card';

type Field = 'name' | 'birthDate' | 'birthTime' | 'place';
type FieldErrors = Partial<Record<Field, string>>;

const FIRST_DATE = `${ASTRO_LIMITS.firstYear}-01-01`;
const LAST_DATE = `${ASTRO_LIMITS.lastYear}-12-31`;

/** The form field a server 400 names: `place.latitude` is the place, `timeZone` comes from the place too. */
export function fieldOfServerError(field: string | undefined): Field | null {
  if (!field) return null;
  const head = field.split('.')[0];
  if (head === 'name' || head === 'birthDate' || head === 'birthTime') return head;
  if (head === 'place' || head === 'timeZone') return 'place';
  return null;
}

/** Birth details: name, date, time or "time unknown", and the place from the gazetteer. */
export function BirthForm({ onCreated }: { onCreated: (chart: AstroChart) => void }) {
  const { t } = useTranslation('astro');
  const errorText = useErrorText();
  const create = useCreateChartMutation();
  const [name, setName] = useState('');
  const [birthDate, setBirthDate] = useState('');
  const [birthTime, setBirthTime] = useState('');
  const [timeUnknown, setTimeUnknown] = useState(false);
  const [place, setPlace] = useState<AstroPlace | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const messages: Record<Field, string> = {
    name: t('form.errors.name'),
    birthDate: t('form.errors.birthDate'),
    birthTime: t('form.errors.birthTime'),
    place: t('form.errors.place'),
  };

  function check(): FieldErrors {
    const found: FieldErrors = {};
    if (name.trim() === '') found.name = messages.name;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(birthDate) || birthDate < FIRST_DATE || birthDate > LAST_DATE) found.birthDate = messages.birthDate;
    if (!timeUnknown && !/^\d{2}:\d{2}(:\d{2})?$/.test(birthTime)) found.birthTime = messages.birthTime;
    if (!place) found.place = messages.place;
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0 || !place) return;
    const body: CreateChartBody = { name: name.trim(), birthDate, birthTime: timeUnknown ? null : birthTime, place };
    try {
      onCreated(await create.mutateAsync(body));
    } catch (error) {
      // A 400 names the field it refused: the message goes under that field, in the reader's language.
      const field = isApiError(error) && error.status === 400 ? fieldOfServerError(error.field) : null;
      if (field) setErrors({ [field]: messages[field] });
      else setFormError(errorText(error));
    }
  }

  return (
    <SectionCard title={t('form.heading')}>
      <Stack component="form" spacing={2} noValidate onSubmit={(event) => void submit(event)}>
        <FormTextField
          label={t('form.name')}
          hint={t('form.nameHint')}
          value={name}
          onValue={setName}
          error={errors.name}
          required
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: ASTRO_LIMITS.nameMax } }}
        />
        <FormTextField
          type="date"
          label={t('form.date')}
          value={birthDate}
          onValue={setBirthDate}
          error={errors.birthDate}
          required
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: FIRST_DATE, max: LAST_DATE } }}
        />
        <Stack spacing={0.5}>
          <FormTextField
            type="time"
            label={t('form.time')}
            value={timeUnknown ? '' : birthTime}
            onValue={setBirthTime}
            error={timeUnknown ? undefined : errors.birthTime}
            hint={timeUnknown ? t('form.timeUnknownHint') : t('form.timeHint')}
            disabled={timeUnknown}
            required={!timeUnknown}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <FormControlLabel
            control={<Checkbox checked={timeUnknown} onChange={(event) => setTimeUnknown(event.target.checked)} />}
            label={t('form.timeUnknown')}
          />
        </Stack>
        <PlaceField value={place} onChange={setPlace} error={errors.place} />
        {formError && <Alert severity="error">{formError}</Alert>}
        <Button type="submit" variant="contained" size="large" loading={create.isPending}>
          {t('form.submit')}
        </Button>
      </Stack>
    </SectionCard>
  );
}
