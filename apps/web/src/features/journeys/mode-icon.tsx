import DirectionsBusIcon from '@mui/icons-material/DirectionsBus';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import DirectionsWalkIcon from '@mui/icons-material/DirectionsWalk';
import LocalTaxiIcon from '@mui/icons-material/LocalTaxi';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { JourneyMode } from '@saathi/shared';

const ICONS = { walk: DirectionsWalkIcon, auto: LocalTaxiIcon, bus: DirectionsBusIcon, vehicle: DirectionsCarIcon } as const;

/** How the person goes, as a picture beside its name (decorative: the name says it). */
export function ModeIcon({ mode, ...props }: { mode: JourneyMode } & SvgIconProps) {
  const Icon = ICONS[mode];
  return <Icon aria-hidden {...props} />;
}
