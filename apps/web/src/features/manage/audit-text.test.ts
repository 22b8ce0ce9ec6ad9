import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import english from '../../i18n/locales/en-US/manage.json';
import { summaryText } from './audit-text';

describe('audit summaries in words', () => {
  beforeAll(async () => {
    await i18next.init({ lng: 'en-US', resources: { 'en-US': { manage: english } } });
  });
  const t = () => i18next.getFixedT('en-US', 'manage');

  it('names role lists and statuses, and shows other summaries as they are', () => {
    expect(summaryText({ roles: ['user', 'editor', 'admin'] }, t())).toBe('Member, Editor, Admin');
    expect(summaryText({ status: 'revoked', name: 'Meera' }, t())).toBe('Revoked');
    expect(summaryText({ roles: ['owner'] }, t())).toBe('owner');
    expect(summaryText({ title: 'Rain alert' }, t())).toBe('{"title":"Rain alert"}');
    expect(summaryText(null, t())).toBe('—');
  });
});
