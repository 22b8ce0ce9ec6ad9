import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { ReviewedVerification, VerificationStatus } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/form-fields';
import { QueryState } from '../../components/query-state';
import { useToast } from '../../components/toast';
import { useErrorText } from '../../lib/error-text';
import { RoleGatedPage } from '../../entities/manage-screens';
import { ResponderBadge, label } from '../../entities/responder';
import { useDecideMutation, useVerificationsQuery } from './queries';

const TABS: readonly VerificationStatus[] = ['pending', 'approved', 'expired', 'rejected', 'revoked'];

/** `/manage/responders` (moderators, admins): verification requests to approve for a year, reject or revoke. */
export function RespondersReviewPage() {
  const { t } = useTranslation('responders');
  const [status, setStatus] = useState<VerificationStatus>('pending');
  return (
    <RoleGatedPage title={t('review.title')} subtitle={t('review.subtitle')} screen={{ roles: ['moderator'] }}>
      <Stack spacing={2}>
        <Tabs
          value={status}
          onChange={(_event, value: VerificationStatus) => setStatus(value)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('review.title')}
        >
          {TABS.map((tab) => (
            <Tab key={tab} value={tab} label={label(t, 'review.tabs', tab)} />
          ))}
        </Tabs>
        <ReviewList status={status} />
      </Stack>
    </RoleGatedPage>
  );
}

function ReviewList({ status }: { status: VerificationStatus }) {
  const { t } = useTranslation('responders');
  const query = useVerificationsQuery(status);
  return (
    <QueryState query={query}>
      {(page) =>
        page.items.length === 0 ? (
          <Typography color="textSecondary">{t('review.empty')}</Typography>
        ) : (
          <Stack spacing={2} component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {page.items.map((item) => (
              <li key={item.id}>
                <ReviewCard item={item} />
              </li>
            ))}
          </Stack>
        )
      }
    </QueryState>
  );
}

const dateText = (iso: string | null, language: string) => (iso ? new Date(iso).toLocaleDateString(language, { dateStyle: 'medium' }) : '');

function ReviewCard({ item }: { item: ReviewedVerification }) {
  const { t, i18n } = useTranslation('responders');
  const toast = useToast();
  const errorText = useErrorText();
  const decide = useDecideMutation();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();

  const act = (decision: 'approve' | 'reject' | 'revoke') => {
    if (decision !== 'approve' && !reason.trim()) {
      setReasonError(t('review.reasonRequired'));
      return;
    }
    setReasonError(undefined);
    decide.mutate(
      { id: item.id, decision, reason: reason.trim() },
      { onSuccess: () => toast.success(t('review.done')), onError: (error) => toast.error(errorText(error)) },
    );
  };

  const facts: [string, string | null][] = [
    [t('review.registrationNumber'), item.registrationNumber],
    [t('review.council'), item.council],
    [t('review.station'), item.station],
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="verification-request">
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h6" component="h2" sx={{ fontSize: '1.1rem' }}>
            {t('review.applicant', { name: item.applicant.name ?? t('review.unnamed'), id: item.applicant.id })}
          </Typography>
          {item.status === 'approved' ? (
            <ResponderBadge profession={item.profession} />
          ) : (
            <Typography color="textSecondary">{label(t, 'professionNames', item.profession)}</Typography>
          )}
        </Stack>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }}>
          {facts
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" color="textSecondary">
                  {label}
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {value}
                </Typography>
              </Box>
            ))}
        </Box>
        <Typography variant="body2" color="textSecondary">
          {t('review.askedAt', { date: dateText(item.createdAt, i18n.language) })}
          {item.expiresAt && ` · ${t('review.until', { date: dateText(item.expiresAt, i18n.language) })}`}
          {item.reason && ` · ${item.reason}`}
        </Typography>
        {item.documentUrl ? (
          <Box
            component="img"
            src={item.documentUrl}
            alt={t('review.documentAlt', { id: item.id })}
            sx={{ maxWidth: '100%', maxHeight: 360, objectFit: 'contain', alignSelf: 'flex-start', borderRadius: 1, border: 1, borderColor: 'divider' }}
          />
        ) : (
          <Typography variant="body2" color="textSecondary">
            {t('review.documentGone')}
          </Typography>
        )}
        {(item.status === 'pending' || item.status === 'approved') && (
          <>
            <FormTextField label={t('review.reason')} value={reason} onValue={setReason} error={reasonError} size="small" />
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              {item.status === 'pending' ? (
                <>
                  <Button variant="contained" color="success" disabled={decide.isPending} onClick={() => act('approve')}>
                    {t('review.approve')}
                  </Button>
                  <Button variant="outlined" color="error" disabled={decide.isPending} onClick={() => act('reject')}>
                    {t('review.reject')}
                  </Button>
                </>
              ) : (
                <Button variant="outlined" color="error" disabled={decide.isPending} onClick={() => act('revoke')}>
                  {t('review.revoke')}
                </Button>
              )}
            </Stack>
          </>
        )}
        {decide.isError && <Alert severity="error">{t('review.failed')}</Alert>}
      </Stack>
    </Paper>
  );
}
