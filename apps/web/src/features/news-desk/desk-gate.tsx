import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { hasRole } from '@saathi/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { useMyRoles } from '../manage/use-my-roles';

/**
 * The desk for editors and admins; anyone else (a shared link, a role just taken away) gets a
 * calm word instead. The server refuses their calls regardless.
 */
export function DeskGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('news');
  const roles = useMyRoles();
  if (!roles) return <PageLoading />;
  if (hasRole(roles, 'editor')) return <>{children}</>;
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Alert severity="info" sx={{ alignSelf: 'stretch' }}>
        {t('desk.notForYou')}
      </Alert>
      <Button component={RouterLink} to="/news" variant="outlined">
        {t('desk.toNews')}
      </Button>
    </Stack>
  );
}
