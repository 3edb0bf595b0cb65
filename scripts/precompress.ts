/**
 * Runs after `astro build`: writes `file.br` and `file.gz` next to every compressible file in dist/, at maximum
 * quality, so the production web server answers compressed without spending CPU per request.
 * Usage: npx tsx scripts/precompress.ts [distDir]
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { compress, type Encoding, isCompressible, SIBLING_SUFFIX } from '../src/server/web/compression';

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

const distDir = resolve(process.argv[2] ?? 'dist');
let files = 0;
let before = 0;
let after = 0;
for await (const path of walk(distDir)) {
  const { size } = await stat(path);
  if (!isCompressible(path, size)) continue;
  const data = await readFile(path);
  for (const encoding of Object.keys(SIBLING_SUFFIX) as Encoding[]) {
    const body = compress(data, encoding);
    await writeFile(path + SIBLING_SUFFIX[encoding], body);
    if (encoding === 'br') after += body.length;
  }
  files += 1;
  before += size;
}
console.log(`precompressed ${files} files in ${distDir}: ${before} bytes -> ${after} bytes brotli`);
