import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { PageLoading } from '../../components/page-loading';
import { mayOpen, type ManageScreen } from './screens';
import { useMyRoles } from './use-my-roles';

/** What someone without the role reads instead, and where the button takes them. */
export interface Refusal {
  text: string;
  backTo: string;
  backLabel: string;
}

interface RoleGateProps {
  screen: Pick<ManageScreen, 'roles'>;
  /** The management screens' own words ("This screen is for admins", back to /manage) unless given. */
  refusal?: Refusal;
  children: ReactNode;
}

/**
 * Shows a management screen to those whose roles open it, and a calm word to anyone else (a
 * link someone shared, a role just taken away). The server refuses their calls regardless.
 */
export function RoleGate({ screen, refusal, children }: RoleGateProps) {
  const { t } = useTranslation('manage');
  const roles = useMyRoles();
  if (!roles) return <PageLoading />;
  if (mayOpen(screen, roles)) return <>{children}</>;
  const { text, backTo, backLabel } = refusal ?? { text: t('notAllowed'), backTo: '/manage', backLabel: t('backToManage') };
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Alert severity="info" sx={{ alignSelf: 'stretch' }}>
        {text}
      </Alert>
      <Button component={RouterLink} to={backTo} variant="outlined">
        {backLabel}
      </Button>
    </Stack>
  );
}

/** A role-gated page: its title and subtitle for everyone, its content only for the roles in `screen`. */
export function RoleGatedPage({ title, subtitle, ...gate }: RoleGateProps & { title: string; subtitle: string }) {
  return (
    <Stack spacing={2}>
      <PageHeader title={title} subtitle={subtitle} />
      <RoleGate {...gate} />
    </Stack>
  );
}
