import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { EvidenceRecording } from '@saathi/shared';
import { fetchEvidenceBlob, sosApi, sosKeys } from '../../../entities/sos-event';

/**
 * The owner's recordings, played back after the event: one per recorder start (a reload or a
 * reopened screen starts a new one), in the order they were recorded. Each is fetched on
 * request and played from a blob URL, so a refused or missing file shows as an error, not a
 * dead player.
 */
export function EvidencePlayer({ eventId }: { eventId: number }) {
  const { t } = useTranslation('sos');
  const { data } = useQuery({ queryKey: sosKeys.evidence(eventId), queryFn: () => sosApi.evidence(eventId), retry: false });
  const recordings = data?.recordings ?? [];
  if (recordings.length === 0) return null;

  return (
    <Stack spacing={1.5} component="section" aria-labelledby="evidence-playback-title">
      <Typography variant="h6" component="h2" id="evidence-playback-title">
        {recordings.length > 1 ? t('evidence.playbackTitleMany') : t('evidence.playbackTitle')}
      </Typography>
      {recordings.length > 1 && (
        <Typography variant="body2" color="textSecondary">
          {t('evidence.recordingsNote', { count: recordings.length })}
        </Typography>
      )}
      {recordings.map((recording, index) => (
        <RecordingItem key={`${recording.kind}-${recording.recording}`} eventId={eventId} recording={recording} position={index + 1} />
      ))}
    </Stack>
  );
}

function RecordingItem({ eventId, recording, position }: { eventId: number; recording: EvidenceRecording; position: number }) {
  const { t } = useTranslation('sos');
  const [url, setUrl] = useState<string | null>(null);
  const [status, setStatus] = useState<'idle' | 'loading' | 'failed'>('idle');
  const label = t('evidence.recordingLabel', { position });

  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );

  const load = async () => {
    setStatus('loading');
    try {
      setUrl(URL.createObjectURL(await fetchEvidenceBlob(eventId, recording.recording, recording.kind)));
      setStatus('idle');
    } catch {
      setStatus('failed');
    }
  };

  return (
    <Stack spacing={0.5} data-testid="evidence-recording">
      <Typography variant="body2" color="textSecondary">
        {label} · {t('evidence.playbackSize', { megabytes: (recording.sizeBytes / 1_048_576).toFixed(1) })}
      </Typography>
      {url ? (
        <video src={url} controls playsInline style={{ width: '100%', maxHeight: 360, borderRadius: 12, background: '#000' }} aria-label={label} />
      ) : (
        <Button
          variant="outlined"
          onClick={() => void load()}
          disabled={status === 'loading'}
          sx={{ alignSelf: 'flex-start' }}
          aria-label={`${t('evidence.play')}: ${label}`}
        >
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
