import type { Reel } from '@saathi/shared';
import { ReportContentDialog } from '../moderation';

/** Reporting a reel is reporting any content: the moderation desk's one dialog, aimed at this reel. */
export function ReportReelDialog({ reel, onClose }: { reel: Reel; onClose: () => void }) {
  return <ReportContentDialog target={{ type: 'reel', id: reel.id }} onClose={onClose} />;
}
