import { DECLINE_REASONS, RESPONDER_PROFESSIONS, VERIFICATION_STATUSES } from '@saathi/shared';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en-US/responders.json';
import gu from '../../i18n/locales/gu-IN/responders.json';
import hi from '../../i18n/locales/hi-IN/responders.json';
import type { LabelFamilies } from './labels';

const at = (tree: unknown, path: string): unknown => path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], tree);

/** Every member of every key family the responders screens build from a fixed list. */
const FAMILIES: { [F in keyof LabelFamilies]: readonly LabelFamilies[F][] } = {
  professions: RESPONDER_PROFESSIONS,
  professionNames: RESPONDER_PROFESSIONS,
  decline: DECLINE_REASONS,
  days: [0, 1, 2, 3, 4, 5, 6],
  'review.tabs': VERIFICATION_STATUSES,
  'verification.status': VERIFICATION_STATUSES,
  'verification.registrationNumber': RESPONDER_PROFESSIONS,
  'verification.council': ['doctor', 'nurse'],
  'verification.station': ['police', 'firefighter'],
  scene: ['en_route', 'arrived', 'handed_over_ambulance', 'handed_over_police', 'done'],
  'scene.status': ['accepted', 'en_route', 'arrived', 'handed_over_ambulance', 'handed_over_police', 'done'],
};

describe('the responders key families', () => {
  for (const [language, texts] of Object.entries({ 'en-US': en, 'hi-IN': hi, 'gu-IN': gu })) {
    it(`${language} has a text for every member`, () => {
      for (const [family, members] of Object.entries(FAMILIES)) {
        for (const member of members) expect(typeof at(texts, `${family}.${String(member)}`), `${family}.${String(member)}`).toBe('string');
      }
    });
  }
});
