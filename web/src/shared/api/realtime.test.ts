import { describe, expect, it } from 'vitest';
import { retryDelay } from './realtime';

describe('retryDelay (reconnect backoff)', () => {
  it('grows from half a second to at most 30 seconds', () => {
    const upper = (attempt: number) => retryDelay(attempt, () => 1);
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(upper)).toEqual([
      500, 1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(upper(50)).toBe(30000);
  });

  it('spreads reconnects over the upper half of each step (jitter)', () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const ceiling = Math.min(30000, 500 * 2 ** attempt);
      expect(retryDelay(attempt, () => 0)).toBe(ceiling / 2);
      const delay = retryDelay(attempt);
      expect(delay).toBeGreaterThanOrEqual(ceiling / 2);
      expect(delay).toBeLessThanOrEqual(ceiling);
    }
  });
});
