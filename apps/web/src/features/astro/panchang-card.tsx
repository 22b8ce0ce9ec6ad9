import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import type { AstroChart, Panchang } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../lib/error-text';
import { dateIn, formatTimeIn } from './format';
import { usePanchangQuery } from './queries';
import { SectionCard } from '../../components/section-card';
import { useAstroTerms } from './use-astro-terms';

/** Today's panchang at the chart's place: sunrise, sunset, and the five limbs with the times they end, in the place's time zone. */
export function PanchangCard({ chart }: { chart: AstroChart }) {
  const { t } = useTranslation('astro');
  const errorText = useErrorText();
  const today = dateIn(new Date(), chart.timeZone);
  const query = usePanchangQuery(today, chart.place, chart.timeZone);
  return (
    <SectionCard title={t('panchang.heading')} hint={t('panchang.where', { place: chart.place.name, zone: chart.timeZone })}>
      {query.isPending && <Skeleton variant="rounded" height={180} />}
      {query.isError && <Alert severity="warning">{errorText(query.error)}</Alert>}
      {query.data && <PanchangRows panchang={query.data} />}
    </SectionCard>
  );
}

function PanchangRows({ panchang }: { panchang: Panchang }) {
  const { t, i18n } = useTranslation('astro');
  const terms = useAstroTerms();
  const language = i18n.resolvedLanguage ?? 'en-US';
  const time = (instant: string | null) => (instant ? formatTimeIn(instant, panchang.timeZone, language, panchang.date) : t('panchang.none'));
  const until = (instant: string) => t('panchang.until', { time: time(instant) });
  const rows: [string, string, string | null][] = [
    [terms.element.sunrise, time(panchang.sunrise), null],
    [terms.element.sunset, time(panchang.sunset), null],
    [terms.element.vara, terms.vara[panchang.vara], null],
    [terms.element.tithi, `${terms.tithi[String(panchang.tithi.number) as keyof typeof terms.tithi]}`, until(panchang.tithi.endsAt)],
    [terms.element.nakshatra, terms.nakshatra[panchang.nakshatra.code], until(panchang.nakshatra.endsAt)],
    [terms.element.yoga, terms.yoga[panchang.yoga.code], until(panchang.yoga.endsAt)],
    [terms.element.karana, terms.karana[panchang.karana.code], until(panchang.karana.endsAt)],
  ];
  return (
    <dl className="astro-panchang">
      {rows.map(([label, value, ends]) => (
        <div key={label} className="astro-panchang__row">
          <dt>{label}</dt>
          <dd>
            <span className="astro-panchang__value">{value}</span>
            {ends && <span className="astro-panchang__ends">{ends}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
