import { describe, expect, it } from 'vitest';
import { addMonth, addPeriod, addYear, startOfUtcMonth } from './periods';

describe('addMonth', () => {
  it('keeps the day and time', () => {
    expect(addMonth(new Date('2026-03-15T10:20:30.000Z')).toISOString()).toBe(
      '2026-04-15T10:20:30.000Z',
    );
  });
  it('clamps to the last day of a shorter month', () => {
    expect(addMonth(new Date('2026-01-31T00:00:00.000Z')).toISOString()).toBe(
      '2026-02-28T00:00:00.000Z',
    );
    expect(addMonth(new Date('2028-01-31T12:00:00.000Z')).toISOString()).toBe(
      '2028-02-29T12:00:00.000Z',
    );
  });
  it('rolls over the year', () => {
    expect(addMonth(new Date('2026-12-05T00:00:00.000Z')).toISOString()).toBe(
      '2027-01-05T00:00:00.000Z',
    );
  });
  it('finds the start of the month', () => {
    expect(startOfUtcMonth(new Date('2026-11-22T09:00:00.000Z')).toISOString()).toBe(
      '2026-11-01T00:00:00.000Z',
    );
  });
});

describe('addYear', () => {
  it('keeps the day and time a year later', () => {
    expect(addYear(new Date('2026-03-15T10:20:30.000Z')).toISOString()).toBe(
      '2027-03-15T10:20:30.000Z',
    );
  });
  it('clamps Feb 29 to Feb 28 in a common year', () => {
    expect(addYear(new Date('2028-02-29T08:00:00.000Z')).toISOString()).toBe(
      '2029-02-28T08:00:00.000Z',
    );
    expect(addYear(new Date('2027-02-28T08:00:00.000Z')).toISOString()).toBe(
      '2028-02-28T08:00:00.000Z',
    );
  });
  it('is the period end of a yearly plan', () => {
    const start = new Date('2026-12-31T23:59:59.000Z');
    expect(addPeriod(start, 'year').toISOString()).toBe('2027-12-31T23:59:59.000Z');
    expect(addPeriod(start, 'month').toISOString()).toBe('2027-01-31T23:59:59.000Z');
  });
});
