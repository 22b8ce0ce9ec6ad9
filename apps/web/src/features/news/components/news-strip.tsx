import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import type { NewsListItem } from '@saathi/shared';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoadMore } from '../../../lib/use-load-more';
import { ArticleImage } from './article-image';
import { BreakingLabel } from './breaking-label';

/** SPEC.md §9: strip 120 px high, thumbnails 120x80 with the title below. */
const STRIP_HEIGHT = 120;
const THUMB_WIDTH = 120;
/** Thumbnails a phone shows before the strip is scrolled (360 px wide: three): the rest load as they come near. */
const THUMBS_IN_FIRST_VIEW = 3;
const THUMB_HEIGHT = 80;

interface NewsStripProps {
  articles: readonly NewsListItem[];
  selectedId: number | null;
  onSelect: (article: NewsListItem) => void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** The thumbnails, sideways; scrolled to its end, the strip loads the next page by itself. */
export function NewsStrip({ articles, selectedId, onSelect, ...paging }: NewsStripProps) {
  const { t } = useTranslation('news');
  const strip = useRef<HTMLUListElement>(null);
  // Two thumbnails ahead of the end, so the next page is there when the reader gets to it.
  const more = useLoadMore(paging, { root: strip, margin: `0px ${2 * THUMB_WIDTH}px` });
  return (
    <Box
      component="ul"
      ref={strip}
      aria-label={t('stripLabel')}
      sx={{
        display: 'flex',
        gap: 1.5,
        height: STRIP_HEIGHT + 8,
        m: 0,
        p: 0,
        pb: 1,
        listStyle: 'none',
        overflowX: 'auto',
        overflowY: 'hidden',
        scrollSnapType: 'x proximity',
        scrollbarWidth: 'thin',
      }}
    >
      {articles.map((article, index) => {
        const isSelected = article.id === selectedId;
        return (
          <Box component="li" key={article.id} sx={{ flex: `0 0 ${THUMB_WIDTH}px`, scrollSnapAlign: 'start' }}>
            <ButtonBase
              onClick={() => onSelect(article)}
              aria-pressed={isSelected}
              focusRipple
              sx={{
                width: THUMB_WIDTH,
                height: STRIP_HEIGHT,
                flexDirection: 'column',
                alignItems: 'stretch',
                justifyContent: 'flex-start',
                textAlign: 'left',
                borderRadius: 1.5,
              }}
            >
              <Box sx={{ position: 'relative' }}>
                <ArticleImage
                  src={article.thumbnailUrl}
                  height={THUMB_HEIGHT}
                  loading={index < THUMBS_IN_FIRST_VIEW ? 'eager' : 'lazy'}
                  sx={{ width: THUMB_WIDTH, borderRadius: 1.5, boxSizing: 'border-box', border: 3, borderColor: isSelected ? 'primary.main' : 'transparent' }}
                />
                {article.breaking && (
                  <Box sx={{ position: 'absolute', left: 6, bottom: 6 }}>
                    <BreakingLabel size="small" />
                  </Box>
                )}
              </Box>
              <Typography
                variant="caption"
                sx={{
                  mt: 0.5,
                  lineHeight: 1.25,
                  fontWeight: isSelected ? 700 : 500,
                  color: isSelected ? 'primary.dark' : 'text.primary',
                  display: '-webkit-box',
                  WebkitLineClamp: 2,
                  WebkitBoxOrient: 'vertical',
                  overflow: 'hidden',
                }}
              >
                {article.title}
              </Typography>
            </ButtonBase>
          </Box>
        );
      })}
      {paging.hasNextPage && (
        <Box component="li" sx={{ flex: `0 0 ${THUMB_WIDTH}px`, display: 'flex', alignItems: 'flex-start', pt: 2 }}>
          <Button ref={more} variant="outlined" size="small" onClick={() => void paging.fetchNextPage()} loading={paging.isFetchingNextPage}>
            {t('more')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
