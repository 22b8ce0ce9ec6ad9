import { useId } from 'react';
import type { Body, ChartStyle, Sign } from '@saathi/shared/astro';
import { SIGNS } from '@saathi/shared/astro';
import { chartCells, chunk, northHouseShapes, SIZE, SOUTH_CELL_OF_SIGN, type ChartCell, type ChartModel, type Point } from './chart-layout';

/** The words the drawing writes, in the reader's language. */
export interface ChartLabels {
  signName: Readonly<Record<Sign, string>>;
  bodyShort: Readonly<Record<Body, string>>;
  /** Written after a retrograde body's abbreviation: "Sa(R)", "श(व)". */
  retrogradeMark: string;
  /** Marks the lagna's house or cell: "Asc", "लग्न". */
  lagna: string;
}

export interface BirthChartProps {
  chartStyle: ChartStyle;
  model: ChartModel;
  labels: ChartLabels;
  /** The drawing's accessible name and its description (the houses in words), for screen readers. */
  title: string;
  description: string;
}

const LINE_HEIGHT = 20;

/** A birth chart drawn in the North Indian (diamond) or South Indian (fixed signs) style. */
export function BirthChart({ chartStyle, model, labels, title, description }: BirthChartProps) {
  const id = useId();
  const cells = chartCells(model);
  return (
    <svg
      viewBox={`-2 -2 ${SIZE + 4} ${SIZE + 4}`}
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      className="astro-chart"
      data-style={chartStyle}
      style={{ width: '100%', maxWidth: 440, height: 'auto', display: 'block' }}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      <rect x={0} y={0} width={SIZE} height={SIZE} className="astro-chart__frame" />
      {chartStyle === 'north' ? <NorthChart cells={cells} labels={labels} /> : <SouthChart cells={cells} labels={labels} />}
    </svg>
  );
}

function bodyText(body: { body: Body; retrograde: boolean }, labels: ChartLabels): string {
  return `${labels.bodyShort[body.body]}${body.retrograde ? `(${labels.retrogradeMark})` : ''}`;
}

/** Lines of text centred on `at`: the first line optionally emphasised. */
function TextLines({ at, lines, className }: { at: Point; lines: readonly string[]; className: string }) {
  const top = at.y - ((lines.length - 1) * LINE_HEIGHT) / 2;
  return (
    <text x={at.x} textAnchor="middle" dominantBaseline="central" className={className}>
      {lines.map((line, index) => (
        <tspan key={index} x={at.x} y={top + index * LINE_HEIGHT}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

function NorthChart({ cells, labels }: { cells: ChartCell[]; labels: ChartLabels }) {
  const shapes = northHouseShapes();
  return (
    <g>
      {shapes.map((shape) => {
        const cell = cells[shape.house - 1] as ChartCell;
        const names = cell.bodies.map((body) => bodyText(body, labels));
        const lines = [...(cell.lagna ? [labels.lagna] : []), ...chunk(names, shape.perLine).map((line) => line.join(' '))];
        return (
          <g
            key={shape.house}
            data-house={shape.house}
            data-sign={cell.sign}
            className={cell.lagna ? 'astro-chart__house astro-chart__house--lagna' : 'astro-chart__house'}
          >
            <polygon points={shape.polygon.map((point) => `${point.x},${point.y}`).join(' ')} />
            <text x={shape.numberAt.x} y={shape.numberAt.y} textAnchor="middle" dominantBaseline="central" className="astro-chart__sign-number">
              {cell.signNumber}
            </text>
            <TextLines
              at={{ x: shape.anchor.x, y: shape.anchor.y - (shape.house === 1 || shape.house === 7 ? 0 : 4) }}
              lines={lines}
              className="astro-chart__bodies"
            />
            <title>{`${cell.signNumber} ${labels.signName[cell.sign]}`}</title>
          </g>
        );
      })}
    </g>
  );
}

const CELL = SIZE / 4;

function SouthChart({ cells, labels }: { cells: ChartCell[]; labels: ChartLabels }) {
  const bySign = new Map(cells.map((cell) => [cell.sign, cell]));
  return (
    <g>
      {SIGNS.map((sign) => {
        const cell = bySign.get(sign) as ChartCell;
        const { column, row } = SOUTH_CELL_OF_SIGN[sign];
        const x = column * CELL;
        const y = row * CELL;
        const names = cell.bodies.map((body) => bodyText(body, labels));
        return (
          <g key={sign} data-sign={sign} data-house={cell.house} className={cell.lagna ? 'astro-chart__house astro-chart__house--lagna' : 'astro-chart__house'}>
            <rect x={x} y={y} width={CELL} height={CELL} />
            {/* The lagna's cell is marked the traditional way, with a stroke across its top left corner. */}
            {cell.lagna && <line x1={x} y1={y + 22} x2={x + 22} y2={y} className="astro-chart__lagna-mark" />}
            <text x={x + CELL - 5} y={y + 16} textAnchor="end" className="astro-chart__sign-name">
              {labels.signName[sign]}
            </text>
            <TextLines
              at={{ x: x + CELL / 2, y: y + CELL / 2 + 10 }}
              lines={[...(cell.lagna ? [labels.lagna] : []), ...chunk(names, 2).map((line) => line.join(' '))]}
              className="astro-chart__bodies"
            />
          </g>
        );
      })}
    </g>
  );
}
