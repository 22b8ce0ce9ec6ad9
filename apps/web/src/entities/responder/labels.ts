import type { DeclineReason, ResponderProfession, VerificationStatus } from '@saathi/shared';
import type { TFunction } from 'i18next';
import { sceneStatusMember, type SceneStatusMember } from './scene-status';

/**
 * The `responders` namespace's key families built from fixed lists, in one place (labels.test.ts
 * checks every member in each language). `t` is the `responders` namespace's.
 */
export interface LabelFamilies {
  professions: ResponderProfession;
  professionNames: ResponderProfession;
  decline: DeclineReason;
  days: 0 | 1 | 2 | 3 | 4 | 5 | 6;
  'review.tabs': VerificationStatus;
  'verification.status': VerificationStatus;
  'verification.registrationNumber': ResponderProfession;
  'verification.council': 'doctor' | 'nurse';
  'verification.station': 'police' | 'firefighter';
  scene: 'en_route' | 'arrived' | 'handed_over_ambulance' | 'handed_over_police' | 'done';
  'scene.status': SceneStatusMember;
}

export function label<F extends keyof LabelFamilies>(
  t: TFunction<'responders'>,
  family: F,
  member: LabelFamilies[F],
  options?: Record<string, unknown>,
): string {
  return t(`${family}.${member}`, options ?? {});
}

/** A volunteer's step on the scene in words (accepted, on the way, handed over to whom…). */
export function sceneStatusText(t: TFunction<'responders'>, ...args: Parameters<typeof sceneStatusMember>): string {
  return label(t, 'scene.status', sceneStatusMember(...args));
}
