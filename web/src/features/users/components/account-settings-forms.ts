import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../../../../../common/rules/account';
import { isWeakPassword, passwordShapeProblem } from '../../../../../common/rules/password';
import {
  DeleteAccountRequest,
  type UpdateAccountRequest,
} from '../../../../../common/schemas/account';
import type { ProfileResponse } from '../../../../../common/schemas/users';

/*
 * The account settings forms (issue 12). Personal details and email resolve with the request
 * schemas of common/ as they are; the password form adds the confirmation, and deletion its
 * "I understand" box. Messages are keys (common/ or register.messages).
 */

/** The personal details form's values for the stored profile ('' = none). */
export function detailsFormOf(profile: ProfileResponse): UpdateAccountRequest {
  return {
    givenName: profile.given_name ?? '',
    familyName: profile.family_name ?? '',
    displayName: profile.profile.display_name ?? '',
    birthDate: profile.birthDate ?? '',
    phoneNumber: profile.phoneNumber ?? '',
    location: profile.profile.location ?? '',
    gender: profile.profile.gender ?? '',
    bio: profile.profile.bio ?? '',
    website: profile.profile.website ?? '',
    avatar: profile.avatar ?? '',
    newsletter: profile.newsletter,
    shareEmailWithCreators: profile.shareEmailWithCreators,
  };
}

/** SPEC §5 for a new password: confirmed, and a weak one only with its acceptance. */
export const ChangePasswordForm = z
  .object({
    currentPassword: z.string().min(1, 'required'),
    password: z.string().min(1, 'required').max(PASSWORD_MAX_LENGTH, 'invalidInput'),
    confirmPassword: z.string(),
    acceptWeakPassword: z.boolean(),
  })
  .superRefine((form, ctx) => {
    if (form.confirmPassword !== form.password) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'passwordMismatch' });
    }
    const floor = form.password ? passwordShapeProblem(form.password) : null;
    if (floor) ctx.addIssue({ code: 'custom', path: ['password'], message: floor });
    else if (form.password && isWeakPassword(form.password) && !form.acceptWeakPassword) {
      ctx.addIssue({ code: 'custom', path: ['acceptWeakPassword'], message: 'passwordWeakAccept' });
    }
  });
export type ChangePasswordForm = z.infer<typeof ChangePasswordForm>;

/** Closing the account: the password, and the box saying it cannot be undone. */
export const DeleteAccountForm = DeleteAccountRequest.extend({
  confirm: z.boolean().refine((value) => value, 'confirmRequired'),
});
export type DeleteAccountForm = z.infer<typeof DeleteAccountForm>;
