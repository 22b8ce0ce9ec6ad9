// Flat ESLint config for the whole monorepo. TypeScript files are linted with type
// information (typescript-eslint's recommendedTypeChecked): a promise nobody awaits or a
// promise handed to something that expects a plain callback is an error, not a style point.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/coverage/**', '**/playwright-report/**', '**/test-results/**', '**/dev-dist/**', '**/.tmp/**'],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
  // Plain JavaScript (scripts, benchmarks, the push worker) has no type information.
  { files: ['**/*.{js,mjs,cjs}'], extends: [tseslint.configs.disableTypeChecked] },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A leading underscore marks a parameter or binding that is unused on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // `interface Database extends UsersTables {}` is how Kysely schemas are composed.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      'no-console': 'off',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // Fastify plugins and handlers are promise-returning by contract: an async function without await is how they are written.
      '@typescript-eslint/require-await': 'off',
    },
  },
  // Tests read untyped payloads (fastify inject's `res.json()` is `any` by design) and assert on them directly.
  {
    files: ['**/*.test.{ts,tsx}', 'apps/server/test/**/*.ts', 'apps/web/src/test/**/*.{ts,tsx}', 'apps/web/src/**/test-helpers.{ts,tsx}', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  // Node: the server, shared package, tooling, benchmarks and end-to-end tests.
  {
    files: [
      'apps/server/**/*.{ts,mts,js,mjs}',
      'packages/**/*.{ts,mts,js,mjs}',
      'scripts/**/*.{js,mjs,ts}',
      'bench/**/*.{js,mjs,ts}',
      'e2e/**/*.{js,mjs,ts}',
      '*.{js,mjs,cjs,ts}',
      'apps/web/*.{js,mjs,ts}',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  // Playwright fixtures that need no other fixture are declared with an empty pattern.
  {
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  // Browser: the web app, with the rules of hooks.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.flat.recommended.rules },
  },
  // After a write or a live event, queries are refreshed in one way (lib/refetch-after-change.ts):
  // a bare invalidateQueries keeps a first load that left the server before the change.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/refetch-after-change.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='invalidateQueries']",
          message: 'Use refetchAfterChange (lib/refetch-after-change.ts): it cancels a load in flight that may predate the change.',
        },
      ],
    },
  },
  // The service worker runs in a worker scope, not a window.
  {
    files: ['apps/web/src/**/sw.ts', 'apps/web/src/**/service-worker.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  // Which layer may import which (features, core/, lib/, the composition root) is checked by
  // dependency-cruiser (.dependency-cruiser.cjs, ADR 19), not here: one rule, one place.
  // Test files in the web app also run under Node (vitest, jsdom).
  {
    files: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/test/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
);
