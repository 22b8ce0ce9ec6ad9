import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CAROUSEL_LOCK_MS, swipeDirection, wrapIndex } from '../carousel-state';

interface MediaCarouselProps {
  images: readonly string[];
  startAt: number;
  onClose: () => void;
}

/** Fullscreen photos: arrows and ←/→ wrap, Escape closes, swipes past 20 % move, 300 ms lock between moves. */
export function MediaCarousel({ images, startAt, onClose }: MediaCarouselProps) {
  const { t } = useTranslation('community');
  const [index, setIndex] = useState(startAt);
  const lockedUntil = useRef(0);
  const dragStart = useRef<number | null>(null);
  const total = images.length;

  const move = useCallback(
    (step: -1 | 1) => {
      const now = Date.now();
      if (now < lockedUntil.current) return;
      lockedUntil.current = now + CAROUSEL_LOCK_MS;
      setIndex((current) => wrapIndex(current + step, total));
    },
    [total],
  );

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.key === 'ArrowLeft') move(-1);
      if (event.key === 'ArrowRight') move(1);
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [move]);

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    if (dragStart.current === null) return;
    const direction = swipeDirection(event.clientX - dragStart.current, event.currentTarget.clientWidth);
    dragStart.current = null;
    if (direction !== 0) move(direction);
  }

  return (
    <Dialog fullScreen open onClose={onClose} aria-label={t('carousel.label')} slotProps={{ paper: { sx: { bgcolor: '#000' } } }}>
      <Box
        onPointerDown={(event) => (dragStart.current = event.clientX)}
        onPointerUp={onPointerUp}
        sx={{ position: 'relative', flex: 1, display: 'grid', placeItems: 'center', touchAction: 'pan-y', userSelect: 'none' }}
      >
        <Box component="img" src={images[index]} alt="" draggable={false} sx={{ maxWidth: '100%', maxHeight: '100vh', objectFit: 'contain' }} />
        <IconButton aria-label={t('carousel.close')} onClick={onClose} sx={{ position: 'absolute', top: 8, right: 8, color: '#fff' }}>
          <Close />
        </IconButton>
        {total > 1 && (
          <>
            <IconButton
              aria-label={t('carousel.previous')}
              onClick={() => move(-1)}
              sx={{ position: 'absolute', left: 8, color: '#fff', bgcolor: 'rgba(0,0,0,0.4)' }}
            >
              <ChevronLeft />
            </IconButton>
            <IconButton
              aria-label={t('carousel.next')}
              onClick={() => move(1)}
              sx={{ position: 'absolute', right: 8, color: '#fff', bgcolor: 'rgba(0,0,0,0.4)' }}
            >
              <ChevronRight />
            </IconButton>
            <Typography aria-live="polite" sx={{ position: 'absolute', bottom: 16, color: '#fff' }}>
              {t('carousel.position', { current: index + 1, total })}
            </Typography>
          </>
        )}
      </Box>
    </Dialog>
  );
}
