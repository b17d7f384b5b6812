import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);

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

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip made by Zopfli, about 4%
 * smaller than zlib's level 9 and readable by every gzip decoder) beside every
 * compressible file of at least PRECOMPRESS_MIN_BYTES, and only where the copy is smaller.
 * The server hands them out with @fastify/static's `preCompressed` (server/http/spa.ts), so
 * the slow, best compression runs once per build instead of once per request.
 */
export async function precompressDirectory(dir: string): Promise<string[]> {
  const written: string[] = [];
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const bytes = await fs.readFile(file);
    if (bytes.length < PRECOMPRESS_MIN_BYTES) continue;
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
      // One Zopfli iteration: within 0.2% of fifteen, at a third of the build time.
      [`${file}.gz`, Buffer.from(await gzipAsync(bytes, { numiterations: 1 }))],
    ];
    for (const [target, compressed] of copies) {
      if (compressed.length >= bytes.length) continue;
      await fs.writeFile(target, compressed);
      written.push(target);
    }
  }
  return written;
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
