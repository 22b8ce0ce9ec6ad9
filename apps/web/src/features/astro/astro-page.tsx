import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AstroChart } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { PageLoading } from '../../components/page-loading';
import { useFeatureFlags } from '../../lib/feature-flags';
import { useErrorText } from '../../lib/error-text';
import { BirthForm } from './birth-form';
import { ChartView } from './chart-view';
import { formatBirthDate } from './format';
import { useChartsQuery } from './queries';
import { useAstroTerms } from './use-astro-terms';
import './astro.css';

/**
 * `/astro-ai` (SPEC.md §2): birth charts computed from the real sky, today's panchang and a calm
 * assistant. Only while the operator has the feature on (`features.astroAi` in the public
 * config); otherwise the path leads to the SOS dashboard, as a user whose default app is astroai does.
 */
export function AstroPage() {
  const flags = useFeatureFlags();
  if (!flags.known) return <PageLoading />;
  if (!flags.astroAi) return <Navigate to="/" replace />;
  return <Astro />;
}

function Astro() {
  const [params, setParams] = useSearchParams();
  const chartId = Number(params.get('chart'));
  const open = (chart: AstroChart | null) => setParams(chart ? { chart: String(chart.id) } : {});
  if (Number.isInteger(chartId) && chartId > 0) return <ChartView key={chartId} chartId={chartId} onClose={() => open(null)} />;
  return <ChartsHome onOpen={open} />;
}

function ChartsHome({ onOpen }: { onOpen: (chart: AstroChart) => void }) {
  const { t } = useTranslation('astro');
  return (
    <Stack spacing={2}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <SavedCharts onOpen={onOpen} />
      <BirthForm onCreated={onOpen} />
      <Typography variant="body2" color="textSecondary">
        {t('chat.guidance')}
      </Typography>
    </Stack>
  );
}

function SavedCharts({ onOpen }: { onOpen: (chart: AstroChart) => void }) {
  const { t, i18n } = useTranslation('astro');
  const terms = useAstroTerms();
  const errorText = useErrorText();
  const query = useChartsQuery();
  const language = i18n.resolvedLanguage ?? 'en-US';
  if (query.isPending) return <Skeleton variant="rounded" height={72} />;
  if (query.isError) return <Alert severity="warning">{errorText(query.error)}</Alert>;
  if (query.data.length === 0) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="astro-charts-heading">
      <Typography variant="h6" component="h2" id="astro-charts-heading" sx={{ px: 2, pt: 1.5 }}>
        {t('charts.heading')}
      </Typography>
      <List>
        {query.data.map((chart) => (
          <ListItemButton key={chart.id} onClick={() => onOpen(chart)} data-testid="astro-saved-chart">
            <ListItemText
              primary={chart.name}
              secondary={t('charts.summary', {
                date: formatBirthDate(chart.birthDate, language),
                place: chart.place.name,
                moonSign: terms.sign[chart.moonSign],
              })}
            />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}
