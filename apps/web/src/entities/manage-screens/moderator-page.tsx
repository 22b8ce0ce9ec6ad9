import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { PageHeader } from '../../components/page-header';
import { PageLoading } from '../../components/page-loading';
import { mayOpen } from './screens';
import { useMyRoles } from './use-my-roles';

/** Who may open the moderators' desks (screens.ts lists them for the same roles). */
export const MODERATOR_ROLES = ['moderator'] as const;

/**
 * A moderators' desk (the moderation desk, the reels desk): its title for everyone, its content
 * for moderators and admins, and a calm word for anyone else. The server refuses their calls
 * regardless.
 */
export function ModeratorPage({ title, subtitle, notAllowed, children }: { title: string; subtitle: string; notAllowed: string; children: ReactNode }) {
  const roles = useMyRoles();
  return (
    <Stack spacing={2}>
      <PageHeader title={title} subtitle={subtitle} />
      {!roles ? <PageLoading /> : mayOpen({ roles: MODERATOR_ROLES }, roles) ? children : <Alert severity="info">{notAllowed}</Alert>}
    </Stack>
  );
}
