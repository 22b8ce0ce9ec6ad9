import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { usePageTitle } from '../../app/page-title';
import { AlertsPage } from './alerts-page';
import { NewAlertPage } from './new-alert-page';

/** `/alerts` and `/alerts/new`, one route (routes.tsx): the nearby list, or the report form. */
export function AlertsRoute() {
  const { pathname } = useLocation();
  return pathname.replace(/\/+$/, '').endsWith('/new') ? <ReportRoute /> : <AlertsPage />;
}

function ReportRoute() {
  const { t } = useTranslation('titles');
  // The route's name is "Local alerts"; the form is "Report an incident · Saathi".
  usePageTitle(t('reportAlert'));
  return <NewAlertPage />;
}
