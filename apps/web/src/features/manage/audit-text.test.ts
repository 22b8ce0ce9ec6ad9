import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import english from '../../i18n/locales/en-US/manage.json';
import { summaryText } from './audit-text';

// An instance of its own: the test files of a worker share the app's i18next (vitest.config.ts),
// and initialising that one again with only `manage` would drop what later files rely on.
const i18n = i18next.createInstance();

describe('audit summaries in words', () => {
  beforeAll(async () => {
    await i18n.init({ lng: 'en-US', resources: { 'en-US': { manage: english } } });
  });
  const t = () => i18n.getFixedT('en-US', 'manage');

  it('names role lists and statuses, and shows other summaries as they are', () => {
    expect(summaryText({ roles: ['user', 'editor', 'admin'] }, t())).toBe('Member, Editor, Admin');
    expect(summaryText({ status: 'revoked', name: 'Meera' }, t())).toBe('Revoked');
    expect(summaryText({ roles: ['owner'] }, t())).toBe('owner');
    expect(summaryText({ title: 'Rain alert' }, t())).toBe('{"title":"Rain alert"}');
    expect(summaryText(null, t())).toBe('—');
  });
});
