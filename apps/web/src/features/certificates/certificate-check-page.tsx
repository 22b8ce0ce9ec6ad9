import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { CertificateStatus, CertificateVerification } from '@saathi/shared';
import { isApiError } from '../../lib/api-client';
import { CertificateFrame } from './certificate-frame';
import { capitaliseName } from './certificate-layout';
import { formatIssueDate } from './issue-date';
import { useCertificateCheckQuery } from './queries';

/** `/certificates/:code`, the page a certificate's QR code opens: anyone may check whose it is and whether it stands. */
export function CertificateCheckPage() {
  const { t } = useTranslation('certificates');
  const code = (useParams().code ?? '').trim().toUpperCase();
  const query = useCertificateCheckQuery(code);

  return (
    <CertificateFrame
      title={t('check.title')}
      subtitle={t('check.subtitle')}
      query={query}
      expectedError={(error) =>
        // A code that is not even shaped like one (400) is as unknown as one never issued (404).
        isApiError(error) && (error.status === 404 || error.status === 400) ? (
          <Alert severity="error">
            <AlertTitle>{t('check.notFoundTitle')}</AlertTitle>
            {t('check.notFound', { code })}
          </Alert>
        ) : null
      }
    >
      {(certificate) => <CheckResult certificate={certificate} code={code} />}
    </CertificateFrame>
  );
}

function CheckResult({ certificate, code }: { certificate: CertificateVerification; code: string }) {
  const { t, i18n } = useTranslation('certificates');
  const verdict = useVerdict(certificate.status);
  return (
    <>
      <Alert severity={verdict.severity} data-testid="certificate-status">
        <AlertTitle>{verdict.title}</AlertTitle>
        {verdict.body}
      </Alert>
      <Card>
        <CardContent component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
          <Fact label={t('check.name')}>
            <Typography component="span" variant="h6" sx={{ fontWeight: 700 }}>
              {capitaliseName(certificate.name)}
            </Typography>
          </Fact>
          <Fact label={t('check.referralId')}>#{certificate.referralId}</Fact>
          <Fact label={t('check.issuedOn')}>{formatIssueDate(certificate.issuedAt, i18n.resolvedLanguage ?? i18n.language)}</Fact>
          <Fact label={t('check.code')}>{code}</Fact>
        </CardContent>
      </Card>
    </>
  );
}

/** Each status in words, written out so every key stays a literal the key check can see. */
function useVerdict(status: CertificateStatus): { severity: AlertColor; title: string; body: string } {
  const { t } = useTranslation('certificates');
  switch (status) {
    case 'valid':
      return { severity: 'success', title: t('check.validTitle'), body: t('check.valid') };
    case 'revoked':
      return { severity: 'error', title: t('check.revokedTitle'), body: t('check.revoked') };
    case 'replaced':
      return { severity: 'warning', title: t('check.replacedTitle'), body: t('check.replaced') };
  }
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Typography component="dt" variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </div>
  );
}
