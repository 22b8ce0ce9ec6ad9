import type { LocalAlertCategory } from '@saathi/shared';
import { useState } from 'react';
import { AlertSettingsFields } from './alert-settings-fields';
import { useAlertSettingsQuery, useSaveAlertSettingsMutation } from './queries';

/**
 * The profile stepper's optional "Local alerts" step: the same choice as the account's tab.
 * Nothing is saved unless the person changed something (Skip and an untouched Next keep what is
 * stored, which for a new user is no alerts at all).
 */
export function useAlertsStep() {
  const settings = useAlertSettingsQuery();
  const save = useSaveAlertSettingsMutation();
  const [chosen, setChosen] = useState<LocalAlertCategory[] | null>(null);
  const value = chosen ?? settings.data?.categories ?? [];
  return {
    fields: <AlertSettingsFields value={value} onChange={setChosen} radii={settings.data?.radiiM} />,
    /** Saves the choice if it changed; rejects with the API's error. */
    save: async (): Promise<void> => {
      if (chosen !== null) await save.mutateAsync({ categories: chosen });
    },
    pending: save.isPending,
  };
}
