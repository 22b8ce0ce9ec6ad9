import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AskBody, AstroChart, CreateChartBody } from '@saathi/shared';
import { api } from '../../lib/api-client';

/** A chart never changes once computed. */
const CHART_STALE_TIME_MS = Infinity;
/** Today's panchang is the same all day; look again after an hour in case the day has turned. */
const PANCHANG_STALE_TIME_MS = 60 * 60_000;

export const astroKeys = {
  all: ['astro'] as const,
  charts: () => [...astroKeys.all, 'charts'] as const,
  chart: (id: number) => [...astroKeys.all, 'chart', id] as const,
  panchang: (date: string, latitude: number, longitude: number, timeZone: string) =>
    [...astroKeys.all, 'panchang', date, latitude, longitude, timeZone] as const,
};

/** The caller's saved charts, newest first. */
export function useChartsQuery() {
  return useQuery({ queryKey: astroKeys.charts(), queryFn: () => api.call('GET /astro/charts'), staleTime: 5 * 60_000 });
}

export function useChartQuery(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: astroKeys.chart(id ?? 0),
    queryFn: () => api.call('GET /astro/charts/:id', { params: { id: id ?? 0 } }),
    enabled: id !== null,
    staleTime: CHART_STALE_TIME_MS,
    // The list already holds the full charts: open one at once.
    initialData: () => queryClient.getQueryData<AstroChart[]>(astroKeys.charts())?.find((chart) => chart.id === id),
    retry: false,
  });
}

export function useCreateChartMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateChartBody) => api.call('POST /astro/charts', { body }),
    onSuccess: (chart) => {
      queryClient.setQueryData(astroKeys.chart(chart.id), chart);
      queryClient.setQueryData<AstroChart[]>(astroKeys.charts(), (charts) => [chart, ...(charts ?? []).filter((other) => other.id !== chart.id)]);
    },
  });
}

export function useDeleteChartMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call('DELETE /astro/charts/:id', { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<AstroChart[]>(astroKeys.charts(), (charts) => charts?.filter((chart) => chart.id !== id));
      queryClient.removeQueries({ queryKey: astroKeys.chart(id) });
    },
  });
}

/** The day's panchang at the chart's place, in the chart's time zone. */
export function usePanchangQuery(date: string, place: { latitude: number; longitude: number }, timeZone: string) {
  return useQuery({
    queryKey: astroKeys.panchang(date, place.latitude, place.longitude, timeZone),
    queryFn: () => api.call('GET /astro/panchang', { query: { date, latitude: place.latitude, longitude: place.longitude, timeZone } }),
    staleTime: PANCHANG_STALE_TIME_MS,
    retry: false,
  });
}

export function useAskMutation(chartId: number) {
  return useMutation({
    mutationFn: (body: AskBody) => api.call('POST /astro/charts/:id/ask', { params: { id: chartId }, body }),
  });
}
