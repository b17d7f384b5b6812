import { describe, expect, it } from 'vitest';
import { intentKeys } from './intent-key';

describe('intentKeys', () => {
  const counter = () => {
    let n = 0;
    return () => `key-${(n += 1)}`;
  };

  it('reuses the key for the same form until it is answered', () => {
    const keys = intentKeys(counter());
    expect(keys.keyFor({ title: 'a', tags: ['x'] })).toBe('key-1');
    expect(keys.keyFor({ title: 'a', tags: ['x'] })).toBe('key-1');
    keys.done();
    expect(keys.keyFor({ title: 'a', tags: ['x'] })).toBe('key-2');
  });

  it('takes a fresh key when the form changed', () => {
    const keys = intentKeys(counter());
    expect(keys.keyFor({ title: 'a' })).toBe('key-1');
    expect(keys.keyFor({ title: 'b' })).toBe('key-2');
    expect(keys.keyFor({ title: 'a' })).toBe('key-3');
  });
});
