import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { postgis } from '@electric-sql/pglite-postgis';
import { describe, expect, it } from 'vitest';
import { filterTar, postgisOnly } from './postgis-bundle';

/** The names in a tar archive, read by letting the filter see every entry. */
function namesIn(tar: Buffer): string[] {
  const names: string[] = [];
  filterTar(tar, (name) => {
    names.push(name);
    return true;
  });
  return names;
}

async function bundleNames(extension: { setup: (pg: never, options: object) => Promise<{ bundlePath?: URL }> }): Promise<{ names: string[]; tar: Buffer }> {
  const { bundlePath } = await extension.setup({} as never, { PGLITE_ENV: {} });
  const tar = gunzipSync(await fs.readFile(fileURLToPath(bundlePath!)));
  return { names: namesIn(tar), tar };
}

describe('the PostGIS bundle the embedded database loads', () => {
  // The first run on a machine unpacks and packs 95 MB: seconds on a busy CI runner.
  it('keeps PostGIS, its SQL and the projection data, and leaves out raster, topology and the geocoder', { timeout: 60_000 }, async () => {
    const full = await bundleNames(postgis);
    const trimmed = await bundleNames(postgisOnly);

    expect(trimmed.names.filter((name) => name.endsWith('.so'))).toEqual(['lib/postgresql/postgis-3.so']);
    expect(trimmed.names).toContain('share/postgresql/extension/postgis.control');
    const version = /^share\/postgresql\/extension\/postgis--(\d+\.\d+\.\d+)\.sql$/;
    expect(trimmed.names.filter((name) => version.test(name))).toHaveLength(1);
    expect(trimmed.names.some((name) => name.startsWith('share/proj/'))).toBe(true);
    expect(trimmed.names.filter((name) => /raster|topology|tiger/.test(name))).toEqual([]);
    // Everything else is the original, entry for entry.
    const left = full.names.filter((name) => !/raster|topology|tiger|\/contrib\//.test(name));
    expect(trimmed.names).toEqual(left);
  });

  it('is made once and then reused', async () => {
    const first = await postgisOnly.setup({} as never, { PGLITE_ENV: {} });
    const again = await postgisOnly.setup({} as never, { PGLITE_ENV: {} });
    expect(again.bundlePath?.href).toBe(first.bundlePath?.href);
  });
});

describe('filterTar', () => {
  /** One ustar entry: a header block (with its checksum) and the data padded to a block. */
  function entry(name: string, data: string, type = '0'): Buffer {
    const header = Buffer.alloc(512);
    header.write(name.slice(0, 100), 0);
    header.write('0000644\0', 100);
    header.write(`${Buffer.byteLength(data).toString(8).padStart(11, '0')}\0`, 124);
    header.write(type, 156);
    header.write('ustar\0' + '00', 257);
    header.fill(' ', 148, 156);
    let sum = 0;
    for (const byte of header) sum += byte;
    header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
    const body = Buffer.alloc(Math.ceil(Buffer.byteLength(data) / 512) * 512);
    body.write(data);
    return Buffer.concat([header, body]);
  }

  it('drops the entries refused with their long-name blocks, and ends the archive', () => {
    const longName = `share/${'x'.repeat(120)}/dropped.sql`;
    const tar = Buffer.concat([
      entry('kept/a.txt', 'first'),
      entry('././@LongLink', longName, 'L'),
      entry(longName.slice(0, 100), 'dropped'),
      entry('kept/b.txt', 'b'.repeat(700)),
      Buffer.alloc(1024),
    ]);
    const filtered = filterTar(tar, (name) => !name.endsWith('dropped.sql'));
    expect(namesIn(filtered)).toEqual(['kept/a.txt', 'kept/b.txt']);
    expect(filtered.length).toBe(512 * 2 + 512 * 3 + 1024);
    expect(filtered.subarray(filtered.length - 1024).every((byte) => byte === 0)).toBe(true);
    expect(namesIn(tar)).toEqual(['kept/a.txt', longName, 'kept/b.txt']);
  });
});
