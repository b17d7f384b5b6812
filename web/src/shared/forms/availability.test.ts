import { describe, expect, it } from 'vitest';
import { availabilityStatus } from './availability';

const answer = (over: Partial<Parameters<typeof availabilityStatus>[0]['answer']> = {}) => ({
  isPending: false,
  isError: false,
  available: true as boolean | undefined,
  ...over,
});

describe('availabilityStatus', () => {
  it('checks nothing while the value breaks its own rules', () => {
    expect(
      availabilityStatus({ value: 'ab', checkedValue: 'ab', isCheckable: false, answer: answer() }),
    ).toBe('idle');
  });

  it('ignores an answer for a value the user has since changed', () => {
    expect(
      availabilityStatus({
        value: 'fan_two',
        checkedValue: 'fan_tw',
        isCheckable: true,
        answer: answer({ available: false }),
      }),
    ).toBe('checking');
  });

  it('reports available, taken and a failed check for the current value', () => {
    const base = { value: 'fan_two', checkedValue: 'fan_two', isCheckable: true };
    expect(
      availabilityStatus({ ...base, answer: answer({ isPending: true, available: undefined }) }),
    ).toBe('checking');
    expect(availabilityStatus({ ...base, answer: answer({ available: true }) })).toBe('available');
    expect(availabilityStatus({ ...base, answer: answer({ available: false }) })).toBe('taken');
    expect(
      availabilityStatus({ ...base, answer: answer({ isError: true, available: undefined }) }),
    ).toBe('failed');
  });
});
