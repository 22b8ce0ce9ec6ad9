import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { NewsArticle } from '../articles';
import { paragraphsOf } from '../use-news-articles';
import { ArticleAuthor, ArticleDate } from './article-meta';
import { ArticleShareButton } from './article-share-button';

/** SPEC.md §9: the main image is 300 px high. */
export const MAIN_IMAGE_HEIGHT = 300;

interface NewsCardProps {
  article: NewsArticle;
  index: number;
  onReadMore: () => void;
}

/** The selected article: the first paragraph here, the whole text behind Read More. */
export function NewsCard({ article, index, onReadMore }: NewsCardProps) {
  const { t } = useTranslation('news');
  const [lead] = paragraphsOf(article.content);
  return (
    <Card variant="outlined" component="article" aria-labelledby={`news-card-title-${article.key}`}>
      <CardMedia
        component="img"
        image={article.image}
        alt=""
        sx={{ height: MAIN_IMAGE_HEIGHT, objectFit: { xs: 'cover', sm: 'contain' }, bgcolor: article.tint }}
      />
      <CardContent>
        <ArticleDate article={article} />
        <Typography id={`news-card-title-${article.key}`} variant="h5" component="h2" sx={{ fontWeight: 700, mt: 0.5, mb: 0.5 }}>
          {article.title}
        </Typography>
        <ArticleAuthor article={article} />
        <Box sx={{ mt: 1.5 }}>
          <Typography variant="body1">{lead}</Typography>
        </Box>
      </CardContent>
      <CardActions sx={{ justifyContent: 'space-between', px: 2, pb: 2 }}>
        <ArticleShareButton article={article} index={index} />
        <Button variant="contained" onClick={onReadMore}>
          {t('readMore')}
        </Button>
      </CardActions>
    </Card>
  );
}
