import type { Alias } from 'vite';

/**
 * The app is written against React's API and rendered by Preact (ADR 0015): every import of
 * `react` or `react-dom`, ours and our libraries' (MUI, TanStack Query, React Router,
 * react-i18next), resolves to `preact/compat`. The SOS dashboard's JavaScript stays within its
 * 100 KB budget this way (React's renderer alone is about 60 KB gzipped).
 *
 * Types still come from `@types/react`, so the code reads and type-checks as React code.
 * Used by the build and by the unit tests alike, so the tests run on the renderer users get.
 */
export const reactOnPreact: Alias[] = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
  // react-i18next's shim for React 17 is CommonJS that requires React itself; Preact has the hook.
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
  // MUI imports this one CommonJS file by path; its ES module twin lets Vite resolve its `react`.
  {
    find: /^react-transition-group\/cjs\/TransitionGroupContext\.js$/,
    replacement: 'react-transition-group/esm/TransitionGroupContext.js',
  },
];

/** JSX compiles to Preact's runtime (what `react/jsx-runtime` would resolve to anyway). */
export const JSX = { runtime: 'automatic', importSource: 'preact' } as const;
