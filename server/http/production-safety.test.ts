/**
 * Issue 18, production refuses unsafe defaults: no test-card provider unless chosen (checkout
 * answers 503 with a clear text), no API docs unless asked, and a warning when X-Forwarded-*
 * headers arrive while TRUST_PROXY is off.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions } from '../db/schema/index';
import { payLocal, startCheckout } from '../modules/billing/test-helpers';
import { createTestApp, type TestApp } from '../test/app';
import { createItem, createUser, type TestUser } from '../test/factories';

const PRODUCTION = { NODE_ENV: 'production', LOG_LEVEL: 'warn' };

describe('production without Stripe and without PAYMENTS_PROVIDER=local', () => {
  let t: TestApp;
  let fan: TestUser;
  const logLines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ env: PRODUCTION, logStream: { write: (l) => logLines.push(l) } });
    fan = await createUser(t);
  });
  afterAll(() => t.close());

  it('answers every checkout 503 {error} saying payments are not set up, and stores nothing', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const item = await createItem(t, creator, { priceCents: 500 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/billing/create-checkout-session',
      headers: fan.auth,
      payload: { tier: item.title, price: 5, productId: item.id },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'payments_not_configured' });
    expect(res.json().error).toMatch(/Payments are not set up on this server/);
    const stored = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.userId, fan.user.id));
    expect(stored).toEqual([]);
    const config = await t.app.inject({ method: 'GET', url: '/api/v1/billing/config' });
    expect(config.json().provider).toBe('none');
  });

  it('refuses the test-card page for any session id', async () => {
    const res = await payLocal(t, 'cs_local_0123456789abcdef0123456789abcdef');
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toMatchObject({ code: 'test_payments_off' });
  });

  it('does not serve the API documentation', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toBeTruthy();
    }
  });

  it('warns once when X-Forwarded-* headers arrive while TRUST_PROXY is off', async () => {
    const warnings = () => logLines.filter((l) => l.includes('TRUST_PROXY is off'));
    await t.app.inject({ method: 'GET', url: '/api/v1/billing/config' });
    expect(warnings()).toEqual([]);
    for (let i = 0; i < 2; i++) {
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/billing/config',
        headers: { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' },
      });
    }
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toContain('x-forwarded-for');
  });
});

describe('production with PAYMENTS_PROVIDER=local chosen', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ...PRODUCTION, PAYMENTS_PROVIDER: 'local' } });
  });
  afterAll(() => t.close());

  it('takes test payments, and says so', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const item = await createItem(t, creator, { priceCents: 500 });
    const session = await startCheckout(t, fan, { tier: item.title, price: 5, productId: item.id });
    expect(session.url).toBe(`/pay/${session.id}`);
    const config = await t.app.inject({ method: 'GET', url: '/api/v1/billing/config' });
    expect(config.json().provider).toBe('local');
    const paid = await payLocal(t, session.id);
    expect(paid.statusCode, paid.body).toBe(200);
  });
});

describe('with TRUST_PROXY on', () => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: { TRUST_PROXY: 'true', LOG_LEVEL: 'warn' },
      logStream: { write: (l) => logLines.push(l) },
    });
  });
  afterAll(() => t.close());

  it('takes forwarded headers without a warning, and serves the API docs outside production', async () => {
    await t.app.inject({
      method: 'GET',
      url: '/api/v1/billing/config',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(logLines.filter((l) => l.includes('TRUST_PROXY'))).toEqual([]);
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
  });
});
