import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { FeedbackDiagnostics } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import { DIAGNOSTIC_PERMISSIONS } from './diagnostic-permissions';
import { useFeedbackLabels } from './labels';

/** The diagnostics of a ticket as a definition list: what the sender sees before sending, and what admins read. */
export function DiagnosticsList({ diagnostics }: { diagnostics: FeedbackDiagnostics }) {
  const { t } = useTranslation('feedback');
  const labels = useFeedbackLabels();
  const rows: [string, string][] = [
    [t('diagnostics.appVersion'), diagnostics.appVersion],
    [t('diagnostics.language'), diagnostics.language],
    [t('diagnostics.browser'), diagnostics.browser],
    ...DIAGNOSTIC_PERMISSIONS.map((name): [string, string] => [labels.permission(name), labels.state(diagnostics.permissions[name])]),
    [
      t('diagnostics.location'),
      diagnostics.location
        ? t('diagnostics.locationValue', {
            latitude: diagnostics.location.latitude,
            longitude: diagnostics.location.longitude,
            accuracy: diagnostics.location.accuracyM ?? '?',
          })
        : t('diagnostics.locationNotSent'),
    ],
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: 0.25, m: 0 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 0.75, sm: 0 }, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
