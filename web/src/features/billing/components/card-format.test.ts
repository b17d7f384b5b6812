import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatCvc, formatExpiry } from './card-format';

describe('card input formatting', () => {
  it('groups card digits by 4 and drops everything else', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0000 0000-0002')).toBe('4000 0000 0000 0002');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242 ')).toBe('4242');
    expect(formatCardNumber('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
  });

  it('puts the slash after the expiry month', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/34')).toBe('12/34');
    expect(formatExpiry('12345')).toBe('12/34');
  });

  it('keeps at most 4 CVC digits', () => {
    expect(formatCvc('12a34 5')).toBe('1234');
  });
});
