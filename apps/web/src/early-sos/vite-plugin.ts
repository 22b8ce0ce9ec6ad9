/// <reference types="node" />
/**
 * Inlines the early SOS (early-sos.ts, early-sos.css, and its texts in every language from
 * the app's locale files) into index.html: a <style> in the head, and a <script> right after
 * `<div id="root">`, which runs before the browser has fetched any bundle. The server allows
 * that one script by its hash (apps/server security-headers.ts reads it from the built page),
 * and the service worker precaches this same index.html.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';
import type { Plugin } from 'vite';
import { cssTokens } from '../theme/tokens';
import { classesIn, scopeStylesheet } from './scope-css';
import { EARLY_LANGUAGES, pickEarlyTexts, type EarlyCatalog } from './texts';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT_DIV = '<div id="root"></div>';

function readJson(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/** The early texts of every app language, from src/i18n/locales/<language>/{common,dashboard,errors}.json. */
export function earlyCatalog(): EarlyCatalog {
  const locales = path.join(here, '../i18n/locales');
  const catalog = {} as EarlyCatalog;
  for (const language of EARLY_LANGUAGES) {
    catalog[language] = pickEarlyTexts(language, {
      common: readJson(path.join(locales, language, 'common.json')),
      dashboard: readJson(path.join(locales, language, 'dashboard.json')),
      errors: readJson(path.join(locales, language, 'errors.json')),
    });
  }
  return catalog;
}

/** The entry of the inline script: the early SOS, started with the texts. */
const ENTRY = '\0early-sos-entry';

/**
 * The script as it is inlined: early-sos.ts with the helpers it imports, bundled by rolldown
 * into one self-contained, minified script (no import or export), started with the texts.
 */
export async function earlySosScript(): Promise<string> {
  // `<` escaped: the texts can never close the <script> element.
  const texts = JSON.stringify(earlyCatalog()).replace(/</g, '\\u003c');
  const bundle = await rolldown({
    input: ENTRY,
    platform: 'browser',
    transform: { target: 'es2022' },
    plugins: [
      {
        name: 'early-sos-entry',
        resolveId: (id) => (id === ENTRY ? id : null),
        load: (id) =>
          id === ENTRY ? `import { startEarlySos } from ${JSON.stringify(path.join(here, 'early-sos.ts'))};\nstartEarlySos(window, ${texts});\n` : null,
      },
    ],
  });
  try {
    const { output } = await bundle.generate({ format: 'iife', minify: true });
    // A minifier may write `\u003c` back as `<`: no `</script` may stand in the page.
    return output[0].code.trim().replace(/<\/(script)/gi, '<\\/$1');
  } finally {
    await bundle.close();
  }
}

/** The React shell's and dashboard's stylesheets, in the order the app loads them. */
const SHARED_SHEETS = ['../app/global.css', '../app/layout/layout.css', '../features/sos/dashboard.css'];

/** theme/tokens.ts as the custom properties applyCssTokens publishes (`--saathi-pink`, …). */
function tokenRule(): string {
  return `#early-sos{${cssTokens()
    .map(([name, value]) => `${name}:${value}`)
    .join(';')}}`;
}

/**
 * The early screen's style: the brand tokens, the shared stylesheets' rules for what it draws
 * (scope-css.ts), then early-sos.css; without comments and spare whitespace (no `:` is
 * followed by a space in a selector).
 */
export function earlySosStyle(): string {
  const drawn = classesIn(readFileSync(path.join(here, 'early-sos.ts'), 'utf8'));
  const shared = SHARED_SHEETS.map((sheet) => scopeStylesheet(readFileSync(path.join(here, sheet), 'utf8'), drawn));
  return [tokenRule(), ...shared, readFileSync(path.join(here, 'early-sos.css'), 'utf8')]
    .join('\n')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/:\s+/g, ':')
    .replace(/;}/g, '}')
    .trim();
}

export function earlySosPlugin(): Plugin {
  return {
    name: 'saathi-early-sos',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!html.includes(ROOT_DIV)) throw new Error(`early SOS: index.html has no ${ROOT_DIV}`);
        const script = await earlySosScript();
        return html.replace('</head>', `  <style>${earlySosStyle()}</style>\n  </head>`).replace(ROOT_DIV, () => `${ROOT_DIV}\n    <script>${script}</script>`);
      },
    },
  };
}
