import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/src/i18n/locales');

type Tree = { [key: string]: string | Tree };

function load(language: string, namespace: string): Tree {
  return JSON.parse(readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8')) as Tree;
}

function findKey(tree: Tree, text: string, prefix: string[] = []): string[] | null {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') {
      if (value === text) return [...prefix, key];
    } else {
      const found = findKey(value, text, [...prefix, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * The app's own translation of an English string, read from its locale files, so the
 * tests check the UI against the resources it ships rather than a copy of them.
 */
export function translationOf(english: string, namespace: string, language: string): string {
  const keyPath = findKey(load('en-US', namespace), english);
  if (!keyPath) throw new Error(`"${english}" is not a string of the en-US "${namespace}" namespace`);
  let node: string | Tree | undefined = load(language, namespace);
  for (const key of keyPath) node = typeof node === 'object' ? node[key] : undefined;
  if (typeof node !== 'string') throw new Error(`${language}/${namespace}.json lacks ${keyPath.join('.')}`);
  return node;
}
