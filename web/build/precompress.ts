import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text the browser downloads; source maps only reach developer tools and stay as they are. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than its own headers. */
export const PRECOMPRESS_MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

async function compressedCopies(file: string): Promise<string[]> {
  const bytes = await fs.readFile(file);
  if (bytes.length < PRECOMPRESS_MIN_BYTES) return [];
  const copies: Array<[string, Buffer]> = [
    [
      `${file}.br`,
      await brotli(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    ],
    [`${file}.gz`, await gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION })],
  ];
  const written: string[] = [];
  for (const [target, compressed] of copies) {
    if (compressed.length >= bytes.length) continue;
    await fs.writeFile(target, compressed);
    written.push(target);
  }
  return written;
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (zlib, level 9) beside every
 * compressible file of at least PRECOMPRESS_MIN_BYTES, and only where the copy is smaller.
 * The server hands them out with @fastify/static's `preCompressed` (server/http/spa.ts), so
 * the best compression runs once per build instead of once per request. Brotli's best level
 * costs about 2 s of CPU for the whole app; gzip is made by zlib, not Zopfli: Zopfli's gzip
 * was 3% smaller but took 10 s of CPU (40 s of a loaded machine's start), for the few
 * browsers that do not take brotli. The files compress in parallel on libuv's thread pool.
 */
export async function precompressDirectory(dir: string): Promise<string[]> {
  const files: string[] = [];
  for await (const file of filesUnder(dir)) if (COMPRESSIBLE.test(file)) files.push(file);
  return (await Promise.all(files.map(compressedCopies))).flat();
}

/** Vite plugin: precompresses the finished build (assets and the copied public files). */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'aura-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDirectory(outDir);
    },
  };
}
