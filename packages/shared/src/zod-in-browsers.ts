import { config } from 'zod';

// Zod compiles object parsers with `new Function` unless told not to, and probes for that
// first. The app's Content-Security-Policy forbids eval, so in a browser the probe is refused
// and Chromium reports a CSP violation on every page that parses a form or an answer. The
// server keeps the compiled parsers (faster, and no CSP applies there).
if ('document' in globalThis) config({ jitless: true });
