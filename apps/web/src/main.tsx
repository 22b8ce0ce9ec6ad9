import './theme/fonts';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './i18n';
import { App } from './app/app';
import { applyCssTokens } from './theme/tokens';

// In the dev server, Preact's checks (hooks outside components, missing keys, bad props) in the console.
if (import.meta.env.DEV) await import('preact/debug');

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

applyCssTokens();

// The saved language is loaded before the first paint so the UI never flashes in English.
await initI18n();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
