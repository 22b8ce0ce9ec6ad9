import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { classesIn, scopeSelector, scopeStylesheet } from './scope-css';

const here = path.dirname(fileURLToPath(import.meta.url));
const drawn = new Set(['dash', 'sos-button', 'sos-panel', 'sos-button-wrap']);

describe('the shared stylesheets scoped to the early SOS', () => {
  it('reads the classes a script writes into its markup', () => {
    expect([...classesIn(`el.className = 'shell'; html = '<div class="dash x-y">' + \`<b class="sos-button">\${a}</b>\`;`)]).toEqual([
      'shell',
      'dash',
      'x-y',
      'sos-button',
    ]);
  });

  it('keeps a selector only for what the early screen draws, under #early-sos', () => {
    expect(scopeSelector('.dash h1', drawn)).toBe('#early-sos .dash h1');
    expect(scopeSelector('.sos-panel > .sos-button-wrap', drawn)).toBe('#early-sos .sos-panel > .sos-button-wrap');
    expect(scopeSelector('.sos-button:focus-visible', drawn)).toBe('#early-sos .sos-button:focus-visible');
    expect(scopeSelector('.nav--side .nav__link', drawn)).toBeNull();
    expect(scopeSelector('.dash .dash-card', drawn)).toBeNull();
    // The page's baseline applies to the early screen's own element and inside it.
    expect(scopeSelector('body', drawn)).toBe('#early-sos');
    expect(scopeSelector('*::before', drawn)).toBe('#early-sos *::before');
    expect(scopeSelector(':focus-visible', drawn)).toBe('#early-sos :focus-visible');
    expect(scopeSelector('a', drawn)).toBeNull();
    // `.shell` is the early screen's element itself; `.shell__main` is inside it.
    expect(scopeSelector('.shell', drawn)).toBe('#early-sos.shell');
    expect(scopeSelector('.shell__main', new Set(['shell__main']))).toBe('#early-sos .shell__main');
  });

  it('drops rules, media queries and keyframes left with nothing to style', () => {
    const css = `
      /* a comment */
      .dash, .dash-card { gap: 16px; }
      .dash-card { padding: 16px; }
      @media (min-width: 1024px) { .nav--side { display: block; } }
      @media (prefers-reduced-motion: no-preference) { .sos-button { animation: sos-pulse 2s infinite; } }
      @keyframes sos-pulse { 50% { opacity: 0.5; } }
      @keyframes sos-blink { to { visibility: hidden; } }
    `;
    const scoped = scopeStylesheet(css, drawn).replace(/\s+/g, ' ');
    expect(scoped).toContain('#early-sos .dash { gap: 16px; }');
    expect(scoped).not.toMatch(/dash-card|nav--side|sos-blink|comment|min-width/);
    expect(scoped).toContain('@media (prefers-reduced-motion: no-preference) { #early-sos .sos-button { animation: sos-pulse 2s infinite; } }');
    expect(scoped).toContain('@keyframes sos-pulse { 50% { opacity: 0.5; } }');
  });

  it('leaves every class the early screen draws styled by the dashboard’s own sheets', () => {
    const classes = classesIn(readFileSync(path.join(here, 'early-sos.ts'), 'utf8'));
    const sheets = ['../app/global.css', '../app/layout/layout.css', '../features/sos/dashboard.css'].map((sheet) =>
      scopeStylesheet(readFileSync(path.join(here, sheet), 'utf8'), classes),
    );
    // Wrappers with no look of their own are the only classes without a rule.
    const unstyled = [...classes].filter((name) => !sheets.some((css) => css.includes(`.${name}`)));
    expect(unstyled).toEqual([]);
  });
});
