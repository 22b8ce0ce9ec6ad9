import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { fetchEvidenceBlob, sosApi, sosKeys } from '../api/sos-api';

/**
 * The owner's recording, played back after the event. It is fetched once on request and
 * played from a blob URL, so a refused or missing file shows as an error, not a dead player.
 */
export function EvidencePlayer({ eventId }: { eventId: number }) {
  const { t } = useTranslation('sos');
  const { data } = useQuery({ queryKey: sosKeys.evidence(eventId), queryFn: () => sosApi.evidence(eventId), retry: false });
  const recording = data?.recordings.find((item) => item.kind === 'video') ?? data?.recordings[0];
  const [url, setUrl] = useState<string | null>(null);
  const [status, setStatus] = useState<'idle' | 'loading' | 'failed'>('idle');

  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );

  if (!recording) return null;

  const load = async () => {
    setStatus('loading');
    try {
      setUrl(URL.createObjectURL(await fetchEvidenceBlob(eventId, recording.kind)));
      setStatus('idle');
    } catch {
      setStatus('failed');
    }
  };

  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h2">
        {t('evidence.playbackTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('evidence.playbackSize', { megabytes: (recording.sizeBytes / 1_048_576).toFixed(1) })}
      </Typography>
      {url ? (
        <video
          src={url}
          controls
          playsInline
          style={{ width: '100%', maxHeight: 360, borderRadius: 12, background: '#000' }}
          aria-label={t('evidence.playbackTitle')}
        />
      ) : (
        <Button variant="outlined" onClick={() => void load()} disabled={status === 'loading'} sx={{ alignSelf: 'flex-start' }}>
          {status === 'loading' ? t('evidence.loading') : t('evidence.play')}
        </Button>
      )}
      {status === 'failed' && (
        <Typography color="error" role="alert">
          {t('evidence.loadFailed')}
        </Typography>
      )}
    </Stack>
  );
}
