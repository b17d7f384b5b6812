import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  isValidEmail,
  LOGIN_IDENTIFIER_MIN_LENGTH,
  LOGIN_PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  usernameProblem,
} from '../rules/account';
import { ROLES } from '../rules/roles';

/*
 * Accounts (issue 3). Rule violations answer 400 with a SPEC §5 message key in `error`
 * (e.g. `usernameTooShort`); the forms translate the same keys.
 */

export const Username = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const problem = usernameProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const Email = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, 'emailInvalid')
  .refine(isValidEmail, 'emailInvalid');

// No account has a longer username or email, so a longer identifier is not looked up at all.
const LoginIdentifier = z
  .string()
  .trim()
  .min(LOGIN_IDENTIFIER_MIN_LENGTH, 'Invalid input')
  .max(EMAIL_MAX_LENGTH, 'Invalid input');

/** SPEC §7 POST /v1/auth/login: email or username (by the @ rule of SPEC §5) and password. */
export const LoginRequest = z
  .object({
    email: LoginIdentifier.optional(),
    username: LoginIdentifier.optional(),
    password: z
      .string()
      .min(LOGIN_PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters')
      .max(PASSWORD_MAX_LENGTH),
  })
  .refine((body) => (body.email === undefined) !== (body.username === undefined), {
    message: 'Invalid input',
    path: ['username'],
  });
export type LoginRequest = z.infer<typeof LoginRequest>;

/** The signed-in user handed out with a token (SPEC §3: "token and user (with avatar)"). */
export const AuthUser = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  avatar: z.string().nullable(),
});
export type AuthUser = z.infer<typeof AuthUser>;

export const LoginResponse = z.object({ token: z.string(), user: AuthUser });
export type LoginResponse = z.infer<typeof LoginResponse>;

/**
 * SPEC §7 POST /v1/auth/signup and POST /api/v1/auth/register: username, email, password,
 * newsletter. Aura adds `termsAndConditions` (the server, not only the form, requires it) and
 * `acceptWeakPassword` (SPEC §5's weak-password acceptance, offered only by /register).
 */
export const SignupRequest = z.object({
  username: Username,
  email: Email,
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
  newsletter: z.boolean().default(false),
  termsAndConditions: z.boolean().optional(),
  acceptWeakPassword: z.boolean().optional(),
  /** The token of a creator's invitation link (issue 42): the sign-up accepts it. */
  inviteToken: z.string().min(1).max(100).optional(),
});
export type SignupRequest = z.input<typeof SignupRequest>;

/** SPEC §7: signup answers `message`; Aura also signs the new user in. */
export const SignupResponse = z.object({
  message: z.string(),
  token: z.string(),
  user: AuthUser,
});
export type SignupResponse = z.infer<typeof SignupResponse>;

/** SPEC §7 POST /v1/auth/google. */
export const GoogleLoginRequest = z.object({ credential: z.string().min(1).max(8192) });
export type GoogleLoginRequest = z.infer<typeof GoogleLoginRequest>;

export const AvailabilityResponse = z.object({ available: z.boolean() });
export type AvailabilityResponse = z.infer<typeof AvailabilityResponse>;

/** What the web needs to know before showing the Google button. */
export const AuthConfigResponse = z.object({ googleClientId: z.string().nullable() });
export type AuthConfigResponse = z.infer<typeof AuthConfigResponse>;
