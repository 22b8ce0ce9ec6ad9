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
  return useMemo(
    () => ({
      sign: t('sign', { returnObjects: true }) as AstroTerms['sign'],
      rashi: t('rashi', { returnObjects: true }) as AstroTerms['rashi'],
      body: t('body', { returnObjects: true }) as AstroTerms['body'],
      graha: t('graha', { returnObjects: true }) as AstroTerms['graha'],
      bodyShort: t('bodyShort', { returnObjects: true }) as AstroTerms['bodyShort'],
      nakshatra: t('nakshatra', { returnObjects: true }) as AstroTerms['nakshatra'],
      tithi: t('tithi', { returnObjects: true }) as AstroTerms['tithi'],
      paksha: t('paksha', { returnObjects: true }) as AstroTerms['paksha'],
      vara: t('vara', { returnObjects: true }) as AstroTerms['vara'],
      yoga: t('yoga', { returnObjects: true }) as AstroTerms['yoga'],
      karana: t('karana', { returnObjects: true }) as AstroTerms['karana'],
      ayanamsa: t('ayanamsa', { returnObjects: true }) as AstroTerms['ayanamsa'],
      houseNumber: t('houseNumber'),
      element: t('element', { returnObjects: true }) as AstroTerms['element'],
    }),
    // The texts change with the language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.resolvedLanguage],
  );
}
