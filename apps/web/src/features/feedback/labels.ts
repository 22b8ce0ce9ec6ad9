import type { FeedbackCategory, FeedbackStatus, PermissionStateName } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import type { DiagnosticPermission } from './diagnostic-permissions';

/** The words for the feedback enums, in one place (i18n/used-keys.test.ts checks each family against its list). */
export function useFeedbackLabels() {
  const { t } = useTranslation('feedback');
  return {
    category: (category: FeedbackCategory) => t(`categories.${category}`),
    status: (status: FeedbackStatus) => t(`statuses.${status}`),
    permission: (name: DiagnosticPermission) => t(`diagnostics.permissions.${name}`),
    state: (state: PermissionStateName) => t(`diagnostics.states.${state}`),
  };
}
