import { brand } from '../theme/tokens';

/** The Saathi mark: a shield holding a heart (same drawing as favicon.svg and the app icons). */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#FFFFFF" />
      <path d="M32 9 L51 16.5 V31 C51 43.5 43 51.5 32 56 C21 51.5 13 43.5 13 31 V16.5 Z" fill={brand.pink} />
      <path
        d="M32 43 C25.5 38 22.5 34.6 22.5 30.8 C22.5 28 24.7 25.8 27.4 25.8 C29.4 25.8 31 27 32 28.7 C33 27 34.6 25.8 36.6 25.8 C39.3 25.8 41.5 28 41.5 30.8 C41.5 34.6 38.5 38 32 43 Z"
        fill="#FFFFFF"
      />
    </svg>
  );
}
