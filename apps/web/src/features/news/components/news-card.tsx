import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { NewsListItem } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import { ArticleAuthor, ArticleDate } from './article-meta';
import { ArticleImage, MAIN_IMAGE_HEIGHT } from './article-image';
import { ArticleShareButton } from './article-share-button';
import { BreakingLabel } from './breaking-label';

interface NewsCardProps {
  article: NewsListItem;
  onReadMore: () => void;
}

/** The selected article: its summary here, the whole text behind Read More. */
export function NewsCard({ article, onReadMore }: NewsCardProps) {
  const { t } = useTranslation('news');
  const titleId = `news-card-title-${article.id}`;
  return (
    <Card variant="outlined" component="article" aria-labelledby={titleId}>
      <ArticleImage src={article.imageUrl} height={MAIN_IMAGE_HEIGHT} fit="whole" priority />
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          {article.breaking && <BreakingLabel />}
          <ArticleDate article={article} />
        </Box>
        <Typography id={titleId} lang={article.language} variant="h5" component="h2" sx={{ fontWeight: 700, mt: 0.5, mb: 0.5 }}>
          {article.title}
        </Typography>
        <ArticleAuthor article={article} />
        {article.summary && (
          <Typography lang={article.language} variant="body1" sx={{ mt: 1.5, lineHeight: 1.6 }}>
            {article.summary}
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ justifyContent: 'space-between', px: 2, pb: 2 }}>
        <ArticleShareButton article={article} />
        <Button variant="contained" onClick={onReadMore}>
          {t('readMore')}
        </Button>
      </CardActions>
    </Card>
  );
}
