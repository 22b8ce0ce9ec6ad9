import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import './route-error-page.css';

/**
 * Catches render errors and failed chunk loads (e.g. after a new release); offers a reload
 * and 112. Plain HTML, so it still works when the chunks of a UI library fail to load.
 */
export function RouteErrorPage() {
  const { t } = useTranslation('common', { useSuspense: false });
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  // Plain, like the rest of this page: "Something went wrong · Saathi" (page-title.ts's format).
  const title = `${t('error.title')} · ${t('appName')}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <main className="route-error">
      <h1>{t('error.title')}</h1>
      <p>{t('error.body')}</p>
      <div className="route-error__actions">
        <button type="button" onClick={() => window.location.reload()}>
          {t('actions.reload')}
        </button>
        <a href="tel:112">{t('call112')}</a>
      </div>
    </main>
  );
}
