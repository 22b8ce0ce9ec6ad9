// Bundles the server into dist/server.js. npm packages stay external (installed in
// node_modules); the workspace's own TypeScript package @saathi/shared is bundled in.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sharedDir = path.resolve(root, '../../packages/shared');
/** `@saathi/shared` and its subpaths (`/contract`, `/alerts`...), as its package.json exports them. */
const sharedExports = JSON.parse(await fs.readFile(path.join(sharedDir, 'package.json'), 'utf8')).exports;

/** @type {import('esbuild').Plugin} */
const bundleShared = {
  name: 'bundle-saathi-shared',
  setup(b) {
    b.onResolve({ filter: /^@saathi\/shared(\/.*)?$/ }, (args) => {
      const target = sharedExports[`.${args.path.slice('@saathi/shared'.length)}`];
      if (!target) return { errors: [{ text: `${args.path} is not exported by packages/shared/package.json` }] };
      return { path: path.join(sharedDir, target) };
    });
  },
};

const started = Date.now();
await build({
  // The server, and the commands beside it: scores:rebuild, and the bucket copy of deploy/backup.sh.
  entryPoints: {
    server: path.join(root, 'src/server.ts'),
    'rebuild-scores': path.join(root, 'src/cli/rebuild-scores.ts'),
    'bucket-copy': path.join(root, 'src/cli/bucket-copy.ts'),
  },
  outdir: path.join(root, 'dist'),
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
// The push worker runs as its own thread file, found next to the bundle (core/push/push-transport.ts),
// with the encryption and HTTP POST modules it imports.
for (const file of ['push-worker.mjs', 'push-encrypt.mjs', 'http-post.mjs']) {
  await fs.copyFile(path.join(root, 'src/core/push', file), path.join(root, 'dist', file));
}
console.log(`server built: dist/server.js in ${Date.now() - started} ms`);
