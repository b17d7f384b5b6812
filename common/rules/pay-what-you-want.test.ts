import { describe, expect, it } from 'vitest';
import { pwywTermsOf } from '../schemas/items';
import {
  PWYW_MAX_CENTS,
  PWYW_MIN_CHARGE_CENTS,
  pwywAmountProblem,
  pwywBounds,
  pwywListedPriceCents,
} from './pay-what-you-want';

describe('pay what you want bounds', () => {
  it('runs from the minimum to 1,000 times it', () => {
    expect(pwywBounds(300)).toEqual({ minCents: 300, maxCents: 300_000 });
    expect(pwywAmountProblem(299, 300)).toBe('amount_below_minimum');
    expect(pwywAmountProblem(300, 300)).toBeNull();
    expect(pwywAmountProblem(300_000, 300)).toBeNull();
    expect(pwywAmountProblem(300_001, 300)).toBe('amount_above_maximum');
  });

  it('takes a minimum of 0 as the smallest payment, and caps every amount', () => {
    expect(pwywBounds(0)).toEqual({
      minCents: PWYW_MIN_CHARGE_CENTS,
      maxCents: PWYW_MIN_CHARGE_CENTS * 1000,
    });
    expect(pwywListedPriceCents(0)).toBe(PWYW_MIN_CHARGE_CENTS);
    expect(pwywBounds(5000).maxCents).toBe(PWYW_MAX_CENTS);
    expect(pwywAmountProblem(12.5, 0)).toBe('amount_below_minimum');
  });
});

describe("the form's terms", () => {
  it('reads both amounts as typed, or none', () => {
    expect(pwywTermsOf({})).toEqual({ terms: null });
    expect(pwywTermsOf({ minPrice: '', suggestedPrice: null })).toEqual({ terms: null });
    expect(pwywTermsOf({ minPrice: '2,50', suggestedPrice: 5 })).toEqual({
      terms: { minPriceCents: 250, suggestedPriceCents: 500 },
    });
  });

  it('names the field to correct', () => {
    expect(pwywTermsOf({ minPrice: 'x', suggestedPrice: '5' })).toMatchObject({
      field: 'minPrice',
    });
    expect(pwywTermsOf({ minPrice: '5', suggestedPrice: '' })).toMatchObject({
      problem: 'pwyw_suggested_invalid',
      field: 'suggestedPrice',
    });
    expect(pwywTermsOf({ minPrice: '0', suggestedPrice: '0.49' })).toMatchObject({
      problem: 'pwyw_suggested_invalid',
    });
  });
});
