import type { Language } from '../languages';
import enUS from './en-US/alerts.json';
import hiIN from './hi-IN/alerts.json';
import guIN from './gu-IN/alerts.json';

/**
 * The `alerts` namespace: every text the server sends (push, SMS, in-app notifications) and
 * the web app shows the same way (i18next JSON, plurals `_one`/`_other`, `{{name}}`
 * placeholders). The web app loads these JSON files lazily as one of its namespaces
 * (apps/web/src/i18n/index.ts); the server renders them with i18next in the recipient's
 * language. Not re-exported from the package root, so no catalog reaches a web bundle
 * through '@saathi/shared'.
 */
export const ALERTS_NAMESPACE = 'alerts';

export type AlertsCatalog = typeof enUS;

export const ALERTS_CATALOG: Record<Language, AlertsCatalog> = { 'en-US': enUS, 'hi-IN': hiIN, 'gu-IN': guIN };
