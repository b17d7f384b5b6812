import { describe, expect, it } from 'vitest';
import { SiteResponse } from '../../../common/schemas/site';
import { createTestApp } from '../../test/app';

async function siteWith(env: Record<string, string>) {
  const t = await createTestApp({ env });
  try {
    const res = await t.app.inject({ url: '/api/v1/site' });
    expect(res.statusCode, res.body).toBe(200);
    return SiteResponse.parse(res.json());
  } finally {
    await t.close();
  }
}

describe('GET /api/v1/site', () => {
  it('says plainly that a fresh install has no operator details and no support address', async () => {
    const site = await siteWith({});
    expect(site.isOperatorConfigured).toBe(false);
    expect(site.supportEmail).toBeNull();
    expect(Object.values(site.operator).every((value) => value === null)).toBe(true);
  });

  it('serves the OPERATOR_* settings, with the operator e-mail as support address by default', async () => {
    const site = await siteWith({
      OPERATOR_NAME: 'Example Media GmbH',
      OPERATOR_ADDRESS: 'Hauptstraße 1, 10115 Berlin',
      OPERATOR_EMAIL: 'legal@example.org',
      OPERATOR_VAT_ID: 'DE123456789',
    });
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
    expect((await siteWith({ SUPPORT_EMAIL: 'help@example.org' })).supportEmail).toBe(
      'help@example.org',
    );
  });
});
