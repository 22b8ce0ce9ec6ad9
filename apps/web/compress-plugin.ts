import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text the server sends often enough to be worth it; index.html is compressed by the server itself. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|wasm|txt|xml)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy next to every built
 * text asset, once at build time: the server sends the copy the browser accepts with its
 * `content-encoding` (@fastify/static's `preCompressed`) and does no compression work per
 * request. A copy that is not smaller than the file is not written.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'saathi-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config: ResolvedConfig) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for (const file of await filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const body = await readFile(file);
        if (body.length < MIN_BYTES) continue;
        const [br, gz] = await Promise.all([
          brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
          gzipAsync(body, { level: 9 }),
        ]);
        if (br.length < body.length) await writeFile(`${file}.br`, br);
        if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
      }
    },
  };
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir);
  const files: string[] = [];
  for (const entry of entries) {
    const full = path.join(dir, entry);
    if ((await stat(full)).isDirectory()) files.push(...(await filesUnder(full)));
    else files.push(full);
  }
  return files;
}
