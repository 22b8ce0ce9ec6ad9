// Bundles the server into dist/server.js. npm packages stay external (installed in
// node_modules); the workspace's own TypeScript package @saathi/shared is bundled in.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sharedEntry = path.resolve(root, '../../packages/shared/src/index.ts');

/** @type {import('esbuild').Plugin} */
const bundleShared = {
  name: 'bundle-saathi-shared',
  setup(b) {
    b.onResolve({ filter: /^@saathi\/shared$/ }, () => ({ path: sharedEntry }));
  },
};

const started = Date.now();
await build({
  entryPoints: [path.join(root, 'src/server.ts')],
  outfile: path.join(root, 'dist/server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  plugins: [bundleShared],
  sourcemap: true,
  logLevel: 'warning',
  tsconfig: path.join(root, 'tsconfig.json'),
});
// The push worker runs as its own thread file, found next to the bundle (core/push/push-transport.ts).
await fs.copyFile(path.join(root, 'src/core/push/push-worker.mjs'), path.join(root, 'dist/push-worker.mjs'));
console.log(`server built: dist/server.js in ${Date.now() - started} ms`);
