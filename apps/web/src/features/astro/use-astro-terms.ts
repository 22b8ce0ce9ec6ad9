import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AstroTermsCatalog } from '@saathi/shared/astro-terms';

/**
 * The names of signs, bodies, nakshatras, tithis… in the reader's language, from the shared
 * `astro-terms` catalog (the server's answers quote the same names).
 */
export type AstroTerms = Pick<
  AstroTermsCatalog,
  'sign' | 'rashi' | 'body' | 'graha' | 'bodyShort' | 'nakshatra' | 'tithi' | 'paksha' | 'vara' | 'yoga' | 'karana' | 'ayanamsa' | 'houseNumber' | 'element'
>;

export function useAstroTerms(): AstroTerms {
  const { t, i18n } = useTranslation('astro-terms');
  return useMemo(() => {
    const part = <K extends keyof AstroTermsCatalog>(key: K) => t(key, { returnObjects: true }) as AstroTermsCatalog[K];
    return {
      sign: part('sign'),
      rashi: part('rashi'),
      body: part('body'),
      graha: part('graha'),
      bodyShort: part('bodyShort'),
      nakshatra: part('nakshatra'),
      tithi: part('tithi'),
      paksha: part('paksha'),
      vara: part('vara'),
      yoga: part('yoga'),
      karana: part('karana'),
      ayanamsa: part('ayanamsa'),
      houseNumber: t('houseNumber'),
      element: part('element'),
    };
    // The texts change with the language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, i18n.resolvedLanguage]);
}
