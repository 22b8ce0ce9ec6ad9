import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MyVerification, ResponderProfession } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import { FormTextField, NativeSelectField } from '../../components/form-fields';
import { isApiError } from '../../lib/api-client';
import { useErrorText } from '../../lib/error-text';
import { ResponderBadge, label } from '../../entities/responder';
import { useRequestVerificationMutation } from './queries';

const PROFESSIONS: readonly ResponderProfession[] = ['doctor', 'nurse', 'hospital', 'police', 'firefighter', 'mechanic'];
/** Which fields each profession asks for (the server's VERIFICATION_FIELDS; `false`: optional, absent: not asked). */
const FIELDS: Record<ResponderProfession, { registrationNumber: boolean; council?: true; station?: true }> = {
  doctor: { registrationNumber: true, council: true },
  nurse: { registrationNumber: true, council: true },
  hospital: { registrationNumber: true },
  police: { registrationNumber: true, station: true },
  firefighter: { registrationNumber: false, station: true },
  mechanic: { registrationNumber: true },
};

const dateText = (iso: string | null, language: string) => (iso ? new Date(iso).toLocaleDateString(language, { dateStyle: 'medium' }) : '');

/** Asking to be verified (numbers and a photo of the document), and where the request stands. */
export function VerificationCard({ mine }: { mine: MyVerification }) {
  const { t, i18n } = useTranslation('responders');
  const latest = mine.latest;
  const [asking, setAsking] = useState(false);
  const open = latest === null || asking;
  return (
    <Stack spacing={1.5} data-testid="verification-card">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {t('verification.title')}
      </Typography>
      {mine.verified && (
        <Stack direction="row">
          <ResponderBadge profession={mine.verified.profession} />
        </Stack>
      )}
      {latest && !asking && (
        <Alert severity={latest.status === 'approved' ? 'success' : latest.status === 'pending' ? 'info' : 'warning'} role="status">
          {label(t, 'verification.status', latest.status, { date: dateText(latest.expiresAt, i18n.language), reason: latest.reason ?? '—' })}
        </Alert>
      )}
      {latest && !asking && latest.status !== 'pending' && latest.status !== 'approved' && (
        <Button variant="outlined" sx={{ alignSelf: 'flex-start' }} onClick={() => setAsking(true)}>
          {t('verification.askAgain')}
        </Button>
      )}
      {open && <VerificationForm onSent={() => setAsking(false)} />}
    </Stack>
  );
}

function VerificationForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation('responders');
  const errorText = useErrorText();
  const request = useRequestVerificationMutation();
  const [profession, setProfession] = useState<ResponderProfession>('doctor');
  const [text, setText] = useState({ registrationNumber: '', council: '', station: '' });
  const [document, setDocument] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fields = FIELDS[profession];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!document) {
      setErrors({ document: t('verification.documentMissing') });
      return;
    }
    const form = new FormData();
    form.set('profession', profession);
    if (text.registrationNumber.trim()) form.set('registrationNumber', text.registrationNumber.trim());
    if (fields.council && text.council.trim()) form.set('council', text.council.trim());
    if (fields.station && text.station.trim()) form.set('station', text.station.trim());
    form.set('document', document);
    request.mutate(form, {
      onSuccess: () => {
        setErrors({});
        onSent();
      },
      onError: (error) => setErrors({ [isApiError(error) && error.field ? error.field : 'form']: errorText(error) }),
    });
  };

  return (
    <Stack component="form" spacing={1.5} onSubmit={submit} noValidate aria-label={t('verification.title')}>
      <Typography variant="body2" color="textSecondary">
        {t('verification.intro')}
      </Typography>
      <NativeSelectField label={t('verification.profession')} value={profession} onValue={(value) => setProfession(value as ResponderProfession)}>
        {PROFESSIONS.map((p) => (
          <option key={p} value={p}>
            {label(t, 'professionNames', p)}
          </option>
        ))}
      </NativeSelectField>
      <FormTextField
        label={label(t, 'verification.registrationNumber', profession)}
        value={text.registrationNumber}
        required={fields.registrationNumber}
        onValue={(value) => setText({ ...text, registrationNumber: value })}
        error={errors.registrationNumber}
      />
      {fields.council && (
        <FormTextField
          label={label(t, 'verification.council', profession as 'doctor' | 'nurse')}
          value={text.council}
          required
          onValue={(value) => setText({ ...text, council: value })}
          error={errors.council}
        />
      )}
      {fields.station && (
        <FormTextField
          label={label(t, 'verification.station', profession as 'police' | 'firefighter')}
          value={text.station}
          required
          onValue={(value) => setText({ ...text, station: value })}
          error={errors.station}
        />
      )}
      <Stack spacing={0.5}>
        <Typography variant="body2">{t('verification.document')}</Typography>
        <Button component="label" variant="outlined" sx={{ alignSelf: 'flex-start' }}>
          {t('verification.chooseDocument')}
          <input
            hidden
            type="file"
            accept="image/*"
            aria-label={t('verification.document')}
            onChange={(event) => setDocument(event.target.files?.[0] ?? null)}
          />
        </Button>
        <Typography variant="caption" color={errors.document ? 'error' : 'textSecondary'}>
          {errors.document ?? (document ? t('verification.documentChosen', { name: document.name }) : t('verification.documentHint'))}
        </Typography>
      </Stack>
      {errors.form && <Alert severity="error">{errors.form}</Alert>}
      <Button type="submit" variant="contained" disabled={request.isPending} sx={{ alignSelf: 'flex-start' }}>
        {t('verification.submit')}
      </Button>
    </Stack>
  );
}
