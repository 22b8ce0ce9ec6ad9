import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { GRANTED_ROLES, grantedRolesOf, type AdminUser, type GrantedRole } from '@saathi/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/form-fields';
import { PagedList } from '../../components/paged-list';
import { useToast } from '../../components/toast';
import { useErrorText } from '../../lib/error-text';
import { formatIndianMobile } from '../../lib/indian-mobile';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useAdminUsersQuery, useSetRolesMutation } from './queries';
import { roleName } from './audit-text';
import { RoleGatedPage } from '../../entities/manage-screens';

/** Wait this long after the last key before searching. */
const SEARCH_DELAY_MS = 300;

/** `/manage/users` (admin): find people by name or phone number, and set their roles. */
export function ManageUsersPage() {
  const { t } = useTranslation('manage');
  return (
    <RoleGatedPage title={t('users.title')} subtitle={t('users.subtitle')} screen={{ roles: ['admin'] }}>
      <UserSearch />
    </RoleGatedPage>
  );
}

function UserSearch() {
  const { t } = useTranslation('manage');
  const [text, setText] = useState('');
  const query = useAdminUsersQuery(useDebouncedValue(text, SEARCH_DELAY_MS));

  return (
    <Stack spacing={2}>
      <Box component="form" role="search" onSubmit={(event) => event.preventDefault()}>
        <FormTextField type="search" label={t('users.search')} hint={t('users.searchHint')} value={text} onValue={setText} autoComplete="off" />
      </Box>
      <PagedList query={query} empty={<Typography color="textSecondary">{t('users.none')}</Typography>} moreLabel={t('showMore')}>
        {(users) => (
          <Stack component="ul" spacing={1.5} aria-label={t('users.listLabel')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {users.map((user) => (
              // Keyed by the saved roles, so a card starts again from what the server holds after a save.
              <UserRolesCard key={`${user.id}:${user.roles.join()}`} user={user} />
            ))}
          </Stack>
        )}
      </PagedList>
    </Stack>
  );
}

function UserRolesCard({ user }: { user: AdminUser }) {
  const { t } = useTranslation('manage');
  const errorText = useErrorText();
  const toast = useToast();
  const headingId = useId();
  const saved = grantedRolesOf(user.roles);
  const [chosen, setChosen] = useState<GrantedRole[]>(saved);
  const save = useSetRolesMutation();
  const name = user.name?.trim() || t('users.unnamed', { id: user.id });
  const changed = chosen.join() !== saved.join();

  const toggle = (role: GrantedRole, on: boolean) => setChosen((current) => grantedRolesOf(on ? [...current, role] : current.filter((r) => r !== role)));
  // The saved roles re-key this card (a fresh one replaces it), so the toast follows the promise, not the card.
  const submit = () =>
    save.mutateAsync({ id: user.id, roles: chosen }).then(
      () => toast.success(t('users.saved', { name })),
      () => undefined, // shown in the card, in the user's language
    );

  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }} aria-labelledby={headingId}>
      <Stack spacing={1}>
        <Box>
          <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {t('users.idAndPhone', { id: user.id, phone: `+91 ${formatIndianMobile(user.phoneNumber)}` })}
          </Typography>
        </Box>
        <FormGroup row aria-label={t('users.rolesOf', { name })} role="group">
          {GRANTED_ROLES.map((role) => (
            <FormControlLabel
              key={role}
              label={roleName(t, role)}
              control={<Checkbox checked={chosen.includes(role)} onChange={(event) => toggle(role, event.target.checked)} disabled={save.isPending} />}
            />
          ))}
        </FormGroup>
        {save.isError && (
          <Alert severity="error" role="alert">
            {errorText(save.error)}
          </Alert>
        )}
        <Box>
          <Button variant="contained" onClick={() => void submit()} disabled={!changed} loading={save.isPending} aria-label={t('users.saveFor', { name })}>
            {t('users.save')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
