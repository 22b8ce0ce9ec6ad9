import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RoleGate, type Refusal } from '../../entities/manage-screens';

/** Editors (and admins, who open every screen) use the desk. */
export const DESK_SCREEN = { roles: ['editor'] } as const;

/** What anyone else reads instead of the desk: a pointer back to the news they can read as usual. */
export function useDeskRefusal(): Refusal {
  const { t } = useTranslation('news');
  return { text: t('desk.notForYou'), backTo: '/news', backLabel: t('desk.toNews') };
}

/**
 * The desk for editors and admins; anyone else (a shared link, a role just taken away) gets a
 * calm word instead. The server refuses their calls regardless.
 */
export function DeskGate({ children }: { children: ReactNode }) {
  return (
    <RoleGate screen={DESK_SCREEN} refusal={useDeskRefusal()}>
      {children}
    </RoleGate>
  );
}
