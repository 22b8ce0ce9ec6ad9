import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MediaCarousel } from './media-carousel';

/** SPEC.md §9: the grid shows at most three photos; a '+N' overlay counts the rest. */
export const GRID_MAX = 3;

export function gridLayout(count: number): { shown: number; extra: number } {
  const shown = Math.min(count, GRID_MAX);
  return { shown, extra: Math.max(0, count - GRID_MAX) };
}

interface MediaGridProps {
  images: readonly string[];
  thumbnails: readonly string[];
  alt: string;
}

/** 1, 2 or 3+ photos of a post; any tile opens the fullscreen carousel at that photo. */
export function MediaGrid({ images, thumbnails, alt }: MediaGridProps) {
  const { t } = useTranslation('community');
  const [openAt, setOpenAt] = useState<number | null>(null);
  const { shown, extra } = gridLayout(images.length);
  if (shown === 0) return null;
  const columns = shown === 1 ? '1fr' : '1fr 1fr';
  return (
    <>
      <Box sx={{ display: 'grid', gridTemplateColumns: columns, gap: 0.5, borderRadius: 2, overflow: 'hidden' }}>
        {images.slice(0, shown).map((url, index) => (
          <ButtonBase
            key={url}
            onClick={() => setOpenAt(index)}
            aria-label={t('card.openPhoto', { number: index + 1 })}
            sx={{
              position: 'relative',
              // The first of three spans both rows so the grid stays a tidy square.
              gridRow: shown === 3 && index === 0 ? 'span 2' : undefined,
              aspectRatio: shown === 1 ? '16 / 10' : shown === 3 && index === 0 ? undefined : '1',
              bgcolor: 'action.hover',
            }}
          >
            <Box
              component="img"
              src={thumbnails[index] ?? url}
              alt={index === 0 ? alt : ''}
              loading="lazy"
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
            {extra > 0 && index === shown - 1 && (
              <Box
                aria-hidden="true"
                sx={{
                  position: 'absolute',
                  inset: 0,
                  bgcolor: 'rgba(0,0,0,0.55)',
                  color: '#fff',
                  display: 'grid',
                  placeItems: 'center',
                  fontSize: 28,
                  fontWeight: 700,
                }}
              >
                {t('card.morePhotos', { count: extra })}
              </Box>
            )}
          </ButtonBase>
        ))}
      </Box>
      {openAt !== null && <MediaCarousel images={images} startAt={openAt} onClose={() => setOpenAt(null)} />}
    </>
  );
}
