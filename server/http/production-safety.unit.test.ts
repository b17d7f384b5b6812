import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startupWarnings } from './production-safety';

const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(32),
  SMTP_HOST: 'smtp.example.com',
};
const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', S3_BUCKET: 'b' };

describe('startupWarnings (docs/operations.md "Production safety")', () => {
  it('says nothing for the embedded development default', () => {
    expect(startupWarnings(loadConfig({}))).toEqual([]);
  });

  it('says nothing for a production setup with Stripe, S3 and no API docs', () => {
    const config = loadConfig({ ...PRODUCTION, ...STRIPE, DATABASE_URL: 'postgres://db/aura' });
    expect(startupWarnings(config)).toEqual([]);
  });

  it('says why checkout is off in production without Stripe or PAYMENTS_PROVIDER=local', () => {
    const [warning, ...rest] = startupWarnings(loadConfig(PRODUCTION));
    expect(rest).toEqual([]);
    expect(warning).toMatch(/Payments are off.*STRIPE_SECRET_KEY.*PAYMENTS_PROVIDER=local/);
  });

  it('warns that test payments are on when chosen in production', () => {
    const warnings = startupWarnings(loadConfig({ ...PRODUCTION, PAYMENTS_PROVIDER: 'local' }));
    expect(warnings).toEqual([expect.stringMatching(/Test payments are on in production/)]);
  });

  it('warns about local-disk media while DATABASE_URL is set', () => {
    const warnings = startupWarnings(
      loadConfig({ DATABASE_URL: 'postgres://db/aura', JWT_SECRET: 'x'.repeat(32) }),
    );
    expect(warnings).toEqual([expect.stringMatching(/local disk.*DATABASE_URL.*S3_BUCKET/)]);
  });

  it('warns that the root secret sits in the database with DATABASE_URL and no JWT_SECRET', () => {
    const inDatabase = /JWT_SECRET is not set while DATABASE_URL is.*payout numbers/;
    const env = { DATABASE_URL: 'postgres://db/aura', S3_BUCKET: 'b' };
    expect(startupWarnings(loadConfig(env))).toEqual([expect.stringMatching(inDatabase)]);
    expect(startupWarnings(loadConfig({ ...env, JWT_SECRET: 'x'.repeat(32) }))).toEqual([]);
    // The embedded default keeps its generated secret in a file under DATA_DIR, not in the data.
    expect(startupWarnings(loadConfig({}))).toEqual([]);
  });

  it('warns about API docs served in production', () => {
    const warnings = startupWarnings(loadConfig({ ...PRODUCTION, ...STRIPE, API_DOCS: 'true' }));
    expect(warnings).toEqual([expect.stringMatching(/API documentation.*API_DOCS=false/)]);
  });

  it('warns that mail is not delivered in production without an SMTP server', () => {
    const { SMTP_HOST: _, ...withoutSmtp } = PRODUCTION;
    const warnings = startupWarnings(loadConfig({ ...withoutSmtp, ...STRIPE }));
    expect(warnings).toEqual([
      expect.stringMatching(/Mail is not delivered.*SMTP_URL or SMTP_HOST.*admin outbox/),
    ]);
    // Outside production the outbox is the expected default, read by the developer.
    expect(startupWarnings(loadConfig({}))).toEqual([]);
  });
});
