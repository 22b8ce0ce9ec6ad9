import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { NewsArticle } from '../articles';

/** SPEC.md §9: strip 120 px high, thumbnails 120x80 with the title below. */
const STRIP_HEIGHT = 120;
const THUMB_WIDTH = 120;
const THUMB_HEIGHT = 80;

interface NewsStripProps {
  articles: readonly NewsArticle[];
  selected: number;
  onSelect: (index: number) => void;
}

export function NewsStrip({ articles, selected, onSelect }: NewsStripProps) {
  const { t } = useTranslation('news');
  return (
    <Box
      component="ul"
      aria-label={t('stripLabel')}
      sx={{
        display: 'flex',
        gap: 1.5,
        height: STRIP_HEIGHT,
        m: 0,
        p: 0,
        listStyle: 'none',
        overflowX: 'auto',
        overflowY: 'hidden',
        scrollSnapType: 'x mandatory',
        scrollbarWidth: 'thin',
      }}
    >
      {articles.map((article, index) => {
        const isSelected = index === selected;
        return (
          <Box component="li" key={article.key} sx={{ flex: `0 0 ${THUMB_WIDTH}px`, scrollSnapAlign: 'start' }}>
            <ButtonBase
              onClick={() => onSelect(index)}
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
              <Box
                component="img"
                src={article.thumbnail}
                alt=""
                width={THUMB_WIDTH}
                height={THUMB_HEIGHT}
                loading="lazy"
                sx={{
                  width: THUMB_WIDTH,
                  height: THUMB_HEIGHT,
                  objectFit: 'cover',
                  borderRadius: 1.5,
                  boxSizing: 'border-box',
                  border: 3,
                  borderColor: isSelected ? 'primary.main' : 'transparent',
                }}
              />
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
    </Box>
  );
}
