import NewspaperIcon from '@mui/icons-material/Newspaper';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { brand } from '../../../theme/tokens';

/** One object of styles (no array or function), so it can be merged into the image's own. */
type StyleObject = Exclude<SxProps<Theme>, readonly unknown[] | ((theme: Theme) => unknown) | boolean>;

/** SPEC.md §9: the main image is 300 px high. */
export const MAIN_IMAGE_HEIGHT = 300;

/**
 * An article's picture, or a quiet tinted panel with a newspaper sign when it has none, so the
 * card keeps its shape. The picture is decoration: the title says what the article is.
 */
interface ArticleImageProps {
  src: string | null;
  height: number;
  /** `whole`: the entire picture on wide screens (a main image), letterboxed on a quiet tint; a phone fills the frame. */
  fit?: 'cover' | 'whole';
  sx?: StyleObject;
  /** `lazy` for pictures that start out of view (the strip past its first few): fetched only as they near the screen. */
  loading?: 'eager' | 'lazy';
  /** The screen's largest picture, fetched ahead of the others. */
  priority?: boolean;
}

export function ArticleImage({ src, height, fit = 'cover', sx = {}, loading = 'eager', priority = false }: ArticleImageProps) {
  if (!src) {
    return (
      <Box sx={{ height, display: 'grid', placeItems: 'center', bgcolor: brand.pinkTint, color: 'primary.light', ...sx }}>
        <NewspaperIcon aria-hidden sx={{ fontSize: Math.min(72, height / 2) }} />
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={src}
      alt=""
      loading={loading}
      decoding="async"
      fetchPriority={priority ? 'high' : 'auto'}
      sx={{ width: '100%', height, objectFit: fit === 'whole' ? { xs: 'cover', sm: 'contain' } : 'cover', display: 'block', bgcolor: brand.pinkTint, ...sx }}
    />
  );
}
