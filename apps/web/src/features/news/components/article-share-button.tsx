import ShareIcon from '@mui/icons-material/Share';
import Button from '@mui/material/Button';
import type { NewsListItem } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast';
import { shareOrCopy } from '../../../lib/share-or-copy';
import { articleUrl } from '../share-article';

/** Shares `/news/<slug>`: the server serves that link with the article's preview (title, summary, image). */
export function ArticleShareButton({ article }: { article: Pick<NewsListItem, 'slug' | 'title' | 'summary'> }) {
  const { t } = useTranslation('news');
  const toast = useToast();

  async function share() {
    const outcome = await shareOrCopy({ title: article.title, text: article.summary || article.title, url: articleUrl(article.slug) });
    if (outcome === 'copied') toast.success(t('linkCopied'), { autoHideMs: 2000 });
    if (outcome === 'failed') toast.error(t('shareFailed'));
  }

  return (
    <Button startIcon={<ShareIcon />} onClick={() => void share()}>
      {t('share')}
    </Button>
  );
}
