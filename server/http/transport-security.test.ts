import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

/*
 * Issue 10: opened over plain HTTP on a LAN address (or behind an HTTP-only proxy), a page whose
 * answers say "upgrade every request to https" loads nothing. The headers follow PUBLIC_URL.
 */
let lan: TestApp;
let https: TestApp;

beforeAll(async () => {
  lan = await createTestApp({ env: { PUBLIC_URL: 'http://192.168.1.20:3000', HOST: '0.0.0.0' } });
  https = await createTestApp({ env: { PUBLIC_URL: 'https://aura.example.org' } });
}, 180_000);
afterAll(async () => {
  await lan?.close();
  await https?.close();
});

/** HSTS of an API answer and of a page (the same), and the page's policy. */
async function headersOf(t: TestApp) {
  const api = await t.app.inject({ url: '/api/v1/health' });
  const page = await t.app.inject({ url: '/' });
  expect(api.headers['strict-transport-security']).toBe(page.headers['strict-transport-security']);
  return {
    hsts: api.headers['strict-transport-security'],
    csp: String(page.headers['content-security-policy'] ?? ''),
  };
}

describe('HSTS and upgrade-insecure-requests', () => {
  it('are not sent when PUBLIC_URL is plain http (a LAN address)', async () => {
    const { hsts, csp } = await headersOf(lan);
    expect(hsts).toBeUndefined();
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(csp).toContain("default-src 'self'");
  });

  it('are sent when PUBLIC_URL is https', async () => {
    const { hsts, csp } = await headersOf(https);
    expect(hsts).toBe('max-age=31536000; includeSubDomains');
    expect(csp).toContain('upgrade-insecure-requests');
  });
});
