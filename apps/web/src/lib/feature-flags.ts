import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * Features an operator turns on or off with a restart: the web app reads them from
 * `GET /config/public` (`features`), not from the build, so one build serves both settings.
 */
export interface FeatureFlags {
  astroAi: boolean;
}

/** The public config's query (the volunteers screen reads the same key for its place search). */
const publicConfigQuery = {
  queryKey: ['config', 'public'] as const,
  queryFn: () => api.call('GET /config/public'),
  // Run-time config changes only with a restart.
  staleTime: 60 * 60_000,
};

/** The whole public config (the place search URL, map tiles…), cached with the flags. */
export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}

/** Until the config has arrived (or when it cannot be read) every feature counts as off. */
const ALL_OFF: FeatureFlags = { astroAi: false };

/** The features, and whether the config has been read yet (a screen may wait for it before sending anyone away). */
export function useFeatureFlags(): FeatureFlags & { known: boolean } {
  const query = usePublicConfig();
  return { ...(query.data?.features ?? ALL_OFF), known: query.isSuccess || query.isError };
}

/** The features, read once (e.g. right after login, to choose where to land). */
export async function fetchFeatureFlags(queryClient: QueryClient): Promise<FeatureFlags> {
  try {
    return (await queryClient.ensureQueryData(publicConfigQuery)).features;
  } catch {
    return ALL_OFF;
  }
}
