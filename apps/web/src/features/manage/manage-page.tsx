import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { PageLoading } from '../../components/page-loading';
import { screensFor, useMyRoles } from '../../entities/manage-screens';

/** `/manage`: the management screens the signed-in user's roles open, or a calm word when there are none. */
export function ManagePage() {
  const { t } = useTranslation('manage');
  const roles = useMyRoles();
  const screens = roles ? screensFor(roles) : [];
  return (
    <Stack spacing={2}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {!roles ? (
        <PageLoading />
      ) : screens.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography>{t('nothingToManage')}</Typography>
        </Paper>
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <List disablePadding aria-label={t('screensLabel')}>
            {screens.map((screen, index) => (
              <ListItem key={screen.path} disablePadding divider={index < screens.length - 1}>
                <ListItemButton component={RouterLink} to={screen.path} sx={{ py: 1.5 }}>
                  <ListItemText primary={t(screen.titleKey)} secondary={t(screen.descriptionKey)} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
                  <ChevronRightIcon aria-hidden sx={{ color: 'text.secondary', ml: 1 }} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
    </Stack>
  );
}
