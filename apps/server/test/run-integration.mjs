#!/usr/bin/env node
// `npm run test:integration`: every integration project vitest.config.ts defines, after the
// same check as `npm test` (test-databases.mjs): without TEST_DATABASE_URL the run is refused,
// unless SAATHI_TEST_PGLITE_ONLY=1 asks for PGlite alone, which is said before and after.
// Arguments go on to vitest (`npm run test:integration -- src/features/sos`).
import { spawn } from 'node:child_process';
import { pgliteOnlyNotice, refusal, testDatabasePlan } from './test-databases.mjs';

const plan = testDatabasePlan(process.env);
const refused = refusal(plan);
if (refused) {
  console.error(refused);
  process.exit(1);
}
const notice = pgliteOnlyNotice(plan);
if (notice) console.log(`${notice}\n`);

// npm puts the workspace's and the root's node_modules/.bin on PATH.
const child = spawn('vitest', ['run', '--project', 'integration*', ...process.argv.slice(2)], {
  stdio: 'inherit',
  shell: process.platform === 'win32',
});
child.on('error', (error) => {
  console.error(`could not start vitest: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  if (notice) console.log(`\n${notice}`);
  process.exit(code ?? (signal ? 1 : 0));
});
