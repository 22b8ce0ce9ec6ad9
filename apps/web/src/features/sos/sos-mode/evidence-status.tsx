import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import type { EvidenceRecorder } from '../evidence/use-evidence-recorder';

/** What the recorder is doing, with a small muted preview so the user knows the camera is on. */
export function EvidenceStatus({ recorder }: { recorder: EvidenceRecorder }) {
  const { t } = useTranslation('sos');
  const videoRef = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (videoRef.current) videoRef.current.srcObject = recorder.stream;
  }, [recorder.stream]);

  if (recorder.state === 'off') return null;
  const { uploaded, pending, lost } = recorder.stats;
  // The server's own count once it answered (it includes what pages before a reload sent).
  const saved = recorder.held?.chunks ?? uploaded;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      {recorder.stream && (
        <video
          ref={videoRef}
          autoPlay
          muted
          playsInline
          style={{ width: 96, height: 72, objectFit: 'cover', borderRadius: 8, background: '#000' }}
          aria-hidden="true"
        />
      )}
      <div>
        <Typography sx={{ display: 'flex', alignItems: 'center', gap: 0.5, fontWeight: 700 }}>
          {recorder.state === 'recording' && <FiberManualRecordIcon color="error" fontSize="small" />}
          {t(`evidence.state.${recorder.state}`)}
        </Typography>
        {(saved > 0 || pending > 0) && (
          <Typography variant="body2" color="textSecondary" data-testid="evidence-progress">
            {t('evidence.progress', { count: saved, pending })}
          </Typography>
        )}
        {lost > 0 && (
          <Typography variant="body2" color="error" role="alert">
            {t('evidence.lost', { count: lost })}
          </Typography>
        )}
      </div>
    </Stack>
  );
}
