import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeReturnPath, withReturnTo } from './return-to';

describe('safeReturnPath (no open redirect)', () => {
  it('keeps a path on this site with its query and hash', () => {
    expect(safeReturnPath('/checkout?productId=12')).toBe('/checkout?productId=12');
    expect(safeReturnPath('/product/7#top')).toBe('/product/7#top');
    expect(safeReturnPath('/wallet')).toBe('/wallet');
  });

  it.each([
    'https://evil.example',
    'http://evil.example/checkout',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'data:text/html,hi',
    'checkout',
    '/\tevil',
    '/%0a',
    '',
    '/auth?tab=login',
    '/register',
    '/login',
  ])('refuses %j', (raw) => {
    if (raw === '/%0a') {
      // Encoded characters stay encoded: a harmless path on this site.
      expect(safeReturnPath(raw)).toBe('/%0a');
      return;
    }
    expect(safeReturnPath(raw)).toBeNull();
  });

  it('refuses missing values', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath(`/${'a'.repeat(2001)}`)).toBeNull();
  });

  it('never answers anything that leaves the site, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (raw) => {
        const safe = safeReturnPath(raw);
        if (safe === null) return;
        expect(safe.startsWith('/')).toBe(true);
        expect(safe.startsWith('//')).toBe(false);
        expect(new URL(safe, 'https://aura.test').origin).toBe('https://aura.test');
      }),
    );
  });
});

describe('withReturnTo', () => {
  it('adds only a safe path, encoded', () => {
    expect(withReturnTo('/auth?tab=login', '/checkout?productId=3')).toBe(
      '/auth?tab=login&returnTo=%2Fcheckout%3FproductId%3D3',
    );
    expect(withReturnTo('/register', 'https://evil.example')).toBe('/register');
    expect(withReturnTo('/register', null)).toBe('/register');
  });
});
