import { useCallback, useState } from 'react';
import { CHART_STYLES, type ChartStyle } from '@saathi/shared/astro';

/** The reader's choice of chart style, kept on this device. */
const STORAGE_KEY = 'saathi.astroChartStyle';
const DEFAULT_STYLE: ChartStyle = 'north';

export function readChartStyle(): ChartStyle {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return CHART_STYLES.find((style) => style === stored) ?? DEFAULT_STYLE;
  } catch {
    return DEFAULT_STYLE;
  }
}

/** The chart style and a setter that remembers the choice. */
export function useChartStyle(): [ChartStyle, (style: ChartStyle) => void] {
  const [style, setStyle] = useState<ChartStyle>(readChartStyle);
  const choose = useCallback((next: ChartStyle) => {
    setStyle(next);
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Private mode without storage: the choice lasts until the page is left.
    }
  }, []);
  return [style, choose];
}
