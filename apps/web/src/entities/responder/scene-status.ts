import type { HandedTo, SceneStatus } from '@saathi/shared';

/** A volunteer's step on the scene as one member of `scene.status` (handed over says to whom; none yet: accepted). */
export type SceneStatusMember = Exclude<SceneStatus, 'handed_over'> | 'handed_over_ambulance' | 'handed_over_police' | 'accepted';

export function sceneStatusMember(status: SceneStatus | null, handedTo: HandedTo | null): SceneStatusMember {
  if (status === null) return 'accepted';
  if (status === 'handed_over') return `handed_over_${handedTo ?? 'ambulance'}`;
  return status;
}
