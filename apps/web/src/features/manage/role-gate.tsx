import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { mayOpen, type ManageScreen } from './screens';
import { useMyRoles } from './use-my-roles';

/**
 * Shows a management screen to those whose roles open it, and a calm word to anyone else (a
 * link someone shared, a role just taken away). The server refuses their calls regardless.
 */
export function RoleGate({ screen, children }: { screen: Pick<ManageScreen, 'roles'>; children: ReactNode }) {
  const { t } = useTranslation('manage');
  const roles = useMyRoles();
  if (!roles) return <PageLoading />;
  if (mayOpen(screen, roles)) return <>{children}</>;
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Alert severity="info" sx={{ alignSelf: 'stretch' }}>
        {t('notAllowed')}
      </Alert>
      <Button component={RouterLink} to="/manage" variant="outlined">
        {t('backToManage')}
      </Button>
    </Stack>
  );
}
