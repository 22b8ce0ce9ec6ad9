import { ALERT_TEXT_TOPICS, LOCAL_ALERT_CATEGORIES, LOCAL_ALERT_STATUSES, type LocalAlert } from '@saathi/shared';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en-US/local-alerts.json';
import gu from '../../i18n/locales/gu-IN/local-alerts.json';
import hi from '../../i18n/locales/hi-IN/local-alerts.json';
import { ageText, statusWording, type LabelFamilies } from './labels';

const at = (tree: unknown, path: string): unknown => path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], tree);

/** Every member of every key family the local alerts screens build from a fixed list. */
const FAMILIES: { [F in keyof LabelFamilies]: readonly LabelFamilies[F][] } = {
  categories: LOCAL_ALERT_CATEGORIES,
  categoryHints: LOCAL_ALERT_CATEGORIES,
  status: LOCAL_ALERT_STATUSES,
  verifiedBy: ['moderator', 'responder'],
  topics: ALERT_TEXT_TOPICS,
};

describe('the local alerts key families', () => {
  for (const [language, texts] of Object.entries({ 'en-US': en, 'hi-IN': hi, 'gu-IN': gu })) {
    it(`${language} has a text for every member`, () => {
      for (const [family, members] of Object.entries(FAMILIES)) {
        for (const member of members) expect(typeof at(texts, `${family}.${String(member)}`), `${family}.${String(member)}`).toBe('string');
      }
    });
  }

  it('offers no "suspicious person" category, in any language', () => {
    expect(LOCAL_ALERT_CATEGORIES).toHaveLength(8);
    for (const texts of [en, hi, gu]) expect(JSON.stringify(texts.categories)).not.toMatch(/suspicious|संदिग्ध|શંકાસ્પદ/i);
  });
});

const alert = (patch: Partial<LocalAlert>): Pick<LocalAlert, 'status' | 'verifierRole' | 'verifierProfession' | 'reports'> => ({
  status: 'unverified',
  verifierRole: null,
  verifierProfession: null,
  reports: 1,
  ...patch,
});

describe('statusWording', () => {
  it('says who confirmed an alert, by role or by profession, never by name', () => {
    expect(statusWording(alert({ status: 'verified', verifierRole: 'moderator' }))).toEqual({ kind: 'verifiedBy', role: 'moderator' });
    expect(statusWording(alert({ status: 'verified', verifierRole: 'responder', verifierProfession: 'firefighter' }))).toEqual({
      kind: 'verifiedByProfession',
      profession: 'firefighter',
    });
    expect(statusWording(alert({ status: 'verified', verifierRole: 'responder' }))).toEqual({ kind: 'verifiedBy', role: 'responder' });
  });

  it('counts the people behind a corroborated alert and labels the rest by status', () => {
    expect(statusWording(alert({ status: 'corroborated', reports: 3 }))).toEqual({ kind: 'corroborated', reports: 3 });
    expect(statusWording(alert({}))).toEqual({ kind: 'status', status: 'unverified' });
    expect(statusWording(alert({ status: 'resolved', verifierRole: 'moderator' }))).toEqual({ kind: 'status', status: 'resolved' });
  });
});

describe('ageText', () => {
  const t = ((key: string, options?: { count?: number }) =>
    `${key}${options?.count === undefined ? '' : `:${options.count}`}`) as unknown as TFunction<'local-alerts'>;
  it('words minutes under an hour and whole hours after', () => {
    expect(ageText(t, 0)).toBe('age.justNow');
    expect(ageText(t, 12)).toBe('age.minutes:12');
    expect(ageText(t, 59)).toBe('age.minutes:59');
    expect(ageText(t, 125)).toBe('age.hours:2');
  });
});
