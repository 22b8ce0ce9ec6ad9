import { NEWS_GUJARATI } from './news-gujarati';
import { NEWS_HINDI } from './news-hindi';
import type { DemoTranslation } from './news-types';

/** The Hindi and Gujarati versions of each demo article, by its image number. */
export const NEWS_TRANSLATIONS: Record<number, { hi: DemoTranslation; gu: DemoTranslation }> = Object.fromEntries(
  Object.keys(NEWS_HINDI).map((key) => {
    const image = Number(key);
    const hi = NEWS_HINDI[image];
    const gu = NEWS_GUJARATI[image];
    if (!hi || !gu) throw new Error(`demo article ${image} lacks a Hindi or Gujarati version`);
    return [image, { hi, gu }];
  }),
);
