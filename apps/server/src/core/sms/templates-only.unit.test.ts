import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../../../../', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (entry === 'node_modules' || entry === 'dist') return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mjs)$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [path] : [];
  });
}

/**
 * Carriers in India deliver only SMS that match a registered template (DLT), so every SMS is
 * made by `fillSmsTemplate` (@saathi/shared/sms): its type cannot be built by hand, and no
 * code reads the catalog's SMS texts around it.
 */
describe('SMS are made from templates only', () => {
  it('no code outside packages/shared/src/sms reads the `sms` texts of the alerts catalog', () => {
    const offenders = ['apps/server/src', 'apps/web/src', 'packages/shared/src']
      .flatMap((dir) => sourceFiles(join(repo, dir)))
      .filter((file) => !relative(repo, file).startsWith('packages/shared/src/sms/'))
      .filter((file) =>
        /\bsms\.(loginCode|deletionCode|sosContact|sosAllClear|timer\w+|contact|allClear)\b|safetyTimer\.sms\b|\.sms\[/.test(readFileSync(file, 'utf8')),
      )
      .map((file) => relative(repo, file));
    expect(offenders).toEqual([]);
  });

  it('no server code sends anything but an SmsMessage through a gateway', () => {
    const sends = sourceFiles(join(repo, 'apps/server/src'))
      .filter((file) => /\.send\(\{\s*to:/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(repo, file));
    expect(sends).toEqual([]);
  });
});
