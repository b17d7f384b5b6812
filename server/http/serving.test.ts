/**
 * How the one server serves the built SPA beside the API, and the request body limit: buildApp
 * with a temporary fake build folder, so nothing depends on `npm run build` having run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { renderPageHtml } from './page-html';

// Longer than the compression threshold, so the filled-in page is compressed like the build's files.
const INDEX_HTML = `<!doctype html><html><head><title>Aura</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;
/** The page as served: index.html with the settings of a test server (no SMTP, not production). */
const PAGE_HTML = renderPageHtml(INDEX_HTML, { testModeDefault: true, mailDelivers: false }, null);
const ASSET_JS = 'console.log("aura");';

const routeNotFound = (method: string, url: string) => ({
  error: `Not found: ${method} ${url}`,
  code: 'route_not_found',
  params: { method, path: url },
});

interface Served {
  app: FastifyInstance;
  close(): Promise<void>;
}

/** buildApp on a fresh database (PGlite, or TEST_DATABASE_URL's server) with the given webRoot. */
async function serve(
  webRoot: string | null,
  env: Record<string, string> = {},
  addRoutes?: (app: FastifyInstance) => void,
): Promise<Served> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'serving-test-secret-serving-test-secret',
    DATA_DIR: path.join(os.tmpdir(), 'aura-serving-unused'),
    ...env,
  });
  const url = process.env.TEST_DATABASE_URL;
  const handle: DatabaseHandle = url
    ? await openDatabase({ kind: 'postgres', url, poolSize: 2 })
    : await openDatabase({ kind: 'pglite', dataDir: null });
  const app = await buildApp({
    config,
    db: handle,
    webRoot,
    logger: false,
  });
  addRoutes?.(app);
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await handle.close();
    },
  };
}

/**
 * A fake build: index.html, a hashed asset and a plain public file. Placed under a folder named
 * `assets` on purpose: only assets/ inside the build may be treated as hashed.
 */
function fakeBuild(): string {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'aura-spa-'));
  const root = path.join(parent, 'assets', 'web');
  fs.mkdirSync(path.join(root, 'assets'), { recursive: true });
  fs.mkdirSync(path.join(root, 'locales', 'en'), { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(root, 'assets', 'x-abc123.js'), ASSET_JS);
  fs.writeFileSync(path.join(root, 'locales', 'en', 'translation.json'), '{"hello":"Hello"}');
  // What web/build/precompress.ts writes beside each text file of a real build.
  for (const file of [path.join(root, 'index.html'), path.join(root, 'assets', 'x-abc123.js')]) {
    const bytes = fs.readFileSync(file);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(bytes));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes));
  }
  return parent;
}

describe('serving the built SPA', () => {
  let buildParent: string;
  let s: Served;
  beforeAll(async () => {
    buildParent = fakeBuild();
    s = await serve(path.join(buildParent, 'assets', 'web'));
  });
  afterAll(async () => {
    await s.close();
    fs.rmSync(buildParent, { recursive: true, force: true });
  });

  it('serves hashed assets as immutable for a year', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/assets/x-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(ASSET_JS);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates index.html and other unhashed files', async () => {
    for (const url of ['/', '/index.html', '/locales/en/translation.json']) {
      const res = await s.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const home = await s.app.inject({ method: 'GET', url: '/' });
    expect(home.body).toBe(PAGE_HTML);
    expect(home.headers['content-type']).toMatch(/^text\/html/);
  });

  it("answers the web app's pages with the SPA and its settings", async () => {
    for (const url of ['/help', '/help?x=1', '/admin/users', '/messages', '/creator/nobody']) {
      const res = await s.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(PAGE_HTML);
    }
    expect(PAGE_HTML).toContain('<meta name="aura:test-mode-default" content="on" />');
    expect(PAGE_HTML).toContain('<meta name="aura:mail-delivers" content="off" />');
  });

  it('answers paths that are no page with 404, never with the page as 200', async () => {
    for (const url of [
      '/healthz',
      '/metrics',
      '/no/such/page',
      '/apix',
      '/v1x/y',
      '/wp-login.php',
      '/.env',
    ]) {
      const res = await s.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual(routeNotFound('GET', url));
    }
    // A browser that mistyped a link gets the app, which shows its "not found" page, still with 404.
    const html = { accept: 'text/html,application/xhtml+xml' };
    const typo = await s.app.inject({ method: 'GET', url: '/no/such/page', headers: html });
    expect(typo.statusCode).toBe(404);
    expect(typo.body).toBe(PAGE_HTML);
    const file = await s.app.inject({ method: 'GET', url: '/wp-login.php', headers: html });
    expect(file.statusCode).toBe(404);
    expect(file.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers a missing hashed asset with 404, not with the page', async () => {
    // An old page asking for an asset of a previous release must not get HTML as JavaScript.
    const res = await s.app.inject({ method: 'GET', url: '/assets/x-old999.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(routeNotFound('GET', '/assets/x-old999.js'));
  });

  it('answers unknown /api/* and /v1/* paths with 404 JSON, never the page', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api'],
      ['GET', '/api/v1/nope?x=1'],
      ['GET', '/v1/nope'],
      ['POST', '/v1/auth/nope'],
      ['DELETE', '/api/v1/health'],
    ] as const) {
      const res = await s.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toEqual(routeNotFound(method, url));
    }
  });

  it('answers other methods on page paths with 404 JSON', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/help' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(routeNotFound('POST', '/help'));
  });

  it('serves the build compressed as the client accepts: brotli first, then gzip', async () => {
    for (const url of ['/assets/x-abc123.js', '/', '/dashboard']) {
      const expected = url.startsWith('/assets/') ? ASSET_JS : PAGE_HTML;
      const br = await s.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(br.statusCode, url).toBe(200);
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers.vary, url).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(br.rawPayload).toString(), url).toBe(expected);

      const gz = await s.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).toString(), url).toBe(expected);
      // Still the type of the file, not of its compressed copy.
      expect(gz.headers['content-type'], url).toBe(br.headers['content-type']);
      expect(gz.headers['cache-control'], url).toBe(br.headers['cache-control']);

      const plain = await s.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'identity' },
      });
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.body, url).toBe(expected);
    }
  });

  it('answers HEAD like GET without a body', async () => {
    for (const url of ['/assets/x-abc123.js', '/', '/dashboard']) {
      const get = await s.app.inject({ method: 'GET', url });
      const head = await s.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.body, url).toBe('');
      expect(head.headers['content-type'], url).toBe(get.headers['content-type']);
      expect(head.headers['cache-control'], url).toBe(get.headers['cache-control']);
    }
  });

  it('keeps the API and its security headers in front of the SPA', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ok');
    const page = await s.app.inject({ method: 'GET', url: '/features' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });
});

describe('without a build', () => {
  it('serves the API only and answers every unknown path with 404 JSON', async () => {
    const s = await serve(path.join(os.tmpdir(), 'aura-no-build-here'));
    try {
      const res = await s.app.inject({ method: 'GET', url: '/help' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(routeNotFound('GET', '/help'));
    } finally {
      await s.close();
    }
  });
});

describe('compression of dynamic answers', () => {
  const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Item ${i}` })) };
  let s: Served;
  let handled = 0;
  beforeAll(async () => {
    s = await serve(null, {}, (app) => {
      app.get('/api/v1/test-big', async () => big);
      app.get('/api/v1/test-small', async () => ({ ok: true }));
      app.post(
        '/api/v1/test-echo',
        { schema: { body: z.object({ text: z.string() }) } },
        async (request) => {
          handled += 1;
          return { length: (request.body as { text: string }).text.length };
        },
      );
    });
  });
  afterAll(() => s.close());

  it('compresses JSON above the threshold with brotli or gzip', async () => {
    const br = await s.app.inject({
      url: '/api/v1/test-big',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(big).length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(big);

    const gz = await s.app.inject({
      url: '/api/v1/test-big',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(big);

    const plain = await s.app.inject({ url: '/api/v1/test-big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(big);
  });

  it('sends small answers and errors under the threshold as they are', async () => {
    const small = await s.app.inject({
      url: '/api/v1/test-small',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
    const missing = await s.app.inject({ url: '/api/nope', headers: { 'accept-encoding': 'br' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
  });

  it('never unpacks a compressed request body', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/v1/test-echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(JSON.stringify({ text: 'hello' })),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toHaveProperty('error');
    expect(handled).toBe(0);
  });
});

describe('request body limit', () => {
  const LIMIT = 2048;
  let s: Served;
  let handled = 0;
  beforeAll(async () => {
    s = await serve(null, { BODY_LIMIT_BYTES: String(LIMIT) }, (app) => {
      // A JSON route like any feature's, registered only here: the limit applies before it runs.
      app.post(
        '/api/v1/test-echo',
        { schema: { body: z.object({ text: z.string() }) } },
        async (request) => {
          handled += 1;
          return { length: (request.body as { text: string }).text.length };
        },
      );
    });
  });
  afterAll(() => s.close());

  const post = (url: string, text: string) =>
    s.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text }),
    });

  it('accepts a body up to BODY_LIMIT_BYTES', async () => {
    const text = 'a'.repeat(LIMIT - JSON.stringify({ text: '' }).length);
    const res = await post('/api/v1/test-echo', text);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ length: text.length });
  });

  it('refuses a larger body with 413 JSON before any handler runs', async () => {
    const before = handled;
    const text = 'a'.repeat(LIMIT - JSON.stringify({ text: '' }).length + 1);
    for (const url of ['/api/v1/test-echo', '/v1/auth/login', '/api/v1/nope']) {
      const res = await post(url, text);
      expect(res.statusCode, url).toBe(413);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toEqual({
        error: 'Request body is too large',
        code: 'payload_too_large',
      });
    }
    expect(handled).toBe(before);
  });
});
