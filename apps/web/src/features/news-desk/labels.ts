import type { NewsState } from '@saathi/shared';
import { useTranslation } from 'react-i18next';

export type VersionChange = 'created' | 'edited' | 'published' | 'scheduled' | 'unpublished' | 'restored';

/**
 * The desk's names for article states and version changes in the UI language, each one object
 * of the `news` namespace, so every value has a checked text and none is a computed key.
 */
export function useDeskLabels(): { states: Record<NewsState, string>; changes: Record<VersionChange, string> } {
  const { t } = useTranslation('news');
  return {
    states: t('desk.states', { returnObjects: true }) as Record<NewsState, string>,
    changes: t('desk.changes', { returnObjects: true }) as Record<VersionChange, string>,
  };
}
