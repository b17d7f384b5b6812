import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses dynamic answers (JSON, the API docs) with brotli or gzip, whichever the client
 * prefers. Registered before every route and before the static files: the built web app is
 * compressed once at build time (web/vite-precompress.ts) and served as such, so its answers
 * already carry a content-encoding and are passed through. Brotli runs at quality 4 here, not
 * Node's default 11, which costs tens of milliseconds per answer. Request bodies are never
 * decompressed: a small gzip body could otherwise unpack past BODY_LIMIT_BYTES.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
