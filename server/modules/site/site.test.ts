import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteResponse } from '../../../common/schemas/site';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../test/app';
import { presentSite } from './presenter';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

describe('GET /api/v1/site', () => {
  it('says plainly that a fresh install has no operator details and no support address', async () => {
    const res = await t.app.inject({ url: '/api/v1/site' });
    expect(res.statusCode, res.body).toBe(200);
    const site = SiteResponse.parse(res.json());
    expect(site.isOperatorConfigured).toBe(false);
    expect(site.supportEmail).toBeNull();
    expect(Object.values(site.operator).every((value) => value === null)).toBe(true);
  });

  it('serves the OPERATOR_* settings, with the operator e-mail as support address by default', () => {
    const site = presentSite(
      loadConfig({
        OPERATOR_NAME: 'Example Media GmbH',
        OPERATOR_ADDRESS: 'Hauptstraße 1, 10115 Berlin',
        OPERATOR_EMAIL: 'legal@example.org',
        OPERATOR_VAT_ID: 'DE123456789',
      }),
    );
    expect(site).toEqual({
      operator: {
        name: 'Example Media GmbH',
        address: 'Hauptstraße 1, 10115 Berlin',
        representative: null,
        email: 'legal@example.org',
        phone: null,
        register: null,
        vatId: 'DE123456789',
      },
      isOperatorConfigured: true,
      supportEmail: 'legal@example.org',
    });
    expect(presentSite(loadConfig({ SUPPORT_EMAIL: 'help@example.org' })).supportEmail).toBe(
      'help@example.org',
    );
  });

  it('refuses a malformed operator e-mail at start', () => {
    expect(() => loadConfig({ OPERATOR_EMAIL: 'not-an-address' })).toThrow(/OPERATOR_EMAIL/);
  });
});
