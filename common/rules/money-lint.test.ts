import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * One money formatter (eslint-money.js): these fixtures are linted as if they were files at the
 * given paths, so a second money formatter appearing anywhere fails `npm run lint`, and a rule
 * that stops catching one fails here.
 */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') });

async function moneyErrors(filePath: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'money/one-formatter').length;
}

const places = [
  'web/src/features/fixture/pages/FixturePage.tsx',
  'server/modules/billing/fixture.ts',
  'common/rules/fixture.ts',
];

describe('one money formatter (npm run lint)', () => {
  // The first lint loads the config and the TypeScript parser, which on a busy machine outlasts
  // a test's default time.
  beforeAll(() => moneyErrors('common/rules/money.ts', ''), 120_000);

  it.each([
    ['hand decimals', 'export const f = (cents: number) => (cents / 100).toFixed(2);'],
    [
      'a currency Intl.NumberFormat',
      "export const f = (n: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(n);",
    ],
    [
      'Intl.NumberFormat called without new',
      "export const f = (n: number) => Intl.NumberFormat(undefined, { currency: 'USD', style: 'currency' }).format(n);",
    ],
    [
      'toLocaleString with a currency',
      "export const f = (n: number) => n.toLocaleString('de', { style: 'currency', currency: 'EUR' });",
    ],
    ['a sign glued to an amount', 'export const f = (euros: string) => `${euros} €`;'],
    ['a dollar sign before an amount', 'export const f = (dollars: string) => `$${dollars}`;'],
    ['a currency code after an amount', 'export const f = (amount: string) => `${amount} EUR`;'],
  ])('refuses %s outside common/rules/money.ts', async (_, code) => {
    for (const place of places) expect(await moneyErrors(place, code)).toBe(1);
  });

  it('allows plain numbers and other decimals', async () => {
    const plain = [
      'export const f = (n: number, l: string) => new Intl.NumberFormat(l).format(n);',
      'export const f = (n: number) => new Intl.NumberFormat("en", { maximumFractionDigits: 1 }).format(n);',
      'export const f = (n: number) => n.toFixed(1);',
      'export const f = (id: number) => `/api/v1/items/${id}`;',
    ];
    for (const code of plain) expect(await moneyErrors(places[0]!, code)).toBe(0);
  });

  it('lets the money module make money text', async () => {
    const code =
      "export const f = (n: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(n);";
    expect(await moneyErrors('common/rules/money.ts', code)).toBe(0);
  });
});
