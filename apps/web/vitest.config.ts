import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

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
  plugins: [react()],
  test: {
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
