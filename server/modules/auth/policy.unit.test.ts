import { describe, expect, it } from 'vitest';
import { LOGIN_FREE_FAILURES, loginRetryAt, maySignIn } from './policy';

const at = new Date('2030-01-01T00:00:00Z');
const waitMs = (failures: number) => {
  const retry = loginRetryAt(failures, at);
  return retry ? retry.getTime() - at.getTime() : 0;
};

describe('loginRetryAt', () => {
  it('lets the first failures through without waiting', () => {
    for (let n = 0; n < LOGIN_FREE_FAILURES; n += 1) expect(loginRetryAt(n, at)).toBeNull();
    expect(loginRetryAt(50, null)).toBeNull();
  });

  it('doubles the wait with each failure from the fifth, up to 15 minutes', () => {
    expect([5, 6, 7, 8, 9, 10].map(waitMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 900_000,
    ]);
    expect(waitMs(11)).toBe(900_000);
    expect(waitMs(10_000)).toBe(900_000);
  });
});

describe('maySignIn', () => {
  it('admits active accounts only', () => {
    expect(maySignIn('active')).toBe(true);
    expect(maySignIn('suspended')).toBe(false);
    expect(maySignIn('deleted')).toBe(false);
  });
});
