import { defineConfig } from 'vite';
import prefresh from '@prefresh/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './compress-plugin';
import { inlineEntryCss } from './inline-css-plugin';
import { preloadOnlyWhatIsMissing } from './preload-plugin';
import { JSX, reactOnPreact } from './react-on-preact';
import { earlySosPlugin } from './src/early-sos/vite-plugin';
import { NAVIGATE_FALLBACK_DENYLIST } from './src/pwa/navigation-fallback';

const preload = preloadOnlyWhatIsMissing();

/** The API server the dev server forwards to (the built app is served by that server itself). */
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  resolve: { alias: reactOnPreact },
  oxc: { jsx: JSX },
  plugins: [
    // Edits show at once in the dev server, keeping the screen's state (Preact's fast refresh).
    await prefresh(),
    preload.plugin,
    // The SOS screen inlined into index.html, working before any bundle loads (src/early-sos/).
    earlySosPlugin(),
    // The entry's stylesheets inside index.html: nothing to wait for before the first paint.
    inlineEntryCss(),
    VitePWA({
      // 'prompt': the new service worker waits until the user taps Refresh on the update toast.
      registerType: 'prompt',
      injectRegister: false,
      filename: 'sw.js',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'Saathi',
        short_name: 'Saathi',
        description: 'Personal safety and community: SOS alerts, volunteers nearby, news.',
        lang: 'en-US',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#D81B60',
        background_color: '#FFFFFF',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The offline shell: every built asset is precached and navigations fall back to index.html.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        navigateFallback: '/index.html',
        // What the server answers itself (the API, media, the RSS feed and other files) is never
        // answered by the shell or the cache: safety data must be live (src/pwa/navigation-fallback.ts).
        navigateFallbackDenylist: NAVIGATE_FALLBACK_DENYLIST,
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        // Web Push and notification clicks ('Go to SOS'): public/push-sw.js.
        importScripts: ['push-sw.js'],
      },
      devOptions: { enabled: false },
    }),
    // Brotli and gzip copies of the built assets, for the server to send as they are.
    precompress(),
  ],
  build: {
    // bench/ reads .vite/manifest.json to measure the JS the dashboard needs.
    manifest: true,
    modulePreload: { resolveDependencies: preload.resolveDependencies },
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What index.html needs at start comes as one chunk beside the entry, not as twenty
          // small ones, each a request and a modulepreload tag on every page.
          groups: [{ name: 'app', tags: ['$initial'], test: (id) => !id.endsWith('/src/main.tsx') && !id.includes('index.html') }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/media': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/media': { target: apiTarget, changeOrigin: true },
    },
  },
});
