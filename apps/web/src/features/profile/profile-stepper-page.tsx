import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DefaultApp, Language, UpdateUserBody, User } from '@saathi/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '../../components/toast';
import { changeAppLanguage } from '../../i18n';
import { fetchFeatureFlags } from '../../lib/feature-flags';
import { defaultAppPath } from '../../entities/session';
import { WithMe } from '../../entities/user-screen';
import {
  EmergencyContactsEditor,
  PersonalFields,
  PreferencesFields,
  SavedLocationsEditor,
  useContactsEditor,
  useLocationsEditor,
  type FieldErrors,
  locationItemsFromUser,
  personalBodyFromValues,
  personalValuesFromUser,
  type PersonalValues,
  useSaveProfile,
} from '../../entities/profile';
import { StepperProgress } from './components/stepper-progress';
import { PageHeader } from '../../components/page-header';
import { useErrorText } from '../../lib/error-text';
import { useAlertsStep } from '../alerts';

const STEPS = ['about', 'contacts', 'locations', 'alerts', 'preferences'] as const;
type StepId = (typeof STEPS)[number];
/** Steps a user may leave for later; "About you" and the preferences are always saved. Local alerts stay off until chosen. */
const OPTIONAL_STEPS: ReadonlySet<StepId> = new Set(['contacts', 'locations', 'alerts']);

/** `/profile`: the first-login stepper. Each step is saved on Next, so nothing is lost if the user leaves. */
export function ProfileStepperPage() {
  return <WithMe>{(user) => <ProfileStepper user={user} />}</WithMe>;
}

function ProfileStepper({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { save, isPending: profilePending } = useSaveProfile();
  const alerts = useAlertsStep();
  const errorText = useErrorText();
  const isPending = profilePending || alerts.pending;
  const [stepIndex, setStepIndex] = useState(0);
  const [personal, setPersonal] = useState<PersonalValues>(() => personalValuesFromUser(user));
  const [errors, setErrors] = useState<FieldErrors>({});
  const contacts = useContactsEditor(user.emergencyContacts);
  const locations = useLocationsEditor(locationItemsFromUser(user.locations));
  const [defaultApp, setDefaultApp] = useState<DefaultApp>(user.defaultApp);
  const [language, setLanguage] = useState<Language>(user.language);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  const step = STEPS[stepIndex] ?? 'about';
  const isLast = stepIndex === STEPS.length - 1;

  // Move focus to the new step's heading so keyboard and screen-reader users start at the top.
  // Before the step is painted: a tap into its first field right after must not lose its focus.
  useLayoutEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [stepIndex]);

  function goTo(index: number) {
    setErrors({});
    setStepIndex(index);
  }

  /** What the current step saves on the profile; null when a typed contact or location is invalid. */
  function stepBody(): UpdateUserBody | null {
    if (step === 'about') return personalBodyFromValues(personal, { includeEmail: false, storedName: user.name });
    if (step === 'contacts') {
      const list = contacts.listToSave();
      return list && { emergencyContacts: list };
    }
    if (step === 'locations') {
      const list = locations.listToSave();
      return list && { locations: list };
    }
    return { defaultApp, language, profileCompleted: true };
  }

  async function saveStep(): Promise<boolean> {
    // The alert choice has a call of its own (PUT /users/me/alert-settings).
    if (step === 'alerts') {
      try {
        await alerts.save();
        return true;
      } catch (error) {
        toast.error(errorText(error));
        return false;
      }
    }
    const body = stepBody();
    if (!body) return false;
    const result = await save(body);
    if (!result.ok) setErrors(result.errors);
    return result.ok;
  }

  async function next() {
    if (!(await saveStep())) return;
    if (!isLast) {
      goTo(stepIndex + 1);
      return;
    }
    toast.success(t('stepper.finished'));
    // Only astroai's landing depends on the run-time config.
    const astroEnabled = defaultApp === 'astroai' && (await fetchFeatureFlags(queryClient)).astroAi;
    await navigate(defaultAppPath(defaultApp, astroEnabled), { replace: true });
  }

  function chooseLanguage(next: Language) {
    setLanguage(next);
    // Switch the screen at once; the choice is stored on the account when the user finishes.
    void changeAppLanguage(next);
  }

  const labels = STEPS.map((id) => t(`steps.${id}`));

  return (
    <Container maxWidth="sm" disableGutters>
      <Stack spacing={2}>
        <PageHeader title={t('stepper.title')} subtitle={t('stepper.intro')} />
        <StepperProgress labels={labels} active={stepIndex} />
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={2}>
            <div>
              <Typography variant="h6" component="h2" ref={headingRef} tabIndex={-1} sx={{ outline: 'none', fontWeight: 600 }}>
                {t(`steps.${step}`)}
              </Typography>
              <Typography variant="body2" color="textSecondary">
                {t(`stepHints.${step}`)}
              </Typography>
            </div>
            {step === 'about' && <PersonalFields values={personal} errors={errors} onChange={setPersonal} />}
            {step === 'contacts' && <EmergencyContactsEditor editor={contacts} errors={errors} />}
            {step === 'locations' && <SavedLocationsEditor editor={locations} errors={errors} />}
            {step === 'alerts' && alerts.fields}
            {step === 'preferences' && (
              <PreferencesFields defaultApp={defaultApp} language={language} onDefaultAppChange={setDefaultApp} onLanguageChange={chooseLanguage} />
            )}
          </Stack>
        </Paper>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Button onClick={() => goTo(stepIndex - 1)} disabled={stepIndex === 0 || isPending}>
            {t('stepper.back')}
          </Button>
          <Stack direction="row" spacing={1} sx={{ ml: 'auto' }}>
            {OPTIONAL_STEPS.has(step) && (
              <Button onClick={() => goTo(stepIndex + 1)} disabled={isPending}>
                {t('stepper.skip')}
              </Button>
            )}
            <Button variant="contained" onClick={() => void next()} loading={isPending}>
              {isLast ? t('stepper.finish') : t('stepper.next')}
            </Button>
          </Stack>
        </Stack>
      </Stack>
    </Container>
  );
}
