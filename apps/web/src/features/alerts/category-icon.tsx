import CarCrashOutlinedIcon from '@mui/icons-material/CarCrashOutlined';
import FloodOutlinedIcon from '@mui/icons-material/FloodOutlined';
import FoundationOutlinedIcon from '@mui/icons-material/FoundationOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import LocalFireDepartmentOutlinedIcon from '@mui/icons-material/LocalFireDepartmentOutlined';
import PowerOffOutlinedIcon from '@mui/icons-material/PowerOffOutlined';
import RemoveRoadOutlinedIcon from '@mui/icons-material/RemoveRoadOutlined';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { LocalAlertCategory } from '@saathi/shared';
import type { ComponentType } from 'react';

const ICONS: Record<LocalAlertCategory, ComponentType<SvgIconProps>> = {
  road_accident: CarCrashOutlinedIcon,
  fire: LocalFireDepartmentOutlinedIcon,
  flooding: FloodOutlinedIcon,
  building_collapse: FoundationOutlinedIcon,
  crowd_risk: GroupsOutlinedIcon,
  outage: PowerOffOutlinedIcon,
  road_blocked: RemoveRoadOutlinedIcon,
  other_hazard: ReportProblemOutlinedIcon,
};

/** A category's picture; always beside its words, so it is hidden from screen readers. */
export function CategoryIcon({ category, ...props }: { category: LocalAlertCategory } & SvgIconProps) {
  const Icon = ICONS[category];
  return <Icon aria-hidden {...props} />;
}
