import type { JourneyCheckReason, JourneyMode } from '@saathi/shared';
import type { TFunction } from 'i18next';

// Literal keys, one per value, so every text is checked to exist (app/used-keys.test.ts).

/** How the person goes, in words. */
export function modeText(t: TFunction<'journeys'>, mode: JourneyMode): string {
  switch (mode) {
    case 'walk':
      return t('form.modes.walk');
    case 'auto':
      return t('form.modes.auto');
    case 'bus':
      return t('form.modes.bus');
    case 'vehicle':
      return t('form.modes.vehicle');
  }
}

/** Why the server asks "Are you OK?", in words. */
export function reasonText(t: TFunction<'journeys'>, reason: JourneyCheckReason): string {
  switch (reason) {
    case 'stopped':
      return t('question.reasons.stopped');
    case 'silent':
      return t('question.reasons.silent');
    case 'off_course':
      return t('question.reasons.off_course');
  }
}
