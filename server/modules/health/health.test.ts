import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/v1/health', () => {
  it('reports a database round trip', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.version).toBe('aura-0.4.8-beta');
    expect(body.database.ok).toBe(true);
    expect(body.database.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    expect(body.database.roundTripMs).toBeGreaterThanOrEqual(0);
  });

  it("sends the API's security headers, and none that only a page reads", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    // The default PUBLIC_URL is plain http: no HSTS (issue 10; https is tested beside security.ts).
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-request-id']).toBeTruthy();
    for (const pageOnly of [
      'referrer-policy',
      'cross-origin-opener-policy',
      'x-dns-prefetch-control',
    ]) {
      expect(res.headers[pageOnly], pageOnly).toBeUndefined();
    }
  });

  it("sends the pages' security headers to everything else, the API docs' pages included", async () => {
    for (const url of ['/', '/some/page', '/api/docs/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });
});

describe('error answers', () => {
  it('answers unknown API paths with 404 JSON', async () => {
    for (const url of ['/api/nope', '/api/v1/nope', '/v1/nope', '/v1/auth/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json().error).toMatch(/Not found/);
    }
  });

  it('serves OpenAPI JSON generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/v1/health'].get).toBeDefined();
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });
});
