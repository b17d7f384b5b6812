import { z } from 'zod';
import {
  LOGIN_IDENTIFIER_MIN_LENGTH,
  LOGIN_PASSWORD_MIN_LENGTH,
  loginIdentifierField,
  PASSWORD_MAX_LENGTH,
  type AccountMessageKey,
} from '../../../../common/rules/account';
import {
  isWeakPassword,
  passwordShapeProblem,
  type PasswordFloorProblem,
} from '../../../../common/rules/password';
import { Email, Username, type LoginRequest } from '../../../../common/schemas/auth';

/*
 * The account forms of SPEC §3/§5, resolved by react-hook-form. Every rule comes from common/,
 * the same code the server runs; a message is a translation key under `register.messages`
 * (the SPEC §5 keys plus a few form-only ones).
 */

/** Form-only message keys next to the SPEC §5 ones. */
export type FormMessageKey =
  | AccountMessageKey
  | PasswordFloorProblem
  | 'required'
  | 'invalidInput'
  | 'passwordTooShort'
  | 'passwordTooWeak';

const FORM_MESSAGE_KEYS: readonly FormMessageKey[] = [
  'usernameTooShort',
  'usernameInvalidCharacters',
  'usernameTaken',
  'usernameAvailable',
  'emailInvalid',
  'emailTaken',
  'emailAvailable',
  'passwordMismatch',
  'passwordWeakAccept',
  'newsletterRequired',
  'termsRequired',
  'required',
  'invalidInput',
  'passwordTooShort',
  'passwordTooWeak',
  'passwordFloorLength',
  'passwordCommon',
];

export const isFormMessageKey = (value: string): value is FormMessageKey =>
  (FORM_MESSAGE_KEYS as readonly string[]).includes(value);

/** An empty field says "required" rather than the first rule it breaks. */
const required = <T extends z.ZodType<string, string>>(schema: T) =>
  z.string().trim().min(1, 'required').pipe(schema);

const password = z.string().min(1, 'required').max(PASSWORD_MAX_LENGTH, 'invalidInput');

const accepted = (message: FormMessageKey) => z.boolean().refine((value) => value, { message });

/** SPEC §3 login form and the SPEC §5 login rules. */
export const LoginForm = z.object({
  usernameOrEmail: z.string().trim().min(LOGIN_IDENTIFIER_MIN_LENGTH, 'invalidInput'),
  password: z
    .string()
    .min(LOGIN_PASSWORD_MIN_LENGTH, 'passwordTooShort')
    .max(PASSWORD_MAX_LENGTH, 'invalidInput'),
});
export type LoginForm = z.infer<typeof LoginForm>;

/** SPEC §5: an identifier with @ is sent as email, otherwise as username. */
export function loginRequestOf(form: LoginForm): LoginRequest {
  const identifier = form.usernameOrEmail.trim();
  return loginIdentifierField(identifier) === 'email'
    ? { email: identifier, password: form.password }
    : { username: identifier, password: form.password };
}

const matchingConfirmation = <T extends { password: string; confirmPassword: string }>(
  form: T,
  ctx: z.RefinementCtx,
) => {
  if (form.confirmPassword !== form.password) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'passwordMismatch' });
  }
};

/**
 * SPEC §5 signup in /auth: username, email, matching confirmation, terms; newsletter optional.
 * The weak-password acceptance does not exist here, so a weak password blocks.
 */
export const SignupForm = z
  .object({
    username: required(Username),
    email: required(Email),
    password,
    confirmPassword: z.string(),
    newsletter: z.boolean(),
    termsAndConditions: accepted('termsRequired'),
  })
  .superRefine((form, ctx) => {
    matchingConfirmation(form, ctx);
    const floor = form.password ? passwordShapeProblem(form.password) : null;
    if (floor) ctx.addIssue({ code: 'custom', path: ['password'], message: floor });
    else if (form.password && isWeakPassword(form.password)) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'passwordTooWeak' });
    }
  });
export type SignupForm = z.infer<typeof SignupForm>;

/**
 * SPEC §5 standalone registration: the username and email rules, a matching confirmation,
 * newsletter consent and terms required, and a weak password only with its acceptance.
 */
export const RegisterForm = z
  .object({
    username: required(Username),
    email: required(Email),
    password,
    confirmPassword: z.string(),
    acceptWeakPassword: z.boolean(),
    newsletter: accepted('newsletterRequired'),
    termsAndConditions: accepted('termsRequired'),
  })
  .superRefine((form, ctx) => {
    matchingConfirmation(form, ctx);
    const floor = form.password ? passwordShapeProblem(form.password) : null;
    if (floor) ctx.addIssue({ code: 'custom', path: ['password'], message: floor });
    else if (form.password && isWeakPassword(form.password) && !form.acceptWeakPassword) {
      ctx.addIssue({ code: 'custom', path: ['acceptWeakPassword'], message: 'passwordWeakAccept' });
    }
  });
export type RegisterForm = z.infer<typeof RegisterForm>;

/** SPEC §5: submit stays disabled until the core fields are filled and the terms accepted. */
export function isRegisterSubmittable(form: Partial<RegisterForm>): boolean {
  const filled = (value: string | undefined) => (value ?? '').trim() !== '';
  return (
    filled(form.username) &&
    filled(form.email) &&
    (form.password ?? '') !== '' &&
    (form.confirmPassword ?? '') !== '' &&
    form.termsAndConditions === true
  );
}

/** Which form field a SPEC §5 key the server answered with belongs to, if any. */
export function fieldOfServerMessage(
  key: string,
):
  | 'username'
  | 'email'
  | 'password'
  | 'acceptWeakPassword'
  | 'newsletter'
  | 'termsAndConditions'
  | null {
  switch (key) {
    case 'usernameTooShort':
    case 'usernameInvalidCharacters':
    case 'usernameTaken':
      return 'username';
    case 'emailInvalid':
    case 'emailTaken':
      return 'email';
    case 'passwordFloorLength':
    case 'passwordCommon':
      return 'password';
    case 'passwordWeakAccept':
      return 'acceptWeakPassword';
    case 'newsletterRequired':
      return 'newsletter';
    case 'termsRequired':
      return 'termsAndConditions';
    default:
      return null;
  }
}
