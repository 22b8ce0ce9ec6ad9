import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast';
import { useErrorText } from '../../../lib/error-text';
import { TabSection } from '../components/tab-section';
import { DeleteAccountDialog } from './delete-account-dialog';
import { useDownloadMyDataMutation } from './queries';

/** "Your data": a copy of everything Saathi keeps about the user, and deleting the account. */
export function DataRightsSection() {
  const { t } = useTranslation('account');
  const toast = useToast();
  const errorText = useErrorText();
  const download = useDownloadMyDataMutation();
  const [deleting, setDeleting] = useState(false);

  return (
    <TabSection title={t('dataRights.title')} description={t('dataRights.description')}>
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          loading={download.isPending}
          onClick={() =>
            download.mutate(undefined, {
              onSuccess: () => toast.success(t('dataRights.downloaded')),
              onError: (error) => toast.error(errorText(error)),
            })
          }
        >
          {t('dataRights.download')}
        </Button>
        <Typography variant="body2" color="textSecondary">
          {t('dataRights.downloadHint')}
        </Typography>
      </Stack>
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Button variant="outlined" color="error" startIcon={<DeleteForeverIcon />} onClick={() => setDeleting(true)}>
          {t('dataRights.delete')}
        </Button>
        <Typography variant="body2" color="textSecondary">
          {t('dataRights.deleteHint')}
        </Typography>
      </Stack>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
    </TabSection>
  );
}
