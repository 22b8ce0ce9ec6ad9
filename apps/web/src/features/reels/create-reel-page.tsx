import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CameraswitchIcon from '@mui/icons-material/Cameraswitch';
import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ReplayIcon from '@mui/icons-material/Replay';
import SendIcon from '@mui/icons-material/Send';
import StopIcon from '@mui/icons-material/Stop';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { REEL_MAX_SECONDS } from '@saathi/shared';
import { useEffect, useMemo, useRef, useState, type PointerEvent, type TouchEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useToast } from '../../components/toast';
import { CountdownRing } from './countdown-ring';
import { AspectToggle, ZoomSlider, type Aspect } from './recorder-controls';
import { ReelTextFields, reelTextBody, type ReelText } from '../../entities/reel';
import { putWithProgress, reelsApi } from './reels-api';
import { useCamera } from './use-camera';
import { useRecorder } from './use-recorder';
import './recorder.css';

/**
 * MediaRecorder's webm carries no duration, so the element reports Infinity until it has read
 * to the end. Seeking far ahead makes it find the end; coming back to 0 shows the first frame.
 */
function showFirstFrame(video: HTMLVideoElement): void {
  if (Number.isFinite(video.duration)) return;
  const back = () => {
    video.removeEventListener('timeupdate', back);
    video.currentTime = 0;
  };
  video.addEventListener('timeupdate', back);
  video.currentTime = Number.MAX_SAFE_INTEGER;
}

const roundButton = { color: '#fff', bgcolor: 'rgba(0,0,0,0.45)', '&:hover': { bgcolor: 'rgba(0,0,0,0.6)' } } as const;

/**
 * `/create-reel`: record up to 60 s of webm, give it a title and a caption, and upload it
 * through a presigned URL (SPEC.md "Create reel").
 */
export function CreateReelPage() {
  const { t } = useTranslation('reels');
  const toast = useToast();
  const navigate = useNavigate();
  const camera = useCamera();
  const recorder = useRecorder();
  const preview = useRef<HTMLVideoElement>(null);
  const playback = useRef<HTMLVideoElement>(null);
  const pinch = useRef<{ distance: number; zoom: number } | null>(null);
  const [aspect, setAspect] = useState<Aspect>('9:16');
  const [zoom, setZoom] = useState(1);
  const [marker, setMarker] = useState<{ x: number; y: number; key: number } | null>(null);
  const [playing, setPlaying] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  // Kept through a retake: the words usually stay right when the take is redone.
  const [text, setText] = useState<ReelText>({ title: '', description: '' });
  const recordedUrl = useMemo(() => (recorder.blob ? URL.createObjectURL(recorder.blob) : null), [recorder.blob]);

  useEffect(
    () => () => {
      if (recordedUrl) URL.revokeObjectURL(recordedUrl);
    },
    [recordedUrl],
  );

  useEffect(() => {
    if (preview.current) preview.current.srcObject = camera.stream;
  }, [camera.stream, recorder.phase]);

  useEffect(() => {
    if (camera.failed) toast.error(t('cameraFailed'));
  }, [camera.failed, toast, t]);

  // The camera is not needed once the recording is done; retake starts it again.
  const { stop: stopCamera } = camera;
  useEffect(() => {
    if (recorder.phase === 'recorded') stopCamera();
  }, [recorder.phase, stopCamera]);

  function changeZoom(value: number) {
    const next = Math.min(camera.zoomRange.max, Math.max(1, Math.round(value * 10) / 10));
    setZoom(next);
    camera.applyZoom(next);
  }

  function tap(event: PointerEvent<HTMLDivElement>) {
    if (event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    setMarker({ x: event.clientX - box.left, y: event.clientY - box.top, key: Date.now() });
  }

  // Two fingers pinch to zoom; the slider follows.
  const spread = (event: TouchEvent) => {
    const [a, b] = [event.touches[0], event.touches[1]];
    return a && b ? Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY) : null;
  };
  function touchStart(event: TouchEvent<HTMLDivElement>) {
    const distance = spread(event);
    pinch.current = distance ? { distance, zoom } : null;
  }
  function touchMove(event: TouchEvent<HTMLDivElement>) {
    const distance = spread(event);
    if (pinch.current && distance) changeZoom(pinch.current.zoom * (distance / pinch.current.distance));
  }
  function touchEnd() {
    pinch.current = null;
  }

  function record() {
    if (!camera.stream) {
      toast.error(t('cameraFailed'));
      return;
    }
    recorder.start(camera.stream);
  }

  function retake() {
    setPlaying(false);
    recorder.reset();
    setZoom(1);
    void camera.restart();
  }

  function togglePlay() {
    const video = playback.current;
    if (!video) return;
    if (video.paused) {
      video.play().then(
        () => setPlaying(true),
        () => toast.error(t('playFailed')),
      );
    } else {
      video.pause();
      setPlaying(false);
    }
  }

  async function send() {
    if (!recorder.blob) return;
    setProgress(0);
    try {
      const signed = await reelsApi.presign();
      await putWithProgress(signed, recorder.blob, setProgress);
      await reelsApi.register(signed.videoUrl, recorder.position, reelTextBody(text));
      toast.success(t('uploaded'));
      void navigate('/incident-reels');
    } catch (error) {
      console.error('Failed to upload the reel', error);
      toast.error(t('uploadFailed'));
      setProgress(null);
    }
  }

  const previewScale = camera.zoomRange.supported ? 1 : zoom;
  const mirrored = camera.facing === 'user';
  const uploading = progress !== null;
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, maxWidth: 480, mx: 'auto' }}>
        <IconButton component={Link} to="/incident-reels" aria-label={t('back')}>
          <ArrowBackIcon />
        </IconButton>
        <Typography variant="h6" component="h1" sx={{ fontWeight: 700 }}>
          {t('createTitle')}
        </Typography>
      </Box>
      <div className="recorder" data-phase={recorder.phase}>
        <div
          className="recorder__frame"
          data-aspect={aspect}
          onPointerDown={tap}
          onTouchStart={touchStart}
          onTouchMove={touchMove}
          onTouchEnd={touchEnd}
          data-testid="recorder-frame"
        >
          {/* Keyed apart: a reused preview element would keep the stopped camera as its
              srcObject, which outranks src and leaves the take black. */}
          {recorder.phase === 'recorded' && recordedUrl ? (
            <video
              key="recorded"
              ref={playback}
              className="recorder__video"
              src={recordedUrl}
              preload="auto"
              playsInline
              loop
              onPause={() => setPlaying(false)}
              onPlay={() => setPlaying(true)}
              onLoadedMetadata={(event) => showFirstFrame(event.currentTarget)}
              onError={() => toast.error(t('playFailed'))}
              data-testid="recorded-video"
            />
          ) : (
            <video
              key="preview"
              ref={preview}
              className="recorder__video"
              autoPlay
              muted
              playsInline
              style={{ transform: `scale(${previewScale})${mirrored ? ' scaleX(-1)' : ''}` }}
              data-testid="camera-preview"
            />
          )}
          {marker && <span key={marker.key} className="recorder__marker" style={{ left: marker.x, top: marker.y }} />}
        </div>

        {recorder.phase === 'recording' && (
          <span className="recorder__time" role="timer" aria-live="off">
            {`0:${String(recorder.remaining).padStart(2, '0')}`}
          </span>
        )}
        {recorder.phase === 'idle' && (
          <div className="recorder__top">
            <AspectToggle value={aspect} onChange={setAspect} />
          </div>
        )}
        {recorder.phase !== 'recorded' && camera.stream && <ZoomSlider value={zoom} max={camera.zoomRange.max} onChange={changeZoom} />}

        <div className="recorder__bottom">
          {recorder.phase === 'idle' && (
            <>
              <IconButton sx={roundButton} onClick={camera.flip} aria-label={t('flip')}>
                <CameraswitchIcon />
              </IconButton>
              <div className="recorder__shutter">
                <IconButton
                  sx={{ ...roundButton, width: 72, height: 72, color: '#e91e63' }}
                  onClick={record}
                  disabled={!camera.stream}
                  aria-label={t('record')}
                >
                  <FiberManualRecordIcon sx={{ fontSize: 56 }} />
                </IconButton>
              </div>
              <Box sx={{ width: 40 }} />
            </>
          )}
          {recorder.phase === 'recording' && (
            <div className="recorder__shutter">
              <CountdownRing remaining={recorder.remaining} total={REEL_MAX_SECONDS} label={t('secondsLeft', { count: recorder.remaining })} />
              <IconButton sx={{ ...roundButton, width: 72, height: 72 }} onClick={recorder.stop} aria-label={t('stop')}>
                <StopIcon sx={{ fontSize: 40 }} />
              </IconButton>
            </div>
          )}
          {recorder.phase === 'recorded' && (
            <>
              <IconButton sx={roundButton} onClick={retake} disabled={uploading} aria-label={t('retake')}>
                <ReplayIcon />
              </IconButton>
              <IconButton sx={{ ...roundButton, width: 64, height: 64 }} onClick={togglePlay} aria-label={playing ? t('pause') : t('play')}>
                {playing ? <PauseIcon fontSize="large" /> : <PlayArrowIcon fontSize="large" />}
              </IconButton>
              <IconButton
                sx={{ ...roundButton, bgcolor: '#e91e63', '&:hover': { bgcolor: '#c2185b' } }}
                onClick={() => void send()}
                disabled={uploading || !recorder.blob}
                aria-label={t('send')}
              >
                {uploading ? <CircularProgress size={24} sx={{ color: '#fff' }} /> : <SendIcon />}
              </IconButton>
            </>
          )}
        </div>
      </div>
      {recorder.phase === 'recorded' && (
        <Box sx={{ maxWidth: 480, mx: 'auto', mt: 1.5 }} data-testid="reel-text">
          <ReelTextFields value={text} onChange={setText} disabled={uploading} />
        </Box>
      )}
      {uploading && (
        <Box sx={{ maxWidth: 480, mx: 'auto', mt: 1 }}>
          <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label={t('uploading')} />
          <Typography variant="caption">{t('uploadingPercent', { percent: Math.round(progress * 100) })}</Typography>
        </Box>
      )}
    </Box>
  );
}
