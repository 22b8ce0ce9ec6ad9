import type { NewsCategory } from '@saathi/shared';
import { useTranslation } from 'react-i18next';

/**
 * The names of the news categories in the UI language, as one object of the `news` namespace
 * (`categories.<name>`), so every category has a checked text and none is a computed key.
 */
export function useCategoryNames(): Record<NewsCategory, string> {
  const { t } = useTranslation('news');
  return t('categories', { returnObjects: true }) as Record<NewsCategory, string>;
}
