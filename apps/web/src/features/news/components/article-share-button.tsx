import ShareIcon from '@mui/icons-material/Share';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast';
import type { NewsArticle } from '../articles';
import { shareOrCopy } from '../../../lib/share-or-copy';
import { articleUrl } from '../share-article';

export function ArticleShareButton({ article, index }: { article: NewsArticle; index: number }) {
  const { t } = useTranslation('news');
  const toast = useToast();

  async function share() {
    const outcome = await shareOrCopy({ title: article.title, text: article.title, url: articleUrl(index) });
    if (outcome === 'copied') toast.success(t('linkCopied'), { autoHideMs: 2000 });
    if (outcome === 'failed') toast.error(t('shareFailed'));
  }

  return (
    <Button startIcon={<ShareIcon />} onClick={() => void share()}>
      {t('share')}
    </Button>
  );
}
