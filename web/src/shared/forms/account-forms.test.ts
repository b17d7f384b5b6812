import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { usernameProblem } from '../../../../common/rules/account';
import { isWeakPassword, passwordShapeProblem } from '../../../../common/rules/password';
import {
  fieldOfServerMessage,
  isFormMessageKey,
  isRegisterSubmittable,
  LoginForm,
  loginRequestOf,
  RegisterForm,
  SignupForm,
} from './account-forms';

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const STRONG = 'Sunrise#2024';
const register = (overrides: Partial<RegisterForm> = {}): RegisterForm => ({
  username: 'new_fan',
  email: 'fan@example.com',
  password: STRONG,
  confirmPassword: STRONG,
  acceptWeakPassword: false,
  newsletter: true,
  termsAndConditions: true,
  ...overrides,
});

describe('LoginForm (SPEC §5)', () => {
  it('needs 3 characters of identifier and 6 of password, with the SPEC texts as keys', () => {
    expect(issues(LoginForm.safeParse({ usernameOrEmail: 'ab', password: '12345' }))).toEqual({
      usernameOrEmail: 'invalidInput',
      password: 'passwordTooShort',
    });
    expect(LoginForm.safeParse({ usernameOrEmail: 'abc', password: '123456' }).success).toBe(true);
  });

  it('sends an identifier with @ as email, anything else as username', () => {
    expect(loginRequestOf({ usernameOrEmail: ' Fan@Example.com ', password: 'secret1' })).toEqual({
      email: 'Fan@Example.com',
      password: 'secret1',
    });
    expect(loginRequestOf({ usernameOrEmail: 'demo_user', password: 'secret1' })).toEqual({
      username: 'demo_user',
      password: 'secret1',
    });
  });
});

describe('SignupForm (SPEC §5, /auth)', () => {
  const signup = (overrides: Partial<SignupForm> = {}): SignupForm => ({
    username: 'new_fan',
    email: 'fan@example.com',
    password: STRONG,
    confirmPassword: STRONG,
    newsletter: false,
    termsAndConditions: true,
    ...overrides,
  });

  it('accepts a complete form with the newsletter left off', () => {
    expect(SignupForm.safeParse(signup()).success).toBe(true);
  });

  it('says "required" for empty fields instead of the first rule they break', () => {
    expect(
      issues(SignupForm.safeParse(signup({ username: '  ', email: '', password: '' }))),
    ).toMatchObject({ username: 'required', email: 'required', password: 'required' });
  });

  it('reports mismatch, missing terms and a weak password at once', () => {
    expect(
      issues(
        SignupForm.safeParse(
          signup({ password: 'abcdefgh', confirmPassword: 'abcdefgi', termsAndConditions: false }),
        ),
      ),
    ).toEqual({
      confirmPassword: 'passwordMismatch',
      termsAndConditions: 'termsRequired',
      password: 'passwordTooWeak',
    });
  });

  it('blocks a weak password: there is no acceptance on this form', () => {
    // 'abcdefg!' scores 20 + 20 + 40 = 80; without the special character it is 40 (weak).
    expect(
      SignupForm.safeParse(signup({ password: 'abcdefg!', confirmPassword: 'abcdefg!' })).success,
    ).toBe(true);
    expect(
      issues(SignupForm.safeParse(signup({ password: 'abcdefgh', confirmPassword: 'abcdefgh' }))),
    ).toEqual({
      password: 'passwordTooWeak',
    });
  });
});

describe('RegisterForm (SPEC §5, /register)', () => {
  it('applies the username rules of common/ at their boundaries', () => {
    expect(RegisterForm.safeParse(register({ username: 'abcd' })).success).toBe(true);
    expect(issues(RegisterForm.safeParse(register({ username: 'abc' })))).toEqual({
      username: 'usernameTooShort',
    });
    expect(issues(RegisterForm.safeParse(register({ username: 'ab-cd' })))).toEqual({
      username: 'usernameInvalidCharacters',
    });
  });

  it('checks the email pattern', () => {
    expect(issues(RegisterForm.safeParse(register({ email: 'fan@example' })))).toEqual({
      email: 'emailInvalid',
    });
  });

  it('requires newsletter consent and terms', () => {
    expect(
      issues(RegisterForm.safeParse(register({ newsletter: false, termsAndConditions: false }))),
    ).toEqual({ newsletter: 'newsletterRequired', termsAndConditions: 'termsRequired' });
  });

  it('takes a weak password only with its acceptance (score 40 weak, 60 not)', () => {
    const weak = { password: 'abcdefgh', confirmPassword: 'abcdefgh' };
    expect(issues(RegisterForm.safeParse(register(weak)))).toEqual({
      acceptWeakPassword: 'passwordWeakAccept',
    });
    expect(RegisterForm.safeParse(register({ ...weak, acceptWeakPassword: true })).success).toBe(
      true,
    );
    const medium = { password: 'kqzwvbx7', confirmPassword: 'kqzwvbx7' };
    expect(RegisterForm.safeParse(register(medium)).success).toBe(true);
  });

  it('agrees with the shared rules on any username and password', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1 }), (username, password) => {
        const result = RegisterForm.safeParse(
          register({ username, password, confirmPassword: password }),
        );
        const found = issues(result);
        const trimmed = username.trim();
        expect(found.username === undefined).toBe(
          trimmed !== '' && usernameProblem(trimmed) === null,
        );
        const floor = passwordShapeProblem(password);
        expect(found.password).toBe(floor ?? undefined);
        expect(found.acceptWeakPassword === 'passwordWeakAccept').toBe(
          floor === null && isWeakPassword(password),
        );
      }),
    );
  });
});

describe('isRegisterSubmittable (SPEC §5)', () => {
  it('waits for the core fields and the terms, not for newsletter or acceptance', () => {
    expect(isRegisterSubmittable(register({ newsletter: false }))).toBe(true);
    expect(isRegisterSubmittable(register({ termsAndConditions: false }))).toBe(false);
    for (const field of ['username', 'email', 'password', 'confirmPassword'] as const) {
      expect(isRegisterSubmittable(register({ [field]: '' }))).toBe(false);
    }
    expect(isRegisterSubmittable(register({ username: '   ' }))).toBe(false);
    expect(isRegisterSubmittable({})).toBe(false);
  });
});

describe('server messages', () => {
  it('places each SPEC §5 key the server answers with on its field', () => {
    expect(fieldOfServerMessage('usernameTaken')).toBe('username');
    expect(fieldOfServerMessage('emailTaken')).toBe('email');
    expect(fieldOfServerMessage('passwordWeakAccept')).toBe('acceptWeakPassword');
    expect(fieldOfServerMessage('newsletterRequired')).toBe('newsletter');
    expect(fieldOfServerMessage('termsRequired')).toBe('termsAndConditions');
    expect(fieldOfServerMessage('Too many attempts, try again later')).toBeNull();
  });

  it('knows the SPEC §5 keys and not free text', () => {
    expect(isFormMessageKey('usernameAvailable')).toBe(true);
    expect(isFormMessageKey('Invalid credentials')).toBe(false);
  });
});
