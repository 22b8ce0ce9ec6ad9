import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Body, Sign } from '@saathi/shared/astro';
import { BirthChart, type ChartLabels } from './birth-chart';
import { chartCells, northHouseShapes, SOUTH_CELL_OF_SIGN, type ChartModel } from './chart-layout';

const labels: ChartLabels = {
  signName: {
    aries: 'Aries',
    taurus: 'Taurus',
    gemini: 'Gemini',
    cancer: 'Cancer',
    leo: 'Leo',
    virgo: 'Virgo',
    libra: 'Libra',
    scorpio: 'Scorpio',
    sagittarius: 'Sagittarius',
    capricorn: 'Capricorn',
    aquarius: 'Aquarius',
    pisces: 'Pisces',
  },
  bodyShort: { sun: 'Su', moon: 'Mo', mars: 'Ma', mercury: 'Me', jupiter: 'Ju', venus: 'Ve', saturn: 'Sa', rahu: 'Ra', ketu: 'Ke' },
  retrogradeMark: 'R',
  lagna: 'Asc',
};

const planet = (body: Body, sign: Sign, retrograde = false) => ({ body, sign, retrograde });

// Lagna in Leo; Sun and Mercury in Leo, Moon in Scorpio, Saturn retrograde in Taurus, Rahu in Pisces, Ketu in Virgo.
const model: ChartModel = {
  firstSign: 'leo',
  lagnaSign: 'leo',
  planets: [
    planet('sun', 'leo'),
    planet('mercury', 'leo'),
    planet('moon', 'scorpio'),
    planet('saturn', 'taurus', true),
    planet('rahu', 'pisces', true),
    planet('ketu', 'virgo', true),
  ],
};

function draw(chartStyle: 'north' | 'south', chart: ChartModel = model) {
  const { container } = render(
    <BirthChart chartStyle={chartStyle} model={chart} labels={labels} title="Birth chart" description="House 1, Leo: Sun, Mercury" />,
  );
  const svg = container.querySelector('svg') as SVGSVGElement;
  const house = (n: number) => svg.querySelector(`[data-house="${n}"]`) as SVGGElement;
  const sign = (s: Sign) => svg.querySelector(`[data-sign="${s}"]`) as SVGGElement;
  return { svg, house, sign };
}

describe('whole-sign houses', () => {
  it('start at the lagna and follow the zodiac', () => {
    const cells = chartCells(model);
    expect(cells.map((cell) => cell.sign)).toEqual([
      'leo',
      'virgo',
      'libra',
      'scorpio',
      'sagittarius',
      'capricorn',
      'aquarius',
      'pisces',
      'aries',
      'taurus',
      'gemini',
      'cancer',
    ]);
    expect(cells.map((cell) => cell.signNumber)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 1, 2, 3, 4]);
    expect(cells[0]).toMatchObject({
      house: 1,
      lagna: true,
      bodies: [
        { body: 'sun', retrograde: false },
        { body: 'mercury', retrograde: false },
      ],
    });
    expect(cells[3]?.bodies).toEqual([{ body: 'moon', retrograde: false }]);
    expect(cells[9]?.bodies).toEqual([{ body: 'saturn', retrograde: true }]);
  });
});

describe('the North Indian chart', () => {
  it('has twelve houses, house 1 the top diamond and the houses running anticlockwise', () => {
    const shapes = northHouseShapes(400);
    expect(shapes.map((shape) => [shape.house, Math.round(shape.anchor.x), Math.round(shape.anchor.y)])).toEqual([
      [1, 200, 100],
      [2, 100, 33],
      [3, 33, 100],
      [4, 100, 200],
      [5, 33, 300],
      [6, 100, 367],
      [7, 200, 300],
      [8, 300, 367],
      [9, 367, 300],
      [10, 300, 200],
      [11, 367, 100],
      [12, 300, 33],
    ]);
    expect(shapes.map((shape) => shape.perLine)).toEqual([3, 3, 2, 3, 2, 3, 3, 3, 2, 3, 2, 3]);
    expect(shapes[3]?.polygon).toEqual([
      { x: 0, y: 200 },
      { x: 100, y: 100 },
      { x: 200, y: 200 },
      { x: 100, y: 300 },
    ]);
  });

  it('writes each house’s sign number and bodies, marks the lagna and retrograde bodies', () => {
    const { svg, house } = draw('north');
    expect(svg).toHaveAttribute('role', 'img');
    expect(svg).toHaveAccessibleName('Birth chart');
    expect(svg).toHaveAccessibleDescription('House 1, Leo: Sun, Mercury');
    expect(svg.querySelectorAll('[data-house]')).toHaveLength(12);
    expect(house(1).querySelector('.astro-chart__sign-number')).toHaveTextContent('5');
    expect(house(1).querySelector('.astro-chart__bodies')).toHaveTextContent('AscSu Me');
    expect(house(1)).toHaveAttribute('data-sign', 'leo');
    expect(house(4).querySelector('.astro-chart__sign-number')).toHaveTextContent('8');
    expect(house(4).querySelector('.astro-chart__bodies')).toHaveTextContent('Mo');
    expect(house(7)).toHaveAttribute('data-sign', 'aquarius');
    expect(house(8).querySelector('.astro-chart__bodies')).toHaveTextContent('Ra(R)');
    expect(house(10).querySelector('.astro-chart__bodies')).toHaveTextContent('Sa(R)');
    expect(house(2).querySelector('.astro-chart__bodies')).toHaveTextContent('Ke(R)');
    expect(svg.querySelectorAll('.astro-chart__house--lagna')).toHaveLength(1);
  });

  it('without a birth time puts the Moon’s sign in house 1 and marks no lagna', () => {
    const { svg, house } = draw('north', { ...model, firstSign: 'scorpio', lagnaSign: null });
    expect(house(1)).toHaveAttribute('data-sign', 'scorpio');
    expect(house(1).querySelector('.astro-chart__sign-number')).toHaveTextContent('8');
    expect(house(1).querySelector('.astro-chart__bodies')).toHaveTextContent('Mo');
    expect(svg.querySelectorAll('.astro-chart__house--lagna')).toHaveLength(0);
    expect(svg).not.toHaveTextContent('Asc');
  });
});

describe('the South Indian chart', () => {
  it('keeps every sign in its fixed cell, Pisces top left and Aries next to it, clockwise', () => {
    expect(SOUTH_CELL_OF_SIGN.pisces).toEqual({ column: 0, row: 0 });
    expect(SOUTH_CELL_OF_SIGN.aries).toEqual({ column: 1, row: 0 });
    expect(SOUTH_CELL_OF_SIGN.cancer).toEqual({ column: 3, row: 1 });
    expect(SOUTH_CELL_OF_SIGN.virgo).toEqual({ column: 3, row: 3 });
    expect(SOUTH_CELL_OF_SIGN.sagittarius).toEqual({ column: 0, row: 3 });
    expect(SOUTH_CELL_OF_SIGN.aquarius).toEqual({ column: 0, row: 1 });
    const cells = new Set(Object.values(SOUTH_CELL_OF_SIGN).map(({ column, row }) => `${column},${row}`));
    expect(cells.size).toBe(12);
    for (const middle of ['1,1', '1,2', '2,1', '2,2']) expect(cells.has(middle)).toBe(false);
  });

  it('writes sign names and bodies in the signs’ cells and marks the lagna’s cell', () => {
    const { svg, sign } = draw('south');
    expect(svg.querySelectorAll('[data-sign]')).toHaveLength(12);
    const leo = sign('leo');
    expect(leo.querySelector('rect')).toHaveAttribute('x', '300');
    expect(leo.querySelector('rect')).toHaveAttribute('y', '200');
    expect(leo).toHaveAttribute('data-house', '1');
    expect(leo.querySelector('.astro-chart__lagna-mark')).not.toBeNull();
    expect(leo.querySelector('.astro-chart__sign-name')).toHaveTextContent('Leo');
    expect(leo.querySelector('.astro-chart__bodies')).toHaveTextContent('AscSu Me');
    expect(sign('taurus').querySelector('.astro-chart__bodies')).toHaveTextContent('Sa(R)');
    expect(sign('taurus')).toHaveAttribute('data-house', '10');
    expect(sign('aries').querySelector('.astro-chart__bodies')).toHaveTextContent('');
    expect(svg.querySelectorAll('.astro-chart__lagna-mark')).toHaveLength(1);
  });
});
