import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineOutlinedIcon from '@mui/icons-material/ErrorOutlineOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import RemoveCircleOutlineOutlinedIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OperationsStatus } from '@saathi/shared';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadFailed } from '../../components/load-failed';
import { QueryState } from '../../components/query-state';
import { SectionCard } from '../../components/section-card';
import { RoleGatedPage } from '../../entities/manage-screens';
import { isApiError } from '../../lib/api-client';
import { formatIndiaClockTime } from '../../lib/india-time-format';
import { useOperationsStatusQuery } from './queries';
import {
  FAILURE_MIN_SENT,
  FAILURE_RATIO_LIMIT,
  READINESS_CHECKS,
  checkIsFine,
  failureShare,
  statusVerdict,
  type AttentionReason,
  type ReadinessCheck,
} from './status-verdict';

/** Who may open the screen (entities/manage-screens/screens.ts lists it for the same role). */
const STATUS_ROLES = ['admin'] as const;

type Ready = OperationsStatus['ready'];
type CheckState = Ready[ReadinessCheck];
type Channel = keyof OperationsStatus['deliveries'];
type Tally = OperationsStatus['deliveries']['push'];

/** `/manage/status` (admin): the last hour at a glance, refreshed every 15 s while it is open. */
export function ManageStatusPage() {
  const { t } = useTranslation('manage');
  return (
    <RoleGatedPage title={t('status.title')} subtitle={t('status.subtitle')} screen={{ roles: STATUS_ROLES }}>
      <StatusBoard />
    </RoleGatedPage>
  );
}

function StatusBoard() {
  const { t } = useTranslation('manage');
  const query = useOperationsStatusQuery();
  return (
    <QueryState
      query={query}
      keepDataOnError
      renderError={(error, retry) =>
        // The role was taken away since the app last asked: the same calm word as the gate's.
        isApiError(error) && error.status === 403 ? (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Alert severity="info" sx={{ alignSelf: 'stretch' }}>
              {t('notAllowed')}
            </Alert>
            <Button component={RouterLink} to="/manage" variant="outlined">
              {t('backToManage')}
            </Button>
          </Stack>
        ) : (
          <LoadFailed message={t('status.loadFailed')} onRetry={retry} />
        )
      }
    >
      {(status) => <Board status={status} refreshing={query.isFetching} refreshFailed={query.isError} onRefresh={() => void query.refetch()} />}
    </QueryState>
  );
}

/** Numbers, durations, shares and times in the UI language. */
function useFormat() {
  const { t, i18n } = useTranslation('manage');
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const whole = new Intl.NumberFormat(language);
    const tenths = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const upToTenths = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
    const share = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
    return {
      count: (value: number) => whole.format(value),
      /** A measured time: "0.4 s". */
      ms: (ms: number) => t('status.seconds', { value: tenths.format(ms / 1000) }),
      /** A limit or objective: "2 s". */
      limit: (seconds: number) => t('status.seconds', { value: upToTenths.format(seconds) }),
      /** A wait: "12.5 s", or "3.2 min" past two minutes. */
      wait: (seconds: number) =>
        seconds < 120 ? t('status.seconds', { value: upToTenths.format(seconds) }) : t('status.minutes', { value: upToTenths.format(seconds / 60) }),
      share: (ratio: number) => share.format(ratio),
      clock: (iso: string) => formatIndiaClockTime(new Date(iso), language),
    };
  }, [t, language]);
}

interface BoardProps {
  status: OperationsStatus;
  refreshing: boolean;
  refreshFailed: boolean;
  onRefresh: () => void;
}

const COLUMN = { display: { xs: 'contents', md: 'flex' }, flexDirection: 'column', gap: 2, minWidth: 0 } as const;

function Board({ status, refreshing, refreshFailed, onRefresh }: BoardProps) {
  const { t } = useTranslation('manage');
  const format = useFormat();
  const updated = format.clock(status.generatedAt);
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="body2" color="textSecondary" sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid="status-updated">
          {t('status.updated', { time: updated })}
        </Typography>
        <Button variant="outlined" size="small" startIcon={<RefreshIcon aria-hidden />} onClick={onRefresh} aria-busy={refreshing}>
          {t('status.refresh')}
        </Button>
      </Box>
      {refreshFailed && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" onClick={onRefresh}>
              {t('common:actions.retry')}
            </Button>
          }
        >
          {t('status.refreshFailed', { time: updated })}
        </Alert>
      )}
      <Verdict status={status} />
      {/*
        One column on a phone, in the order of what matters most; two on a wide screen, the taller
        cards (SOS, deliveries) on the left. On a phone the column boxes step aside (display:
        contents) and `order` puts the cards in sequence.
      */}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
        <Box sx={COLUMN}>
          <Box sx={{ order: 1 }}>
            <SosCard sos={status.sos} />
          </Box>
          <Box sx={{ order: 3 }}>
            <DeliveriesCard deliveries={status.deliveries} />
          </Box>
        </Box>
        <Box sx={COLUMN}>
          <Box sx={{ order: 2 }}>
            <QueueCard outbox={status.outbox} />
          </Box>
          <Box sx={{ order: 4 }}>
            <ReadinessCard ready={status.ready} />
          </Box>
        </Box>
      </Box>
    </Stack>
  );
}

function Verdict({ status }: { status: OperationsStatus }) {
  const { t } = useTranslation('manage');
  const reasonText = useReasonText();
  const { allGood, reasons } = statusVerdict(status);
  const headingId = useId();
  return (
    <Alert
      component="section"
      aria-labelledby={headingId}
      role="status"
      severity={allGood ? 'success' : 'warning'}
      icon={allGood ? <TaskAltIcon aria-hidden /> : <ReportProblemOutlinedIcon aria-hidden />}
      data-testid="status-verdict"
    >
      <AlertTitle id={headingId} component="h2" sx={{ fontSize: '1.125rem', fontWeight: 700, mb: 0.5 }}>
        {allGood ? t('status.allGood') : t('status.needsAttention')}
      </AlertTitle>
      {allGood ? (
        <Typography variant="body2">{t('status.allGoodDetail')}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {reasons.map((reason) => (
            <Typography component="li" variant="body2" key={`${reason.kind}-${'check' in reason ? reason.check : 'channel' in reason ? reason.channel : ''}`}>
              {reasonText(reason)}
            </Typography>
          ))}
        </Box>
      )}
    </Alert>
  );
}

/** A readiness check's name, a state's word and a channel's name (literal keys, so the key check sees them). */
function useNames() {
  const { t } = useTranslation('manage');
  return useMemo(
    () => ({
      check: (check: ReadinessCheck) =>
        ({
          database: t('status.ready.database'),
          migrations: t('status.ready.migrations'),
          redis: t('status.ready.redis'),
          outbox: t('status.ready.outbox'),
        })[check],
      state: (state: CheckState) =>
        ({
          ok: t('status.states.ok'),
          failed: t('status.states.failed'),
          pending: t('status.states.pending'),
          not_configured: t('status.states.not_configured'),
          stopped: t('status.states.stopped'),
        })[state],
      channel: (channel: Channel) => ({ push: t('status.channels.push'), sms: t('status.channels.sms'), inapp: t('status.channels.inapp') })[channel],
    }),
    [t],
  );
}

function useReasonText() {
  const { t } = useTranslation('manage');
  const format = useFormat();
  const names = useNames();
  return (reason: AttentionReason): string => {
    switch (reason.kind) {
      case 'check':
        return t('status.reasons.check', { check: names.check(reason.check), state: names.state(reason.state) });
      case 'lag':
        return t('status.reasons.lag', { lag: format.wait(reason.lagSeconds), limit: format.limit(reason.limitSeconds) });
      case 'firstStep':
        return t('status.reasons.firstStep', { p95: format.ms(reason.p95Ms), objective: format.limit(reason.objectiveMs / 1000) });
      case 'failures':
        return t('status.reasons.failures', {
          channel: names.channel(reason.channel),
          percent: format.share(reason.ratio),
          failed: format.count(reason.failed),
          sent: format.count(reason.sent),
        });
    }
  };
}

interface Figure {
  id: string;
  label: string;
  value: string;
}

/** Figures as a description list: a label over each number, `columns` to a row. */
function Figures({ figures, columns, size = 'large' }: { figures: Figure[]; columns: { xs: number; sm?: number }; size?: 'large' | 'small' }) {
  const repeat = (count: number) => `repeat(${count}, minmax(0, 1fr))`;
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        columnGap: size === 'large' ? 2 : 1,
        rowGap: 1.5,
        gridTemplateColumns: { xs: repeat(columns.xs), ...(columns.sm ? { sm: repeat(columns.sm) } : {}) },
      }}
    >
      {figures.map((figure) => (
        <Box key={figure.id} data-testid={`figure-${figure.id}`} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
            {figure.label}
          </Typography>
          <Typography
            component="dd"
            sx={{
              m: 0,
              fontWeight: 700,
              fontSize: size === 'large' ? '1.375rem' : '1rem',
              lineHeight: 1.25,
              fontVariantNumeric: 'tabular-nums',
              // "12.3 सेकंड" wraps at its space, never inside a word.
              overflowWrap: 'break-word',
            }}
          >
            {figure.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function SosCard({ sos }: { sos: OperationsStatus['sos'] }) {
  const { t } = useTranslation('manage');
  const format = useFormat();
  const { measured, p50Ms, p95Ms, withinObjective, objectiveMs } = sos.firstStep;
  const none = '–';
  return (
    <SectionCard title={t('status.sos.title')} hint={t('status.sos.hint')}>
      <Stack spacing={1.5}>
        <Figures
          columns={{ xs: 2, sm: 4 }}
          figures={[
            { id: 'sos-raised', label: t('status.sos.raised'), value: format.count(sos.raised) },
            { id: 'sos-active', label: t('status.sos.active'), value: format.count(sos.active) },
            { id: 'sos-p50', label: t('status.sos.p50'), value: p50Ms === null ? none : format.ms(p50Ms) },
            { id: 'sos-p95', label: t('status.sos.p95'), value: p95Ms === null ? none : format.ms(p95Ms) },
          ]}
        />
        <Typography variant="body2" data-testid="sos-within">
          {measured === 0
            ? sos.raised === 0
              ? t('status.sos.noneRaised')
              : t('status.sos.noneMeasured')
            : t('status.sos.within', { within: format.count(withinObjective), measured: format.count(measured), objective: format.limit(objectiveMs / 1000) })}
        </Typography>
      </Stack>
    </SectionCard>
  );
}

function QueueCard({ outbox }: { outbox: OperationsStatus['outbox'] }) {
  const { t } = useTranslation('manage');
  const format = useFormat();
  return (
    <SectionCard title={t('status.queue.title')}>
      <Figures
        columns={{ xs: 2, sm: 4 }}
        figures={[
          { id: 'queue-due', label: t('status.queue.due'), value: format.count(outbox.due) },
          { id: 'queue-running', label: t('status.queue.running'), value: format.count(outbox.running) },
          { id: 'queue-failed', label: t('status.queue.failed'), value: format.count(outbox.failed) },
          { id: 'queue-lag', label: t('status.queue.lag'), value: format.wait(outbox.lagSeconds) },
        ]}
      />
    </SectionCard>
  );
}

const CHANNELS: readonly Channel[] = ['push', 'sms', 'inapp'];

function DeliveriesCard({ deliveries }: { deliveries: OperationsStatus['deliveries'] }) {
  const { t } = useTranslation('manage');
  return (
    <SectionCard title={t('status.deliveries.title')} hint={t('status.deliveries.hint')}>
      <Stack divider={<Divider flexItem />} spacing={1.5}>
        {CHANNELS.map((channel) => (
          <ChannelRow key={channel} channel={channel} tally={deliveries[channel]} />
        ))}
      </Stack>
    </SectionCard>
  );
}

function ChannelRow({ channel, tally }: { channel: Channel; tally: Tally }) {
  const { t } = useTranslation('manage');
  const format = useFormat();
  const names = useNames();
  const headingId = useId();
  const { sent, ratio } = failureShare(tally);
  // In-app notices are rows in the database: no share of failures to judge.
  const judged = channel !== 'inapp';
  const tooMany = judged && ratio !== null && sent >= FAILURE_MIN_SENT && ratio > FAILURE_RATIO_LIMIT;
  return (
    <Box component="section" aria-labelledby={headingId} data-testid={`channel-${channel}`}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', columnGap: 1, mb: 0.75 }}>
        <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {names.channel(channel)}
        </Typography>
        {judged && (
          <Typography
            variant="body2"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: tooMany ? 700 : 400, color: tooMany ? 'warning.dark' : 'text.secondary' }}
          >
            {tooMany && <ReportProblemOutlinedIcon aria-hidden fontSize="small" />}
            {ratio === null ? t('status.deliveries.nothingSent') : t('status.deliveries.failureShare', { percent: format.share(ratio) })}
          </Typography>
        )}
      </Box>
      <Figures
        size="small"
        // Two to a row on a phone: a count in Indian grouping (1,23,456) must not break.
        columns={{ xs: 2, sm: 4 }}
        figures={[
          { id: `${channel}-ok`, label: t('status.deliveries.ok'), value: format.count(tally.ok) },
          { id: `${channel}-failed`, label: t('status.deliveries.failed'), value: format.count(tally.failed) },
          { id: `${channel}-expired`, label: t('status.deliveries.expired'), value: format.count(tally.expired) },
          { id: `${channel}-refused`, label: t('status.deliveries.refused'), value: format.count(tally.refused) },
        ]}
      />
    </Box>
  );
}

function ReadinessCard({ ready }: { ready: Ready }) {
  const { t } = useTranslation('manage');
  const names = useNames();
  return (
    <SectionCard title={t('status.ready.title')} hint={t('status.ready.hint')}>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {READINESS_CHECKS.map((check, index) => {
          const state = ready[check];
          return (
            <Box
              component="li"
              key={check}
              data-testid={`ready-${check}`}
              sx={{ display: 'flex', alignItems: 'center', gap: 1.25, py: 1, borderTop: index > 0 ? 1 : 0, borderColor: 'divider' }}
            >
              <CheckIcon check={check} state={state} />
              <Typography sx={{ flex: 1, minWidth: 0 }}>{names.check(check)}</Typography>
              <Typography sx={{ fontWeight: 700, textAlign: 'end' }}>{names.state(state)}</Typography>
            </Box>
          );
        })}
      </Box>
    </SectionCard>
  );
}

/** The shape says it as well as the colour: a tick, a dash for "not configured", an exclamation mark otherwise. */
function CheckIcon({ check, state }: { check: ReadinessCheck; state: CheckState }) {
  if (state === 'not_configured') return <RemoveCircleOutlineOutlinedIcon aria-hidden sx={{ color: 'text.secondary' }} />;
  if (checkIsFine(check, state)) return <CheckCircleOutlinedIcon aria-hidden color="success" />;
  return <ErrorOutlineOutlinedIcon aria-hidden color={state === 'pending' ? 'warning' : 'error'} />;
}
