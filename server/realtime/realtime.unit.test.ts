import { describe, expect, it } from 'vitest';
import { TokenBucket } from './rate-limiter';
import { RecentIds } from './recent-ids';

describe('TokenBucket', () => {
  it('allows a burst up to its capacity, then refills over time', () => {
    const bucket = new TokenBucket(3, 1, 0);
    expect([bucket.take(0), bucket.take(0), bucket.take(0), bucket.take(0)]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(bucket.take(500)).toBe(false);
    expect(bucket.take(1000)).toBe(true);
    expect(bucket.take(1000)).toBe(false);
  });

  it('never stores more than its capacity', () => {
    const bucket = new TokenBucket(2, 10, 0);
    const later = 60_000;
    expect([bucket.take(later), bucket.take(later), bucket.take(later)]).toEqual([
      true,
      true,
      false,
    ]);
  });
});

describe('RecentIds', () => {
  it('accepts an id once', () => {
    const recent = new RecentIds(10);
    expect(recent.add('a')).toBe(true);
    expect(recent.add('a')).toBe(false);
    expect(recent.add('b')).toBe(true);
  });

  it('forgets the oldest ids beyond its capacity', () => {
    const recent = new RecentIds(2);
    recent.add('a');
    recent.add('b');
    recent.add('c');
    expect(recent.add('a')).toBe(true);
    expect(recent.add('c')).toBe(false);
  });
});
