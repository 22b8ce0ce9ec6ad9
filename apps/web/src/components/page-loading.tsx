import { useTranslation } from 'react-i18next';

/**
 * Shown while a screen's code or texts load: a thin indeterminate bar in the brand colour
 * (styles in app/global.css). Plain HTML, since it is on the path of every first paint.
 */
export function PageLoading() {
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <div role="progressbar" aria-label={t('loading')} aria-busy="true" className="page-loading">
      <span />
    </div>
  );
}
