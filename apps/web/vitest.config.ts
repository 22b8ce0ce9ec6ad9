import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { JSX, reactOnPreact } from './react-on-preact';

const TESTS = /\.test\.tsx?$/;

/**
 * Test files that replace a module with `vi.mock`. A replaced module must be imported afresh,
 * so these run isolated (a fresh jsdom and module cache each); all others share one per worker.
 */
const mockingFiles = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((file) => TESTS.test(file))
  .map((file) => path.join('src', file))
  .filter((file) => readFileSync(file, 'utf8').includes('vi.mock('));

export default defineConfig({
  oxc: { jsx: JSX },
  resolve: {
    alias: [
      // Testing Library's ES module build, loaded through Vite rather than Node's `require`, so
      // that its `react-dom` is Preact's too and the tests render as users' browsers do.
      {
        find: /^@testing-library\/react$/,
        replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
      },
      ...reactOnPreact,
    ],
    conditions: ['module', 'browser', 'development'],
  },
  test: {
    // Libraries that import React are loaded through Vite too, for the same reason.
    server: {
      deps: {
        inline: [/@testing-library\/react/, /@tanstack\/react-query/, /react-i18next/, /react-router/, /@mui\//, /@emotion\//, /react-transition-group/],
      },
    },
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    // Both cores (vitest's default keeps one free).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: mockingFiles,
          // One jsdom and one module cache per worker, not per file: the suite runs in a quarter
          // of the time (setting up jsdom and importing MUI again for each file was most of it).
          // src/test/setup.ts puts back what a file changes on the window.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'web-mocking', include: mockingFiles } },
    ],
  },
});
