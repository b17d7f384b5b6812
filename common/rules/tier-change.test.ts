import { describe, expect, it } from 'vitest';
import { tierChangeCents, tierChangeDirection, upgradeProrationCents } from './tier-change';

const start = new Date('2032-01-10T12:00:00.000Z');
const end = new Date('2032-02-10T12:00:00.000Z'); // 31 days: 2,678,400 s
const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);

describe('upgrade proration in cents (issue 43)', () => {
  const cases: { name: string; from: number; to: number; now: Date; cents: number }[] = [
    {
      name: 'at the period start: the whole difference',
      from: 500,
      to: 1500,
      now: start,
      cents: 1000,
    },
    {
      name: 'before the start: still the whole difference',
      from: 500,
      to: 1500,
      now: at(-60),
      cents: 1000,
    },
    { name: 'in the middle: half', from: 500, to: 1500, now: at(1_339_200), cents: 500 },
    { name: 'a quarter left', from: 500, to: 1500, now: at(2_008_800), cents: 250 },
    // 1000 * 1/3 = 333.33 -> 333; 1000 * 2/3 = 666.67 -> 667.
    { name: 'two thirds gone: rounds down', from: 500, to: 1500, now: at(1_785_600), cents: 333 },
    { name: 'one third gone: rounds up', from: 500, to: 1500, now: at(892_800), cents: 667 },
    // 1 cent * 1,339,200 / 2,678,400 = 0.5 -> 1 (half up).
    { name: 'exactly half a cent rounds up', from: 500, to: 501, now: at(1_339_200), cents: 1 },
    {
      name: 'just under half a cent rounds down',
      from: 500,
      to: 501,
      now: at(1_339_201),
      cents: 0,
    },
    {
      name: 'the last second: nothing left to charge',
      from: 500,
      to: 1500,
      now: at(2_678_399),
      cents: 0,
    },
    { name: 'at the period end', from: 500, to: 1500, now: end, cents: 0 },
    { name: 'after the period end', from: 500, to: 1500, now: at(2_700_000), cents: 0 },
    { name: 'equal prices', from: 1500, to: 1500, now: start, cents: 0 },
    { name: 'a lower price is never refunded here', from: 1500, to: 500, now: start, cents: 0 },
    {
      name: 'part of a second counts as used',
      from: 500,
      to: 1500,
      now: new Date(start.getTime() + 999),
      cents: 1000,
    },
  ];
  it.each(cases)('$name', ({ from, to, now, cents }) => {
    const result = upgradeProrationCents({
      fromCents: from,
      toCents: to,
      periodStart: start,
      periodEnd: end,
      now,
    });
    expect(result).toBe(cents);
    expect(Number.isInteger(result)).toBe(true);
  });

  it('a period of no length charges nothing', () => {
    expect(
      upgradeProrationCents({
        fromCents: 500,
        toCents: 1500,
        periodStart: end,
        periodEnd: end,
        now: end,
      }),
    ).toBe(0);
  });

  it('prices the tiers with the server prices', () => {
    expect(tierChangeCents('Hypr', 'HyprSoul', { start, end }, at(1_339_200))).toBe(500);
    expect(tierChangeCents('HyprSoul', 'Hypr', { start, end }, start)).toBe(0);
    expect(tierChangeDirection('Hypr', 'HyprSoul')).toBe('upgrade');
    expect(tierChangeDirection('HyprSoul', 'Hypr')).toBe('downgrade');
    expect(tierChangeDirection('Hypr', 'Hypr')).toBeNull();
  });
});
