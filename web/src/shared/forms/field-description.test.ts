import { describe, expect, it } from 'vitest';
import { describedBy } from './field-description';

describe('describedBy', () => {
  it('names nothing for a field without help texts or an error', () => {
    expect(describedBy([], null)).toBeUndefined();
  });

  it('names the error only while it is shown', () => {
    expect(describedBy([], 'login-password-error')).toBe('login-password-error');
    expect(describedBy(['register-email-status'], null)).toBe('register-email-status');
  });

  it('keeps the help texts in order, the error after them unless it comes first', () => {
    const help = ['register-username-hint', 'register-username-status'];
    expect(describedBy(help, 'register-username-error')).toBe(
      'register-username-hint register-username-status register-username-error',
    );
    expect(describedBy(['signup-username-hint'], 'signup-username-error', true)).toBe(
      'signup-username-error signup-username-hint',
    );
  });
});
