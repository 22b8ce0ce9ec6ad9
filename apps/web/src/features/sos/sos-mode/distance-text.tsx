import { useTranslation } from 'react-i18next';
import { distanceParts } from '../lib/format';

export function DistanceText({ metres }: { metres: number }) {
  const { t } = useTranslation('sos');
  const { key, value } = distanceParts(metres);
  return <>{t(key, { value })}</>;
}
