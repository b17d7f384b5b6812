import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Email, SignupRequest, Username } from '../schemas/auth';
import {
  isValidEmail,
  loginIdentifierField,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  usernameProblem,
} from './account';
import {
  isWeakPassword,
  MEDIUM_PASSWORD_THRESHOLD,
  PASSWORD_WEIGHTS,
  passwordStrength,
  strengthVariant,
  WEAK_PASSWORD_THRESHOLD,
} from './password';

/*
 * The same functions decide on both sides: the web forms import them, and the server applies
 * them through the schemas of common/schemas/auth.ts. These properties hold for any string,
 * including unpaired surrogates, control characters and other scripts.
 */
const anyString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom('a', 'Z', '0', '_', '!', ' ', 'é', '-', '@'), maxLength: 40 }),
);

/** Every sum of a subset of the four weights: the only scores there can be. */
const POSSIBLE_SCORES = (() => {
  const weights = Object.values(PASSWORD_WEIGHTS);
  const sums = new Set<number>();
  for (let mask = 0; mask < 1 << weights.length; mask += 1) {
    sums.add(weights.reduce((sum, w, i) => (mask & (1 << i) ? sum + w : sum), 0));
  }
  return sums;
})();

describe('passwordStrength (SPEC §5 weights 20/20/20/40)', () => {
  it('never throws and scores 0 to 100 as a sum of the weights', () => {
    fc.assert(
      fc.property(anyString, (password) => {
        const score = passwordStrength(password);
        expect(Number.isInteger(score)).toBe(true);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(100);
        expect(POSSIBLE_SCORES.has(score)).toBe(true);
        expect(isWeakPassword(password)).toBe(score < WEAK_PASSWORD_THRESHOLD);
      }),
    );
  });

  it('gives each criterion its own weight', () => {
    expect(passwordStrength('')).toBe(0);
    expect(passwordStrength('        ')).toBe(PASSWORD_WEIGHTS.length);
    expect(passwordStrength('7')).toBe(PASSWORD_WEIGHTS.digit);
    expect(passwordStrength('q')).toBe(PASSWORD_WEIGHTS.letter);
    expect(passwordStrength('#')).toBe(PASSWORD_WEIGHTS.special);
    expect(passwordStrength('1234567')).toBe(20);
    expect(passwordStrength('12345678')).toBe(40);
    expect(passwordStrength('abc1!xyz')).toBe(100);
  });

  it('never drops when a character is added', () => {
    fc.assert(
      fc.property(anyString, fc.string({ minLength: 1, maxLength: 2 }), (password, extra) => {
        expect(passwordStrength(password + extra)).toBeGreaterThanOrEqual(
          passwordStrength(password),
        );
      }),
    );
  });
});

describe('strengthVariant (SPEC §5 bar: danger < 50, warning < 75, else success)', () => {
  it('switches exactly at the thresholds', () => {
    expect(WEAK_PASSWORD_THRESHOLD).toBe(50);
    expect(MEDIUM_PASSWORD_THRESHOLD).toBe(75);
    expect(strengthVariant(0)).toBe('danger');
    expect(strengthVariant(49)).toBe('danger');
    expect(strengthVariant(50)).toBe('warning');
    expect(strengthVariant(74)).toBe('warning');
    expect(strengthVariant(75)).toBe('success');
    expect(strengthVariant(100)).toBe('success');
  });

  it('colours the real scores: 40 danger, 60 warning, 80 and 100 success', () => {
    expect(strengthVariant(passwordStrength('abcdefgh'))).toBe('danger');
    expect(strengthVariant(passwordStrength('abcdefg1'))).toBe('warning');
    expect(strengthVariant(passwordStrength('abc1!'))).toBe('success');
  });
});

describe('usernameProblem (SPEC §5: 4+ letters, digits, underscore)', () => {
  it('never throws and accepts exactly the rule', () => {
    fc.assert(
      fc.property(anyString, (username) => {
        const problem = usernameProblem(username);
        const fits =
          username.length >= USERNAME_MIN_LENGTH &&
          username.length <= USERNAME_MAX_LENGTH &&
          /^[A-Za-z0-9_]+$/.test(username);
        expect(problem === null).toBe(fits);
        if (username.length < USERNAME_MIN_LENGTH) expect(problem).toBe('usernameTooShort');
      }),
    );
  });

  it('holds at the boundaries', () => {
    expect(usernameProblem('abc')).toBe('usernameTooShort');
    expect(usernameProblem('abcd')).toBeNull();
    expect(usernameProblem('a_1Z')).toBeNull();
    expect(usernameProblem('x'.repeat(30))).toBeNull();
    expect(usernameProblem('x'.repeat(31))).toBe('usernameInvalidCharacters');
    expect(usernameProblem('abc-')).toBe('usernameInvalidCharacters');
    expect(usernameProblem('abcé')).toBe('usernameInvalidCharacters');
  });
});

describe('the server schemas apply the same rules', () => {
  it('Username refuses with the key usernameProblem gives for the trimmed text', () => {
    fc.assert(
      fc.property(anyString, (raw) => {
        const parsed = Username.safeParse(raw);
        const problem = usernameProblem(raw.trim());
        expect(parsed.success).toBe(problem === null);
        if (!parsed.success) expect(parsed.error.issues[0]?.message).toBe(problem);
      }),
    );
  });

  it('Email accepts exactly what isValidEmail accepts', () => {
    const emailish = fc.oneof(
      anyString,
      fc.emailAddress(),
      fc.tuple(anyString, anyString).map(([a, b]) => `${a}@${b}`),
    );
    fc.assert(
      fc.property(emailish, (raw) => {
        const parsed = Email.safeParse(raw);
        expect(parsed.success).toBe(isValidEmail(raw.trim()));
        if (!parsed.success) expect(parsed.error.issues[0]?.message).toBe('emailInvalid');
      }),
    );
  });

  it('SignupRequest never throws on any input', () => {
    fc.assert(
      fc.property(fc.anything(), (body) => {
        expect(() => SignupRequest.safeParse(body)).not.toThrow();
      }),
    );
  });

  it('loginIdentifierField sends an identifier with @ as email (SPEC §5)', () => {
    fc.assert(
      fc.property(anyString, (identifier) => {
        expect(loginIdentifierField(identifier)).toBe(
          identifier.includes('@') ? 'email' : 'username',
        );
      }),
    );
  });
});
