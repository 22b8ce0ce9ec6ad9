import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageTitle } from '../../lib/page-title';
import { NotFoundPage } from '../../components/not-found-page';
import { AlertsPage } from './alerts-page';
import { NewAlertPage } from './new-alert-page';

/**
 * `/alerts/:alertId?`, one route (routes.tsx): the nearby list; `/alerts/new` the report form;
 * `/alerts/<id>`, where an alert's notification and its all-clear lead, the list with that alert first.
 */
export function AlertsRoute() {
  const { alertId } = useParams();
  if (alertId === undefined) return <AlertsPage />;
  if (alertId === 'new') return <ReportRoute />;
  if (/^[1-9]\d{0,9}$/.test(alertId)) return <AlertsPage key={alertId} focusId={Number(alertId)} />;
  return <NotFoundPage />;
}

function ReportRoute() {
  const { t } = useTranslation('titles');
  // The route's name is "Local alerts"; the form is "Report an incident · Saathi".
  usePageTitle(t('reportAlert'));
  return <NewAlertPage />;
}
