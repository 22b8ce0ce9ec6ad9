import { LIMITS } from '@saathi/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import CloseIcon from '@mui/icons-material/Close';
import ImageIcon from '@mui/icons-material/Image';
import { useEffect, useMemo, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isHeic } from './compress-steps';

const ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,image/heic,image/heif,.heic,.heif';

export interface PhotoAdderProps {
  photos: readonly File[];
  busy: boolean;
  onAdd: (files: File[]) => void;
  onRemove: (index: number) => void;
}

/** Up to four photos with previews; HEIC the browser cannot draw shows a plain tile. */
export function PhotoAdder({ photos, busy, onAdd, onRemove }: PhotoAdderProps) {
  const { t } = useTranslation('community-create');
  const urls = useMemo(() => photos.map((photo) => URL.createObjectURL(photo)), [photos]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length > 0) onAdd(files);
  };

  return (
    <Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 1, mb: photos.length > 0 ? 1 : 0 }}>
        {urls.map((url, index) => (
          <Box key={url} sx={{ position: 'relative', aspectRatio: '1', borderRadius: 1, overflow: 'hidden', bgcolor: 'grey.200' }}>
            {photos[index] && isHeic(photos[index]) ? (
              // A HEIC photo this browser could not decode is sent as is (the server converts it): no preview.
              <Box
                role="img"
                aria-label={t('photos.preview', { n: index + 1 })}
                sx={{ width: '100%', height: '100%', display: 'grid', placeItems: 'center', color: 'text.secondary' }}
              >
                <ImageIcon />
              </Box>
            ) : (
              <img src={url} alt={t('photos.preview', { n: index + 1 })} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
            )}
            <IconButton
              size="small"
              onClick={() => onRemove(index)}
              aria-label={t('photos.remove', { n: index + 1 })}
              sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'rgba(0,0,0,0.55)', color: 'common.white', '&:hover': { bgcolor: 'rgba(0,0,0,0.75)' } }}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </Box>
        ))}
      </Box>
      <Button component="label" variant="outlined" startIcon={<AddPhotoAlternateIcon />} disabled={busy || photos.length >= LIMITS.photosMax}>
        {t('photos.add', { count: photos.length, max: LIMITS.photosMax })}
        <input hidden type="file" accept={ACCEPT} multiple onChange={pick} data-testid="photo-input" />
      </Button>
    </Box>
  );
}
