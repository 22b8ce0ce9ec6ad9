import type { TFunction } from 'i18next';

/**
 * The names of roles, audit actions and target types in the reader's language: one place for
 * these key families, which the key test checks from ROLES, AUDIT_ACTIONS and
 * AUDIT_TARGET_TYPES. A value this app version does not know yet shows as it is.
 * `t` is the `manage` namespace's.
 */
export const roleName = (t: TFunction<'manage'>, role: string): string => t(`roles.${role}`, { defaultValue: role });
export const actionName = (t: TFunction<'manage'>, action: string): string => t(`actions.${action}`, { defaultValue: action });
export const targetName = (t: TFunction<'manage'>, type: string): string => t(`targets.${type}`, { defaultValue: type });

/**
 * A before/after summary of an audit row in words: role lists and statuses in the reader's
 * language, anything else (a later action's own summary) as its JSON.
 */
export function summaryText(value: unknown, t: TFunction<'manage'>): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    if (Array.isArray(record.roles)) return record.roles.map((role) => roleName(t, String(role))).join(', ');
    if (typeof record.status === 'string') return t(`statuses.${record.status}`, { defaultValue: record.status });
  }
  return JSON.stringify(value);
}
