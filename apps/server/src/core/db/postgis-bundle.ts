import fs from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { Extension } from '@electric-sql/pglite';
import { postgis } from '@electric-sql/pglite-postgis';

/**
 * PGlite's PostGIS bundle holds three WebAssembly libraries (PostGIS, raster, topology, about
 * 16 MB each) and the SQL of four extensions. PGlite unpacks the bundle and compiles every
 * library in it each time a database opens, though Saathi creates only `postgis`: compiling
 * the two it never loads was about 40 % of the CPU time of opening a database (each test file
 * opens one). This extension is PostGIS with a bundle that holds only what `postgis` needs,
 * made once from the installed package and kept in the system's temporary directory.
 */
export const postgisOnly: Extension = {
  name: 'postgis',
  setup: async (pg, emscriptenOpts) => {
    const setup = await postgis.setup(pg, emscriptenOpts);
    if (!setup.bundlePath) return setup;
    return { ...setup, bundlePath: pathToFileURL(await trimmedBundle(fileURLToPath(setup.bundlePath))) };
  },
};

/** Entries of the bundle that `CREATE EXTENSION postgis` never reads. */
const UNUSED = [
  /^lib\/postgresql\/postgis_(raster|topology)-\d+\.so$/,
  /^share\/postgresql\/extension\/postgis_(raster|topology|tiger_geocoder)[-.]/,
  /^share\/postgresql\/contrib\//,
];

export function isUsedByPostgis(entryName: string): boolean {
  return !UNUSED.some((pattern) => pattern.test(entryName));
}

const trimming = new Map<string, Promise<string>>();

/** The trimmed copy of `original` (a .tar.gz), made on first use; the same file afterwards. */
function trimmedBundle(original: string): Promise<string> {
  let made = trimming.get(original);
  if (!made) {
    made = makeTrimmedBundle(original);
    trimming.set(original, made);
  }
  return made;
}

async function makeTrimmedBundle(original: string): Promise<string> {
  const { size, mtimeMs } = await fs.stat(original);
  // Named after the original's size and time, so a new PGlite version gets a new copy.
  const target = path.join(os.tmpdir(), `saathi-postgis-${size}-${Math.trunc(mtimeMs)}.tar.gz`);
  if (existsSync(target)) return target;
  const tar = await promisify(gunzip)(await fs.readFile(original));
  const trimmed = await promisify(gzip)(filterTar(tar, isUsedByPostgis), { level: 1 });
  // Written aside and renamed: another process opening a database at the same time reads
  // either no file or a whole one.
  const partial = `${target}.${process.pid}.partial`;
  await fs.writeFile(partial, trimmed);
  await fs.rename(partial, target);
  return target;
}

const BLOCK = 512;

/**
 * A tar archive (ustar or GNU) with only the entries whose name `keep` accepts, copied block for
 * block. A long-name or pax header block goes with the entry it describes.
 */
export function filterTar(tar: Buffer, keep: (name: string) => boolean): Buffer {
  const kept: Buffer[] = [];
  let pending: Buffer[] = [];
  let longName: string | null = null;
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const size = parseInt(field(header, 124, 12) || '0', 8);
    const entry = tar.subarray(offset, offset + BLOCK + Math.ceil(size / BLOCK) * BLOCK);
    offset += entry.length;
    const type = String.fromCharCode(header[156] ?? 0);
    if (type === 'L' || type === 'x') {
      if (type === 'L') longName = field(entry, BLOCK, size);
      pending.push(entry);
      continue;
    }
    const prefix = field(header, 345, 155);
    const name = longName ?? (prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100));
    if (keep(name)) kept.push(...pending, entry);
    pending = [];
    longName = null;
  }
  return Buffer.concat([...kept, Buffer.alloc(2 * BLOCK)]);
}

/** A NUL-terminated text field of a header. */
function field(block: Buffer, start: number, length: number): string {
  const bytes = block.subarray(start, start + length);
  const end = bytes.indexOf(0);
  return bytes
    .subarray(0, end === -1 ? bytes.length : end)
    .toString('utf8')
    .trim();
}
