import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, type AuditAction, type AuditEntry, type AuditTargetType } from '@saathi/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField, NativeSelectField } from '../../components/form-fields';
import { PagedList } from '../../components/paged-list';
import { formatIndiaDateTime } from '../../lib/india-time-format';
import { actionName, summaryText, targetName } from './audit-text';
import { useAuditQuery, type AuditFilters } from './queries';
import { RoleGatedPage } from '../../entities/manage-screens';

/** `/manage/audit` (admin): every management action, newest first, filtered by who, what and on what. */
export function ManageAuditPage() {
  const { t } = useTranslation('manage');
  return (
    <RoleGatedPage title={t('audit.title')} subtitle={t('audit.subtitle')} screen={{ roles: ['admin'] }}>
      <AuditLog />
    </RoleGatedPage>
  );
}

interface FilterForm {
  actor: string;
  action: AuditAction | '';
  targetType: AuditTargetType | '';
  targetId: string;
}

const NO_FILTERS: FilterForm = { actor: '', action: '', targetType: '', targetId: '' };

function AuditLog() {
  const [filters, setFilters] = useState<AuditFilters>({});
  return (
    <Stack spacing={2}>
      <AuditFilterForm onApply={setFilters} />
      <AuditList filters={filters} />
    </Stack>
  );
}

function AuditFilterForm({ onApply }: { onApply: (filters: AuditFilters) => void }) {
  const { t } = useTranslation('manage');
  const [form, setForm] = useState<FilterForm>(NO_FILTERS);
  const [actorError, setActorError] = useState<string>();
  const set =
    <K extends keyof FilterForm>(key: K) =>
    (value: string) =>
      setForm((current) => ({ ...current, [key]: value }));

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const actor = form.actor.trim();
    if (actor && !/^[1-9]\d{0,9}$/.test(actor)) {
      setActorError(t('audit.actorInvalid'));
      return;
    }
    setActorError(undefined);
    onApply({
      ...(actor ? { actor: Number(actor) } : {}),
      ...(form.action ? { action: form.action } : {}),
      ...(form.targetType ? { targetType: form.targetType } : {}),
      ...(form.targetId.trim() ? { targetId: form.targetId.trim() } : {}),
    });
  };
  const clear = () => {
    setForm(NO_FILTERS);
    setActorError(undefined);
    onApply({});
  };

  return (
    <Paper component="form" variant="outlined" onSubmit={apply} aria-label={t('audit.filters')} sx={{ p: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormTextField
          size="small"
          label={t('audit.actor')}
          value={form.actor}
          onValue={set('actor')}
          error={actorError}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <AnyOrOne label={t('audit.action')} value={form.action} onValue={set('action')} options={AUDIT_ACTIONS} nameOf={(action) => actionName(t, action)} />
        <AnyOrOne
          label={t('audit.targetType')}
          value={form.targetType}
          onValue={set('targetType')}
          options={AUDIT_TARGET_TYPES}
          nameOf={(type) => targetName(t, type)}
        />
        <FormTextField size="small" label={t('audit.targetId')} value={form.targetId} onValue={set('targetId')} />
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button type="submit" variant="contained">
          {t('audit.apply')}
        </Button>
        <Button type="button" variant="outlined" onClick={clear}>
          {t('audit.clear')}
        </Button>
      </Stack>
    </Paper>
  );
}

interface AnyOrOneProps<T extends string> {
  label: string;
  value: T | '';
  onValue: (value: string) => void;
  options: readonly T[];
  nameOf: (option: T) => string;
}

/** A filter that is "Any" (the empty value) or one of `options`, each by its name. */
function AnyOrOne<T extends string>({ label, value, onValue, options, nameOf }: AnyOrOneProps<T>) {
  const { t } = useTranslation('manage');
  return (
    <NativeSelectField size="small" label={label} value={value} onValue={onValue}>
      <option value="">{t('audit.any')}</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {nameOf(option)}
        </option>
      ))}
    </NativeSelectField>
  );
}

function AuditList({ filters }: { filters: AuditFilters }) {
  const { t } = useTranslation('manage');
  const query = useAuditQuery(filters);
  return (
    <Stack spacing={1.5}>
      <PagedList
        query={query}
        empty={<Typography color="textSecondary">{t('audit.none')}</Typography>}
        moreLabel={t('showMore')}
        end={
          <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center' }}>
            {t('audit.end')}
          </Typography>
        }
      >
        {(entries) => (
          <Stack component="ol" spacing={1.5} aria-label={t('audit.listLabel')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {entries.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </Stack>
        )}
      </PagedList>
    </Stack>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation('manage');
  const when = formatIndiaDateTime(new Date(entry.createdAt), i18n.resolvedLanguage ?? i18n.language);
  const actor = entry.actor.name ?? t('audit.formerUser');
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }} data-testid="audit-entry">
      <Stack spacing={0.5}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, justifyContent: 'space-between' }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {actionName(t, entry.action)}
          </Typography>
          <Typography variant="body2" color="textSecondary" component="time" dateTime={entry.createdAt}>
            {when}
          </Typography>
        </Box>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {t('audit.by', { name: actor, id: entry.actor.id, roles: summaryText({ roles: entry.actorRoles }, t) })}
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {t('audit.target', { type: targetName(t, entry.target.type), id: entry.target.id })}
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {t('audit.change', { before: summaryText(entry.before, t), after: summaryText(entry.after, t) })}
        </Typography>
        {entry.reason && (
          <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
            {t('audit.reason', { reason: entry.reason })}
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}
