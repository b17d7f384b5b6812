import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../rules/account';
import { PROFILE_TEXT_MAX } from '../rules/creator-profile';
import { isValidBirthDate, isValidPhoneNumber, PERSONAL_TEXT_MAX } from '../rules/personal-details';
import { Email, GoogleLoginRequest } from './auth';
import { WebLink } from './creator-profile';

/*
 * Account settings (issue 12): personal fields, password, email and deletion of the signed-in
 * account. A broken rule answers 400 with its message key in `error` and the field in `field`.
 */

const clearableText = (max: number) => z.string().trim().max(max, 'textTooLong').nullable();

/**
 * PATCH /api/v1/users/profile: only the fields sent change; '' or null clears one. `avatar` is
 * the URL of the caller's own image upload (the picture shown for them everywhere).
 */
export const UpdateAccountRequest = z.object({
  givenName: clearableText(PERSONAL_TEXT_MAX.givenName).optional(),
  familyName: clearableText(PERSONAL_TEXT_MAX.familyName).optional(),
  displayName: clearableText(PERSONAL_TEXT_MAX.displayName).optional(),
  birthDate: z
    .string()
    .trim()
    .refine((value) => value === '' || isValidBirthDate(value, new Date()), 'invalidBirthDate')
    .nullable()
    .optional(),
  phoneNumber: z
    .string()
    .trim()
    .refine((value) => value === '' || isValidPhoneNumber(value), 'invalidPhone')
    .nullable()
    .optional(),
  location: clearableText(PERSONAL_TEXT_MAX.location).optional(),
  gender: clearableText(PERSONAL_TEXT_MAX.gender).optional(),
  bio: clearableText(PERSONAL_TEXT_MAX.bio).optional(),
  website: WebLink.optional(),
  avatar: z.string().trim().max(PROFILE_TEXT_MAX.mediaUrl, 'textTooLong').nullable().optional(),
  newsletter: z.boolean().optional(),
  /** Show my e-mail to the creators I follow or am a member of (off by default). */
  shareEmailWithCreators: z.boolean().optional(),
});
export type UpdateAccountRequest = z.infer<typeof UpdateAccountRequest>;

const CurrentPassword = z
  .string()
  .min(1, 'wrongPassword')
  .max(PASSWORD_MAX_LENGTH, 'wrongPassword');

/**
 * POST /api/v1/users/password: the current password, the new one (SPEC §5 strength: a weak one
 * needs `acceptWeakPassword`, as on /register). Every other session ends; the answer carries a
 * fresh token for this one.
 */
export const ChangePasswordRequest = z.object({
  currentPassword: CurrentPassword,
  newPassword: z.string().min(1, 'required').max(PASSWORD_MAX_LENGTH, 'invalidInput'),
  acceptWeakPassword: z.boolean().optional(),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** POST /api/v1/users/email: the new address (must be free) and the current password. */
export const ChangeEmailRequest = z.object({
  email: Email,
  password: CurrentPassword,
});
export type ChangeEmailRequest = z.infer<typeof ChangeEmailRequest>;

/**
 * POST /api/v1/users/google: ties a Google account (its ID token) to the signed-in account, the
 * password confirming it. Google sign-in never links by e-mail on its own (docs/security.md).
 */
export const LinkGoogleRequest = GoogleLoginRequest.extend({ password: CurrentPassword });
export type LinkGoogleRequest = z.infer<typeof LinkGoogleRequest>;

/** GET /api/v1/users/sign-in-methods: how the signed-in account can sign in. */
export const SignInMethods = z.object({ password: z.boolean(), google: z.boolean() });
export type SignInMethods = z.infer<typeof SignInMethods>;

/** DELETE /api/v1/users/profile: the password confirms it. */
export const DeleteAccountRequest = z.object({ password: CurrentPassword });
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequest>;

export const DeleteAccountResponse = z.object({ message: z.string() });
export type DeleteAccountResponse = z.infer<typeof DeleteAccountResponse>;
