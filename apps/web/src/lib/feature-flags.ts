/** Build-time feature switches (Vite env). The astrology assistant is off unless enabled. */
export const featureFlags = {
  astroAi: import.meta.env.VITE_FEATURE_ASTRO_AI === 'true',
} as const;
