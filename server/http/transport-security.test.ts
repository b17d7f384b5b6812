import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';

/*
 * Issue 10: opened over plain HTTP on a LAN address (or behind an HTTP-only proxy), a page whose
 * answers say "upgrade every request to https" loads nothing. The headers follow PUBLIC_URL.
 */
async function headersFor(env: Record<string, string>) {
  const t = await createTestApp({ env });
  try {
    const res = await t.app.inject({ url: '/api/v1/health' });
    return {
      hsts: res.headers['strict-transport-security'],
      csp: String(res.headers['content-security-policy'] ?? ''),
    };
  } finally {
    await t.close();
  }
}

describe('HSTS and upgrade-insecure-requests', () => {
  it('are not sent when PUBLIC_URL is plain http (a LAN address)', async () => {
    const { hsts, csp } = await headersFor({
      PUBLIC_URL: 'http://192.168.1.20:3000',
      HOST: '0.0.0.0',
    });
    expect(hsts).toBeUndefined();
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(csp).toContain("default-src 'self'");
  });

  it('are sent when PUBLIC_URL is https', async () => {
    const { hsts, csp } = await headersFor({ PUBLIC_URL: 'https://aura.example.org' });
    expect(hsts).toBe('max-age=31536000; includeSubDomains');
    expect(csp).toContain('upgrade-insecure-requests');
  });
});
