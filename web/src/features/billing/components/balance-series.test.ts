import { describe, expect, it } from 'vitest';
import type { WalletEntry } from '../../../../../common/schemas/billing';
import { balanceSeries } from './balance-series';

const entry = (id: number, amountCents: number, createdAt: string): WalletEntry => ({
  id,
  kind: amountCents > 0 ? 'topup' : 'spend',
  amountCents,
  currency: 'eur',
  itemId: null,
  itemTitle: null,
  createdAt,
});

describe('balanceSeries', () => {
  it('gives the balance after each entry, oldest first', () => {
    const newestFirst = [
      entry(3, -500, '2026-11-03T00:00:00Z'),
      entry(2, -250, '2026-11-02T00:00:00Z'),
      entry(1, 1000, '2026-11-01T00:00:00Z'),
    ];
    expect(balanceSeries(250, newestFirst, false)).toEqual([
      { at: '2026-11-01T00:00:00Z', balanceCents: 1000 },
      { at: '2026-11-02T00:00:00Z', balanceCents: 750 },
      { at: '2026-11-03T00:00:00Z', balanceCents: 250 },
    ]);
  });

  it('starts from the balance before the first entry when the whole history is known', () => {
    const newestFirst = [entry(1, 1000, '2026-11-01T00:00:00Z')];
    expect(balanceSeries(1000, newestFirst, true)).toEqual([
      { at: '2026-11-01T00:00:00Z', balanceCents: 0 },
      { at: '2026-11-01T00:00:00Z', balanceCents: 1000 },
    ]);
    expect(balanceSeries(1000, newestFirst, false)).toHaveLength(1);
  });

  it('is empty without history', () => {
    expect(balanceSeries(0, [], true)).toEqual([]);
  });
});
