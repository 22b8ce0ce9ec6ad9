import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { AstroChart } from '@saathi/shared';
import { CHART_STYLES } from '@saathi/shared/astro';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../components/back-link';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeading } from '../../components/page-heading';
import { useErrorText } from '../../lib/error-text';
import { BirthChart, type ChartLabels } from './chart/birth-chart';
import { chartCells, type ChartModel } from './chart/chart-layout';
import { useChartStyle } from './chart/chart-style';
import { AstroChat } from './chat/astro-chat';
import { formatBirthDate, formatDegreeMinuteSecond, formatUtcInstant } from './format';
import { PanchangCard } from './panchang-card';
import { PlanetTable } from './planet-table';
import { useChartQuery, useDeleteChartMutation } from './queries';
import { useAstroTerms } from './use-astro-terms';

/** One saved chart: the drawing, the planets, today's panchang at its place and the assistant. */
export function ChartView({ chartId, onClose }: { chartId: number; onClose: () => void }) {
  const { t } = useTranslation('astro');
  const errorText = useErrorText();
  const query = useChartQuery(chartId);
  if (query.isPending) return <Skeleton variant="rounded" height={420} />;
  if (query.isError) {
    return (
      <Stack spacing={2}>
        <BackLink to="/astro-ai" label={t('chart.back')} />
        <Alert severity="warning">{errorText(query.error)}</Alert>
      </Stack>
    );
  }
  return <ChartDetails chart={query.data} onDeleted={onClose} />;
}

function ChartDetails({ chart, onDeleted }: { chart: AstroChart; onDeleted: () => void }) {
  const { t, i18n } = useTranslation('astro');
  const language = i18n.resolvedLanguage ?? 'en-US';
  const terms = useAstroTerms();
  const [chartStyle, setChartStyle] = useChartStyle();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteChartMutation();
  const errorText = useErrorText();

  const model: ChartModel = { firstSign: chart.lagna?.sign ?? chart.moonSign, lagnaSign: chart.lagna?.sign ?? null, planets: chart.planets };
  const labels: ChartLabels = { signName: terms.sign, bodyShort: terms.bodyShort, retrogradeMark: t('chart.retrogradeMark'), lagna: t('chart.lagnaMark') };
  const description = chartCells(model)
    .map((cell) => {
      const bodies = [
        ...(cell.lagna ? [terms.element.lagna] : []),
        ...cell.bodies.map((body) => (body.retrograde ? t('chart.retrogradeBody', { body: terms.body[body.body] }) : terms.body[body.body])),
      ];
      const sign = terms.sign[cell.sign];
      return bodies.length > 0
        ? t('chart.houseDescription', { house: cell.house, sign, bodies: bodies.join(', ') })
        : t('chart.houseEmpty', { house: cell.house, sign });
    })
    .join('. ');

  async function confirmDelete() {
    await remove.mutateAsync(chart.id).catch(() => undefined);
    setConfirming(false);
    onDeleted();
  }

  const born = chart.birthTime
    ? t('chart.bornAt', { date: formatBirthDate(chart.birthDate, language), time: chart.birthTime.slice(0, 5), place: chart.place.name })
    : t('chart.bornOn', { date: formatBirthDate(chart.birthDate, language), place: chart.place.name });

  return (
    <Stack spacing={2}>
      <BackLink to="/astro-ai" label={t('chart.back')} />
      <Box>
        <PageHeading>{t('chart.heading', { name: chart.name })}</PageHeading>
        <Typography variant="body2" color="textSecondary">
          {born}
        </Typography>
      </Box>

      <KeyFacts chart={chart} />

      {/* One column on a phone; on a wide screen the chart sits beside its planets, the panchang beside the assistant. */}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} component="section" aria-labelledby="astro-drawing-heading">
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
            <Typography variant="h6" component="h2" id="astro-drawing-heading">
              {t('chart.drawingHeading')}
            </Typography>
            <ToggleButtonGroup
              size="small"
              exclusive
              color="primary"
              value={chartStyle}
              onChange={(_event, next: (typeof CHART_STYLES)[number] | null) => next && setChartStyle(next)}
              aria-label={t('chart.styleLabel')}
              // The theme's pink on the selected tint is 4.4:1; the darker pink reads well above 4.5:1.
              sx={{ '& .MuiToggleButton-root.Mui-selected': { color: 'primary.dark' } }}
            >
              <ToggleButton value="north">{t('chart.north')}</ToggleButton>
              <ToggleButton value="south">{t('chart.south')}</ToggleButton>
            </ToggleButtonGroup>
          </Stack>
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            <BirthChart
              chartStyle={chartStyle}
              model={model}
              labels={labels}
              title={t('chart.svgTitle', { name: chart.name, style: chartStyle === 'north' ? t('chart.north') : t('chart.south') })}
              description={description}
            />
          </Box>
          {!chart.timeKnown && (
            <Alert severity="info" sx={{ mt: 1.5 }}>
              {t('chart.noTimeNote')}
            </Alert>
          )}
          <Typography variant="body2" color="textSecondary" sx={{ mt: 1.5 }}>
            {t('chart.instant', { utc: formatUtcInstant(chart.utc, language), offset: chart.utcOffset, zone: chart.timeZone })}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {t('chart.ayanamsa', { name: terms.ayanamsa[chart.ayanamsa.name], degrees: formatDegreeMinuteSecond(chart.ayanamsa.degrees) })}
          </Typography>
        </Paper>

        <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }} component="section" aria-labelledby="astro-planets-heading">
          <Typography variant="h6" component="h2" id="astro-planets-heading" sx={{ px: { xs: 1, sm: 0 } }}>
            {t('planets.caption')}
          </Typography>
          <PlanetTable chart={chart} />
        </Paper>

        <PanchangCard chart={chart} />
        <AstroChat chartId={chart.id} />
      </Box>

      <Box>
        <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
          {t('charts.delete')}
        </Button>
        {remove.isError && <Alert severity="error">{errorText(remove.error)}</Alert>}
      </Box>
      <ConfirmDialog
        open={confirming}
        titleId="astro-delete-title"
        title={t('charts.deleteTitle', { name: chart.name })}
        body={t('charts.deleteBody')}
        keepLabel={t('charts.keep')}
        confirmLabel={t('charts.deleteConfirm')}
        busy={remove.isPending}
        onKeep={() => setConfirming(false)}
        onConfirm={() => void confirmDelete()}
      />
    </Stack>
  );
}

/** The lines people look for first: lagna, Moon sign (rashi), birth nakshatra, Sun sign. */
function KeyFacts({ chart }: { chart: AstroChart }) {
  const { t } = useTranslation('astro');
  const terms = useAstroTerms();
  const facts: [string, string][] = [
    [terms.element.lagna, chart.lagna ? terms.sign[chart.lagna.sign] : t('chart.lagnaUnknown')],
    [terms.element.moonSign, terms.sign[chart.moonSign]],
    [terms.element.birthNakshatra, t('planets.nakshatraPada', { nakshatra: terms.nakshatra[chart.nakshatra], pada: chart.nakshatraPada })],
    [terms.element.sunSign, terms.sign[chart.sunSign]],
  ];
  return (
    <dl className="astro-facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
