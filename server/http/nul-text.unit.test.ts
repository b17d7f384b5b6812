import { describe, expect, it } from 'vitest';
import { containsNul } from './nul-text';

describe('containsNul', () => {
  it('finds U+0000 in any string of a parsed body, keys included', () => {
    expect(containsNul('a\u0000b')).toBe(true);
    expect(containsNul({ text: 'ok', nested: [{ deep: ['x', 'y\u0000'] }] })).toBe(true);
    expect(containsNul({ 'key\u0000': 1 })).toBe(true);
    expect(containsNul({ text: 'ok', n: 1, b: true, z: null, list: ['a', 2] })).toBe(false);
    expect(containsNul(undefined)).toBe(false);
    // Raw bodies (webhooks) are bytes, checked by their own signature, not here.
    expect(containsNul(Buffer.from([0, 1, 2]))).toBe(false);
  });

  it('walks very deep and very wide values without overflowing the stack', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(containsNul(deep)).toBe(true);
    expect(containsNul(Array.from({ length: 300_000 }, () => 'x'))).toBe(false);
  });
});
