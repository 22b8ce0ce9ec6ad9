import { Fragment, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import type { MyCertificate } from '@saathi/shared';
import { FixItAlert } from '../../components/fix-it-alert';
import { useToast } from '../../components/toast';
import { isApiError } from '../../lib/api-client';
import { CertificateFrame } from './certificate-frame';
import { CertificateCanvas } from './certificate-canvas';
import { capitaliseName, certificateFileName } from './certificate-layout';
import type { CertificateText } from './draw-certificate';
import { formatIssueDate } from './issue-date';
import { useMyCertificateQuery } from './queries';
import { downloadCertificate } from './save-certificate';

/** `/cartificate` (SPEC.md §"Certificate page"): the member's certificate, drawn and downloadable. */
export function CertificatePage() {
  const { t } = useTranslation('certificates');
  const query = useMyCertificateQuery();

  return (
    <CertificateFrame
      title={t('page.title')}
      subtitle={t('page.subtitle')}
      query={query}
      expectedError={(error) => (isApiError(error) && error.code === 'profile_incomplete' ? <AddNameFirst /> : null)}
    >
      {(certificate) => (certificate.status === 'revoked' ? <Withdrawn /> : <Certificate certificate={certificate} />)}
    </CertificateFrame>
  );
}

/** No name, no certificate: the server answers `profile_incomplete`. */
function AddNameFirst() {
  const { t } = useTranslation('certificates');
  return (
    <FixItAlert severity="info" to="/account" fixLabel={t('page.addName')}>
      {t('page.profileIncomplete')}
    </FixItAlert>
  );
}

function Withdrawn() {
  const { t } = useTranslation('certificates');
  return (
    <Alert severity="warning">
      <AlertTitle>{t('page.revokedTitle')}</AlertTitle>
      {t('page.revoked')}
    </Alert>
  );
}

function Certificate({ certificate }: { certificate: MyCertificate }) {
  const { t, i18n } = useTranslation('certificates');
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const language = i18n.resolvedLanguage ?? i18n.language;

  const text = useMemo<CertificateText>(
    () => ({
      name: certificate.name,
      referralId: certificate.referralId,
      verifyUrl: certificate.verifyUrl,
      appName: t('common:appName'),
      title: t('drawing.title'),
      intro: t('drawing.intro'),
      recognition: t('drawing.recognition'),
      issuedDate: formatIssueDate(certificate.issuedAt, language),
      issuedLabel: t('drawing.issuedLabel'),
      scanToVerify: t('drawing.scanToVerify'),
    }),
    [certificate, t, language],
  );

  const save = async () => {
    setSaving(true);
    try {
      await downloadCertificate(text);
      toast.success(t('page.downloaded', { fileName: certificateFileName(text.name) }));
    } catch {
      toast.error(t('page.downloadFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <CertificateCanvas
        text={text}
        label={t('page.canvasLabel', { name: capitaliseName(certificate.name), referralId: certificate.referralId, date: text.issuedDate })}
      />
      <Button
        variant="contained"
        size="large"
        onClick={() => void save()}
        disabled={saving}
        startIcon={saving ? <CircularProgress size={20} color="inherit" aria-hidden="true" /> : <DownloadIcon />}
        sx={{ alignSelf: 'center' }}
      >
        {saving ? t('page.preparing') : t('page.download')}
      </Button>
      <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center', overflowWrap: 'anywhere' }}>
        {t('page.verifyNote')} <Link href={certificate.verifyUrl}>{breakableAtSlashes(certificate.verifyUrl)}</Link>
      </Typography>
    </>
  );
}

/** A URL that wraps after its slashes on a narrow screen, so the code at its end stays whole. */
function breakableAtSlashes(url: string) {
  return url.split(/(?<=\/)/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}
