import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigEnv, ConfigError, loadConfig } from './config';

const operations = fs.readFileSync(
  path.resolve(import.meta.dirname, '../docs/operations.md'),
  'utf8',
);
const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../README.md'), 'utf8');

function configErrorOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('needs no variable for the embedded default', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.NODE_ENV).toBe('development');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.BODY_LIMIT_BYTES).toBe(1024 * 1024);
    expect(config.isProduction).toBe(false);
  });

  it('reads typed values and treats an empty variable as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://aura.example/',
      TRUST_PROXY: '1',
      SEED_DEMO: 'false',
      BODY_LIMIT_BYTES: '2048',
      HOST: '',
      NOT_OURS: 'ignored',
    });
    expect(config.PORT).toBe(8080);
    expect(config.publicUrl).toBe('https://aura.example');
    expect(config.TRUST_PROXY).toBe(true);
    expect(config.seedDemo).toBe(false);
    expect(config.BODY_LIMIT_BYTES).toBe(2048);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config).not.toHaveProperty('NOT_OURS');
  });

  it('does not seed demo data into a PostgreSQL server unless asked', () => {
    const url = 'postgres://aura@db.example/aura';
    expect(loadConfig({ DATABASE_URL: url }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: url, SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it("takes a PostgreSQL server's Unix socket (its directory as the URL's host parameter)", () => {
    const url = 'postgresql:///aura?host=/var/run/postgresql&user=aura';
    expect(loadConfig({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '3.5'],
    ['NODE_ENV', 'staging'],
    ['PUBLIC_URL', 'not a url'],
    ['DATABASE_URL', 'mysql://db/aura'],
    ['SEED_DEMO', 'maybe'],
    ['JWT_SECRET', 'too-short'],
    ['JWT_TTL_SECONDS', '0'],
    ['BODY_LIMIT_BYTES', '-1'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'yes please'],
    ['REDIS_URL', 'http://cache'],
    ['GOOGLE_JWKS_URL', 'not a url'],
    ['AUTH_RATE_LIMIT_PER_MINUTE', '0'],
    ['AUTH_CHECK_RATE_LIMIT_PER_MINUTE', 'many'],
    ['PAYOUT_KEY', 'not-32-bytes'],
    ['PAYOUT_KEYS_PREVIOUS', `${'ab'.repeat(32)},short`],
    ['HUB_TIME_ZONE', 'Mars/Olympus_Mons'],
    ['API_DOCS', 'sometimes'],
    ['SHUTDOWN_GRACE_SECONDS', '-1'],
    ['SHUTDOWN_DEADLINE_SECONDS', '0'],
    ['HTTP_REQUEST_TIMEOUT_SECONDS', 'long'],
    ['HTTP_HEADERS_TIMEOUT_SECONDS', '0'],
    ['HTTP_KEEP_ALIVE_TIMEOUT_SECONDS', '-5'],
    ['HTTP_CONNECTION_TIMEOUT_SECONDS', 'x'],
    ['STORAGE_MIN_FREE_BYTES', '-1'],
  ])('stops on a malformed %s (%s) with a message naming it', (name, value) => {
    const message = configErrorOf({ [name]: value });
    expect(message).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
  });

  it('names every bad variable at once', () => {
    const message = configErrorOf({ PORT: 'x', LOG_LEVEL: 'loud' });
    expect(message).toMatch(/^\s+PORT: /m);
    expect(message).toMatch(/^\s+LOG_LEVEL: /m);
  });

  it('takes the hub time zone from HUB_TIME_ZONE, else the server’s own', () => {
    expect(loadConfig({ HUB_TIME_ZONE: 'America/New_York' }).hubTimeZone).toBe('America/New_York');
    expect(loadConfig({}).hubTimeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    const keys = loadConfig({ PAYOUT_KEYS_PREVIOUS: ` ${'ab'.repeat(32)} ,, ${'cd'.repeat(32)}` });
    expect(keys.PAYOUT_KEYS_PREVIOUS).toEqual(['ab'.repeat(32), 'cd'.repeat(32)]);
  });

  it('never seeds the demo in production, and refuses SEED_DEMO=true there', () => {
    const secret = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(secret).seedDemo).toBe(false);
    expect(loadConfig({ ...secret, SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(configErrorOf({ ...secret, SEED_DEMO: 'true' })).toMatch(
      /^\s+SEED_DEMO: the demo seed .* never runs when NODE_ENV=production/m,
    );
  });

  it('runs the test-card provider in production only when chosen', () => {
    const secret = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig({}).paymentsProvider).toBe('local');
    expect(loadConfig(secret).paymentsProvider).toBe('none');
    expect(loadConfig({ ...secret, PAYMENTS_PROVIDER: 'local' }).paymentsProvider).toBe('local');
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
    expect(loadConfig({ ...secret, ...stripe }).paymentsProvider).toBe('stripe');
    expect(loadConfig(stripe).paymentsProvider).toBe('stripe');
    expect(configErrorOf({ PAYMENTS_PROVIDER: 'stripe' })).toMatch(/^\s+PAYMENTS_PROVIDER: /m);
    expect(configErrorOf({ PAYMENTS_PROVIDER: 'paypal' })).toMatch(/^\s+PAYMENTS_PROVIDER: /m);
  });

  it('serves the API docs by default outside production only', () => {
    const secret = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig(secret).apiDocs).toBe(false);
    expect(loadConfig({ ...secret, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'false' }).apiDocs).toBe(false);
  });

  it('refuses a production start without JWT_SECRET, naming it', () => {
    const message = configErrorOf({ NODE_ENV: 'production' });
    expect(message).toMatch(/^\s+JWT_SECRET: required when NODE_ENV=production/m);
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) });
    expect(config.isProduction).toBe(true);
  });
});

/** The variables of a document's `## <heading>` table: the backticked name in the first cell. */
function configRows(doc: string, heading: string): string[] {
  const section = new RegExp(`^## ${heading}\\n([\\s\\S]*?)(?=^## )`, 'm').exec(doc);
  if (!section) throw new Error(`no "## ${heading}" section`);
  const rows = section[1]!.split('\n').filter((line) => line.startsWith('|'));
  expect(rows[0]).toMatch(/^\|\s*variable\s*\|\s*default\s*\|\s*meaning\s*\|$/);
  return rows.slice(2).map((row) => {
    const cells = row.split('|').map((c) => c.trim());
    const name = /^`([A-Z][A-Z0-9_]*)`$/.exec(cells[1] ?? '');
    if (!name) throw new Error(`configuration row without a variable name: ${row}`);
    expect(cells.length, `row ${row} must have three cells`).toBe(5);
    return name[1]!;
  });
}

describe('configuration tables', () => {
  it('docs/operations.md documents every variable of ConfigEnv exactly once, and nothing else', () => {
    const documented = configRows(operations, 'Configuration');
    const variables = Object.keys(ConfigEnv.shape);
    expect(documented.filter((n, i) => documented.indexOf(n) !== i)).toEqual([]);
    expect(variables.filter((n) => !documented.includes(n))).toEqual([]);
    expect(documented.filter((n) => !variables.includes(n))).toEqual([]);
  });

  it("README's main settings are variables of ConfigEnv", () => {
    const main = configRows(readme, 'Main settings');
    expect(main.length).toBeGreaterThan(5);
    expect(main.filter((n) => !Object.keys(ConfigEnv.shape).includes(n))).toEqual([]);
  });
});
