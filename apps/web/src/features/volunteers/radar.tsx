import Tooltip from '@mui/material/Tooltip';
import {
  formatDistance,
  placeOnRadar,
  radarRings,
  volunteerColour,
  volunteerIcon,
  type LatLon,
  type NearbyVolunteer,
  type VolunteerColour,
  type VolunteerIconKind,
} from '@saathi/shared';
import { useTranslation } from 'react-i18next';

const SIZE = 320;
const CENTRE = SIZE / 2;
const RADIUS = 140;
const ICON = 22;

/** SPEC.md §3 colours, dark enough for white glyphs (contrast AA). */
export const COLOUR_HEX: Record<VolunteerColour, string> = {
  red: '#c62828',
  blue: '#1565c0',
  orange: '#e65100',
  green: '#2e7d32',
};

/** Material icon paths (Apache License 2.0): medical services, build (wrench), person. */
const ICON_PATHS: Record<VolunteerIconKind, string> = {
  medical:
    'M20 6h-4V4c0-1.1-.9-2-2-2h-4c-1.1 0-2 .9-2 2v2H4c-1.1 0-2 .9-2 2v12c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2V8c0-1.1-.9-2-2-2M10 4h4v2h-4zm6 11h-3v3h-2v-3H8v-2h3v-3h2v3h3z',
  wrench:
    'M22.7 19l-9.1-9.1c.9-2.3.4-5-1.5-6.9-2-2-5-2.4-7.4-1.3L9 6 6 9 1.6 4.7C.4 7.1.9 10.1 2.9 12.1c1.9 1.9 4.6 2.4 6.9 1.5l9.1 9.1c.4.4 1 .4 1.4 0l2.3-2.3c.5-.4.5-1.1.1-1.4z',
  person: 'M12 12c2.21 0 4-1.79 4-4s-1.79-4-4-4-4 1.79-4 4 1.79 4 4 4m0 2c-2.67 0-8 1.34-8 4v2h16v-2c0-2.66-5.33-4-8-4',
};

interface RadarProps {
  centre: LatLon;
  rangeM: number;
  volunteers: readonly NearbyVolunteer[];
}

/**
 * The volunteers radar (SPEC.md §2): the user at the centre, north up with a marker, four
 * range rings, one icon per volunteer placed by SPEC.md's metres-per-degree scale.
 */
export function Radar({ centre, rangeM, volunteers }: RadarProps) {
  const { t, i18n } = useTranslation(['volunteers', 'profile', 'responders']);
  const rings = radarRings(rangeM);
  const frame = { centreX: CENTRE, centreY: CENTRE, radiusPx: RADIUS };
  return (
    <svg className="radar" viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-label={t('radar.label', { count: volunteers.length, range: rangeM })}>
      <defs>
        <radialGradient id="radar-fill">
          <stop offset="0%" stopColor="#fce4ec" />
          <stop offset="100%" stopColor="#fff5f8" />
        </radialGradient>
      </defs>
      <circle cx={CENTRE} cy={CENTRE} r={RADIUS} fill="url(#radar-fill)" stroke="#ad1457" strokeWidth={1.5} />
      {rings.map((ringM, index) => {
        const r = (RADIUS * (index + 1)) / rings.length;
        return (
          <g key={ringM}>
            {index < rings.length - 1 && <circle cx={CENTRE} cy={CENTRE} r={r} fill="none" stroke="#ad1457" strokeOpacity={0.35} strokeDasharray="4 4" />}
            <text x={CENTRE + 4} y={CENTRE - r + 12} fontSize={10} fill="#6d1b3b">
              {formatDistance(ringM, i18n.language)}
            </text>
          </g>
        );
      })}
      <line x1={CENTRE} y1={CENTRE - RADIUS} x2={CENTRE} y2={CENTRE + RADIUS} stroke="#ad1457" strokeOpacity={0.2} />
      <line x1={CENTRE - RADIUS} y1={CENTRE} x2={CENTRE + RADIUS} y2={CENTRE} stroke="#ad1457" strokeOpacity={0.2} />
      <g aria-label={t('radar.north')} role="img">
        <path d={`M${CENTRE} ${CENTRE - RADIUS - 16} l-6 12 h12 z`} fill="#ad1457" />
        <text x={CENTRE + 9} y={CENTRE - RADIUS - 5} fontSize={12} fontWeight={700} fill="#ad1457">
          {t('radar.northLetter')}
        </text>
      </g>
      {volunteers.map((volunteer) => {
        const [longitude, latitude] = volunteer.location.coordinates;
        const spot = placeOnRadar(centre, { latitude, longitude }, rangeM, frame);
        const named = volunteer.profession ? t(`profile:professions.${volunteer.profession}`) : t('radar.unknownProfession');
        const profession = volunteer.verified ? `${named} · ${t('responders:badge.short')}` : named;
        return (
          <Tooltip key={volunteer.id} title={profession} arrow>
            <g className="radar__volunteer" tabIndex={0} role="img" aria-label={profession} data-testid="radar-volunteer">
              <circle cx={spot.x} cy={spot.y} r={ICON / 2 + 2} fill={COLOUR_HEX[volunteerColour(volunteer.profession)]} stroke="#fff" strokeWidth={1.5} />
              <svg x={spot.x - ICON / 2 + 4} y={spot.y - ICON / 2 + 4} width={ICON - 8} height={ICON - 8} viewBox="0 0 24 24" aria-hidden="true">
                <path d={ICON_PATHS[volunteerIcon(volunteer.profession)]} fill="#fff" />
              </svg>
              {volunteer.verified && <VerifiedMark x={spot.x + ICON / 2 - 1} y={spot.y - ICON / 2 + 1} />}
            </g>
          </Tooltip>
        );
      })}
      <g aria-label={t('radar.you')} role="img">
        <circle cx={CENTRE} cy={CENTRE} r={9} fill="#d81b60" fillOpacity={0.25} />
        <circle cx={CENTRE} cy={CENTRE} r={5} fill="#d81b60" stroke="#fff" strokeWidth={1.5} />
      </g>
    </svg>
  );
}

/** The verified-responder badge on a radar marker: a small gold disc with a tick at its top right. */
function VerifiedMark({ x, y }: { x: number; y: number }) {
  return (
    <g data-testid="radar-verified" aria-hidden="true">
      <circle cx={x} cy={y} r={6} fill="#f9a825" stroke="#fff" strokeWidth={1.5} />
      <path d={`M${x - 3} ${y} l2 2 l4 -4`} fill="none" stroke="#3e2723" strokeWidth={1.6} strokeLinecap="round" strokeLinejoin="round" />
    </g>
  );
}
