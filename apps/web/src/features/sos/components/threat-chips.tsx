import { useTranslation } from 'react-i18next';
import type { Threat } from '@saathi/shared';
import { THREAT_CHOICES } from '../../../entities/sos';

/** One optional threat; tapping the chosen chip again clears it ('Emergency Alert'). */
export function ThreatChips({ value, onChange, disabled }: { value: Threat | null; onChange: (threat: Threat | null) => void; disabled?: boolean }) {
  const { t } = useTranslation('dashboard');
  return (
    <fieldset className="sos-threats" disabled={disabled}>
      <legend className="sos-threats__legend">{t('sos.threatQuestion')}</legend>
      <div className="sos-threats__chips">
        {THREAT_CHOICES.map((threat) => (
          <button key={threat} type="button" className="sos-chip" aria-pressed={value === threat} onClick={() => onChange(value === threat ? null : threat)}>
            {t(`threats.${threat}`)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
