import { afterEach, describe, expect, it } from 'vitest';
import { earlyCatalog, earlySosPlugin, earlySosScript, earlySosStyle } from './vite-plugin';
import { EARLY_LANGUAGES, EARLY_TEXT_KEYS } from './texts';

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.classList.remove('early-sos');
  delete (window as { saathiEarlySos?: unknown }).saathiEarlySos;
});

describe('the early SOS inlined into index.html', () => {
  it('carries every text in every app language', () => {
    const catalog = earlyCatalog();
    expect(Object.keys(catalog)).toEqual([...EARLY_LANGUAGES]);
    for (const language of EARLY_LANGUAGES) expect(Object.keys(catalog[language])).toEqual([...EARLY_TEXT_KEYS]);
    expect(catalog['gu-IN']['common:call112']).not.toBe(catalog['en-US']['common:call112']);
  });

  it('is a script that runs as it is, starts the screen, and cannot close its element early', async () => {
    const script = await earlySosScript();
    expect(script).not.toMatch(/<\/script/i);
    expect(script).not.toMatch(/^\s*(import|export)\b/m);
    localStorage.setItem('saathi.session', JSON.stringify({ user: { id: 3, name: 'Asha', emergencyContacts: [] } }));
    window.history.replaceState(null, '', '/');
    document.body.innerHTML = '<div id="root"></div>';
    // As the browser runs the inline script: plain code in the page's global scope.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    new Function(script)();
    expect(document.querySelector('#early-sos h1')).toHaveTextContent('Namaste, Asha');
    expect(document.querySelector('#early-sos a[href="tel:112"]')).toHaveTextContent('Call 112');
  });

  it('goes into the page right after #root, with its style in the head', async () => {
    const plugin = earlySosPlugin();
    const transform = plugin.transformIndexHtml as { handler: (html: string) => Promise<string> };
    const html = await transform.handler(
      '<html><head><title>Saathi</title></head><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>',
    );
    expect(html).toMatch(/<style>#early-sos\{--saathi-pink:#D81B60;.*html\.early-sos #root\{display:none\}.*<\/style>\s*<\/head>/s);
    expect(html).toMatch(/<div id="root"><\/div>\s*<script>\(function\(\)\{.*<\/script><script type="module"/s);
    expect(earlySosStyle()).not.toContain('/*');
  });
});
