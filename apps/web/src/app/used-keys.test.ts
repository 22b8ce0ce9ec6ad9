import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  BUSINESS_CATEGORIES,
  FEEDBACK_CATEGORIES,
  FEEDBACK_STATUSES,
  PERMISSION_STATES,
  PROFESSIONS,
  ROLES,
  THREATS,
} from '@saathi/shared';
import { describe, expect, it } from 'vitest';
import { navItems } from './nav-items';
import { DIAGNOSTIC_PERMISSIONS } from '../features/feedback';
import { MANAGE_SCREENS } from '../entities/manage-screens';
import { HELPLINES } from '../features/sos';

/**
 * Every literal translation key the app uses must exist in the locale files (in en-US; the
 * parity test in locales.test.ts makes hi-IN and gu-IN carry the same keys). Missing keys
 * otherwise only show up as raw keys on screen.
 *
 * Scanned: apps/web/src/**\/*.{ts,tsx} except tests, for `t('key')`, `t("key")`, `t(`key`)`
 * without placeholders, both literals of `t(cond ? 'a' : 'b')`, and `i18nKey="key"`. A key is
 * looked up in its `ns:` prefix if it has one, else in the namespaces the file declares
 * (`useTranslation('ns')`, `useTranslation(['a', 'b'])`, `TFunction<'ns'>`; several
 * components in one file count together), else in the default namespace `common` (as
 * i18n/index.ts configures). A plural family (`key_one`, `key_other`) counts as `key`, and an
 * object path as the key of `t(key, { returnObjects: true })`.
 *
 * Dynamic keys (template literals with placeholders, variables) cannot be resolved here. They
 * are counted (see DYNAMIC_KEY_CEILING), and the families built from fixed lists are checked
 * below from those lists: threats, professions, business categories, nav labels, helplines and
 * the login form's error keys. The other dynamic families (e.g. `steps.${id}`,
 * `owner.title.${status}`, `time.${unit}`) follow server or component enums and are exercised
 * by the component tests, which render them in English and would show raw keys.
 */

type Json = Record<string, unknown>;
// __dirname: under jsdom import.meta.url is not a file: URL.
const srcDir = path.resolve(__dirname, '..');
const localeFiles = import.meta.glob<Json>(['../i18n/locales/en-US/*.json', '../../../../packages/shared/src/locales/en-US/*.json'], {
  eager: true,
  import: 'default',
});
const DEFAULT_NAMESPACE = 'common';

const english = new Map<string, Set<string>>();
for (const [file, content] of Object.entries(localeFiles)) {
  const namespace = /\/([^/]+)\.json$/.exec(file)?.[1] ?? '';
  english.set(namespace, new Set(flatKeys(content)));
}

function flatKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => flatKeys(child, prefix ? `${prefix}.${key}` : key));
}

const PLURAL_SUFFIXES = ['zero', 'one', 'two', 'few', 'many', 'other'];

/** Whether `namespace` has `key` as a string, a plural family or an object. */
function has(namespace: string, key: string): boolean {
  const keys = english.get(namespace);
  if (!keys) return false;
  if (keys.has(key) || PLURAL_SUFFIXES.some((suffix) => keys.has(`${key}_${suffix}`))) return true;
  for (const existing of keys) if (existing.startsWith(`${key}.`)) return true;
  return false;
}

/** `ns:key` in a known namespace, else `key` in any of the file's namespaces. */
function resolves(key: string, namespaces: readonly string[]): boolean {
  const colon = key.indexOf(':');
  if (colon > 0 && english.has(key.slice(0, colon))) return has(key.slice(0, colon), key.slice(colon + 1));
  return namespaces.some((namespace) => has(namespace, key));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'locales' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** `cond ? 'a' : 'b'` as t's argument: both keys are literal. */
const ternary = /\?\s*(['"])([^'"]+)\1\s*:\s*(['"])([^'"]+)\3$/;

const literals = (text: string) => [...text.matchAll(/'([^']+)'|"([^"]+)"/g)].map((m) => (m[1] ?? m[2]) as string);

/** The namespaces a file's `t` looks keys up in. */
function namespacesOf(source: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[^']*'|"[^"]*")?/g)) {
    if (m[1]) for (const namespace of literals(m[1])) found.add(namespace);
    else found.add(DEFAULT_NAMESPACE);
  }
  for (const m of source.matchAll(/TFunction<\s*(\[[^\]]*\]|'[^']*'|"[^"]*")/g)) for (const namespace of literals(m[1] as string)) found.add(namespace);
  return found.size > 0 ? [...found] : [DEFAULT_NAMESPACE];
}

interface Use {
  file: string;
  key: string;
  namespaces: string[];
}

function scan(): { uses: Use[]; dynamic: string[] } {
  const uses: Use[] = [];
  const dynamic: string[] = [];
  for (const full of sourceFiles(srcDir)) {
    const file = path.relative(srcDir, full);
    const source = readFileSync(full, 'utf8');
    const namespaces = namespacesOf(source);
    // `t` and any name it was renamed to (`const { t: tCommon } = useTranslation('common')`).
    const names = ['t', ...[...source.matchAll(/\{\s*t:\s*(\w+)/g)].map((m) => m[1] as string)];
    for (const name of names) {
      for (const m of source.matchAll(new RegExp(`(?<![\\w.$])${name}\\(\\s*([^,)]*)`, 'g'))) {
        const argument = (m[1] as string).trim();
        const where = `${file}: ${name}(${argument.slice(0, 60)}`;
        const plain = /^(['"])([^'"]+)\1$/.exec(argument) ?? /^`([^`$]+)`$/.exec(argument);
        if (plain) {
          uses.push({ file, key: (plain[2] ?? plain[1]) as string, namespaces });
        } else if (ternary.test(argument)) {
          const [, , whenTrue, , whenFalse] = ternary.exec(argument) as RegExpExecArray;
          uses.push({ file, key: whenTrue as string, namespaces }, { file, key: whenFalse as string, namespaces });
        } else if (argument !== '') {
          dynamic.push(where);
        }
      }
    }
    for (const m of source.matchAll(/i18nKey=(?:\{\s*)?(['"])([^'"]+)\1/g)) uses.push({ file, key: m[2] as string, namespaces });
  }
  return { uses, dynamic };
}

/**
 * How many dynamic keys the app has today. A new one must either come from a list checked in
 * "covers the dynamic key families built from fixed lists" or be exercised by a component
 * test; then raise this number. Fewer is always fine.
 */
const DYNAMIC_KEY_CEILING = 70;

describe('translation keys used in the code', () => {
  const { uses, dynamic } = scan();

  it('finds the keys (the scanner is not silently matching nothing)', () => {
    expect(uses.length).toBeGreaterThan(500);
    expect(uses.some((u) => u.file.endsWith('language-switcher.tsx') || u.file.endsWith('nav-links.tsx'))).toBe(true);
  });

  it('every literal key exists in the locale files', () => {
    const missing = uses.filter((use) => !resolves(use.key, use.namespaces)).map((use) => `${use.file}: '${use.key}' (looked in ${use.namespaces.join(', ')})`);
    expect([...new Set(missing)]).toEqual([]);
  });

  it(`has at most ${DYNAMIC_KEY_CEILING} dynamic keys, which cannot be checked here`, () => {
    expect(dynamic.length, dynamic.join('\n')).toBeLessThanOrEqual(DYNAMIC_KEY_CEILING);
  });

  it('covers the dynamic key families built from fixed lists', () => {
    const families: [string, readonly string[]][] = [
      ['dashboard:threats', THREATS],
      ['profile:professions', PROFESSIONS],
      ['account:businessCategories', BUSINESS_CATEGORIES],
      ['manage:roles', ROLES],
      ['manage:actions', AUDIT_ACTIONS],
      ['manage:targets', AUDIT_TARGET_TYPES],
      ['feedback:categories', FEEDBACK_CATEGORIES],
      ['feedback:statuses', FEEDBACK_STATUSES],
      ['feedback:diagnostics.permissions', DIAGNOSTIC_PERMISSIONS],
      ['feedback:diagnostics.states', PERMISSION_STATES],
    ];
    const missing: string[] = [];
    for (const [prefix, values] of families) for (const value of values) if (!resolves(`${prefix}.${value}`, [])) missing.push(`${prefix}.${value}`);
    for (const item of navItems) if (!has('nav', item.labelKey)) missing.push(`nav:${item.labelKey}`);
    for (const line of HELPLINES) if (!has('dashboard', line.labelKey)) missing.push(`dashboard:${line.labelKey}`);
    for (const screen of MANAGE_SCREENS) for (const key of [screen.titleKey, screen.descriptionKey]) if (!has('manage', key)) missing.push(`manage:${key}`);
    // login-validation.ts hands `errorKey`s to the auth screens, which show them with the `auth` t.
    const validation = readFileSync(path.join(srcDir, 'features/auth/login-validation.ts'), 'utf8');
    const errorKeys = [...validation.matchAll(/errorKey:\s*'([^']+)'/g)].map((m) => m[1] as string);
    expect(errorKeys.length).toBeGreaterThan(0);
    for (const key of errorKeys) if (!has('auth', key)) missing.push(`auth:${key}`);
    expect(missing).toEqual([]);
  });
});
