import PlayCircle from '@mui/icons-material/PlayCircle';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { extractVideoId } from '@saathi/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { claimPlayback, releasePlayback } from '../video-registry';

/** A hosted video (11-character id) plays in an embed started on tap; a direct file plays natively. */
export function PostVideo({ url }: { url: string }) {
  const { t } = useTranslation('community');
  const videoId = extractVideoId(url);
  const [playing, setPlaying] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  const stop = useCallback(() => {
    setPlaying(false);
    videoRef.current?.pause();
  }, []);
  useEffect(() => () => releasePlayback(stop), [stop]);

  const frame = { position: 'relative', width: '100%', aspectRatio: '16 / 9', borderRadius: 2, overflow: 'hidden', bgcolor: '#000' } as const;
  if (!videoId) {
    return (
      <Box sx={frame}>
        <Box
          component="video"
          ref={videoRef}
          src={url}
          controls
          playsInline
          preload="metadata"
          aria-label={t('card.video')}
          onPlay={() => claimPlayback(stop)}
          sx={{ width: '100%', height: '100%' }}
        />
      </Box>
    );
  }
  return (
    <Box sx={frame}>
      {playing ? (
        <Box
          component="iframe"
          src={`https://www.youtube-nocookie.com/embed/${videoId}?autoplay=1&playsinline=1`}
          title={t('card.video')}
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
          sx={{ border: 0, width: '100%', height: '100%' }}
        />
      ) : (
        <ButtonBase
          aria-label={t('card.video')}
          onClick={() => {
            claimPlayback(stop);
            setPlaying(true);
          }}
          sx={{ width: '100%', height: '100%' }}
        >
          <Box
            component="img"
            src={`https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`}
            alt=""
            loading="lazy"
            sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
          <PlayCircle sx={{ position: 'absolute', fontSize: 64, color: '#fff' }} />
        </ButtonBase>
      )}
    </Box>
  );
}
