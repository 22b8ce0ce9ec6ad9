import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { LANGUAGE_NATIVE_NAMES, NEWS_LANGUAGES } from '@saathi/shared/languages';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components/page-loading';
import { useErrorText } from '../../../lib/error-text';
import { formatIst } from '../desk-form';
import { useDeskLabels } from '../labels';
import { useVersionQuery, useVersionsQuery } from '../queries';
import { StateLabel } from './state-label';

interface VersionsDialogProps {
  articleId: number;
  currentVersion: number;
  open: boolean;
  restoring: boolean;
  onClose: () => void;
  onRestore: (version: number) => void;
}

/** Every saved version, newest first; one opened in full, and restored (which keeps a new version; the state stays). */
export function VersionsDialog({ articleId, currentVersion, open, restoring, onClose, onRestore }: VersionsDialogProps) {
  const { t } = useTranslation('news');
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const [viewing, setViewing] = useState<number | null>(null);

  function close() {
    setViewing(null);
    onClose();
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={fullScreen}>
      <DialogTitle id={titleId}>{viewing === null ? t('desk.versionsTitle') : t('desk.versionTitle', { version: viewing })}</DialogTitle>
      <DialogContent dividers>
        {viewing === null ? (
          <VersionList articleId={articleId} currentVersion={currentVersion} onView={setViewing} />
        ) : (
          <VersionView articleId={articleId} version={viewing} />
        )}
      </DialogContent>
      <DialogActions>
        {viewing !== null && <Button onClick={() => setViewing(null)}>{t('desk.allVersions')}</Button>}
        <Box sx={{ flex: 1 }} />
        <Button onClick={close}>{t('desk.close')}</Button>
        {viewing !== null && viewing !== currentVersion && (
          <Button variant="contained" onClick={() => onRestore(viewing)} loading={restoring}>
            {t('desk.restore')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

function VersionList({ articleId, currentVersion, onView }: { articleId: number; currentVersion: number; onView: (version: number) => void }) {
  const { t, i18n } = useTranslation('news');
  const { changes } = useDeskLabels();
  const errorText = useErrorText();
  const query = useVersionsQuery(articleId, true);
  const language = i18n.resolvedLanguage ?? 'en-US';
  if (query.isPending) return <PageLoading />;
  if (query.isError) return <Alert severity="error">{errorText(query.error)}</Alert>;
  return (
    <List disablePadding aria-label={t('desk.versionsTitle')}>
      {query.data.items.map((item) => (
        <ListItem key={item.version} disablePadding divider>
          <ListItemButton onClick={() => onView(item.version)} sx={{ display: 'block', py: 1.5 }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <Typography sx={{ fontWeight: 700 }}>{t('desk.versionNumber', { version: item.version })}</Typography>
              <Typography>{changes[item.change]}</Typography>
              <StateLabel state={item.state} />
              {item.version === currentVersion && (
                <Typography variant="body2" color="textSecondary">
                  {t('desk.current')}
                </Typography>
              )}
            </Box>
            <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
              {item.title}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {item.savedBy.name
                ? t('desk.savedBy', { when: formatIst(item.savedAt, language), name: item.savedBy.name })
                : t('desk.savedAt', { when: formatIst(item.savedAt, language) })}
            </Typography>
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

function VersionView({ articleId, version }: { articleId: number; version: number }) {
  const { t } = useTranslation('news');
  const errorText = useErrorText();
  const query = useVersionQuery(articleId, version);
  if (query.isPending) return <PageLoading />;
  if (query.isError) return <Alert severity="error">{errorText(query.error)}</Alert>;
  const { article } = query.data;
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="textSecondary">
        {t('desk.versionMeta', { slug: article.slug, author: article.author })}
      </Typography>
      {NEWS_LANGUAGES.map((code) => {
        const translation = article.translations[code];
        if (!translation) return null;
        return (
          <Box key={code} component="section" lang={code}>
            <Typography variant="overline" component="h3" color="textSecondary">
              {LANGUAGE_NATIVE_NAMES[code]}
            </Typography>
            <Typography sx={{ fontWeight: 700 }}>{translation.title}</Typography>
            {translation.summary && <Typography variant="body2">{translation.summary}</Typography>}
            <Box
              component="pre"
              sx={{
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
                fontFamily: 'inherit',
                fontSize: '0.85rem',
                bgcolor: 'grey.50',
                p: 1.5,
                borderRadius: 1,
                mt: 1,
              }}
            >
              {translation.body}
            </Box>
          </Box>
        );
      })}
    </Stack>
  );
}
