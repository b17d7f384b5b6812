import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DeleteAccountResponse,
  SignInMethods,
  type LinkGoogleRequest,
  type ChangeEmailRequest,
  type ChangePasswordRequest,
  type DeleteAccountRequest,
  type UpdateAccountRequest,
} from '../../../../../common/schemas/account';
import { LoginResponse } from '../../../../../common/schemas/auth';
import { ProfileResponse } from '../../../../../common/schemas/users';
import { clearToken, storeToken } from '../../../app/token-storage';
import { creatorProfileKeys } from '../../profiles/api/creator-profiles';
import { dashboardKeys } from '../../dashboard/api/dashboard';
import { profileKeys } from '../../profiles/api/profiles';
import { request } from '../../../shared/api/request';

/*
 * Account settings (issue 12). The profile the answers carry replaces the cached one (the
 * dashboard card reads it); other views of the person are refreshed.
 */

function useProfileAnswer() {
  const queryClient = useQueryClient();
  return (answer: ProfileResponse) => {
    queryClient.setQueryData(dashboardKeys.profile, answer);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: creatorProfileKeys.all }),
      queryClient.invalidateQueries({ queryKey: profileKeys.all }),
    ]);
  };
}

/** PATCH /api/v1/users/profile: the personal fields. */
export function useUpdateAccount() {
  const onAnswer = useProfileAnswer();
  return useMutation({
    mutationFn: async (body: UpdateAccountRequest) =>
      ProfileResponse.parse(await request('/api/v1/users/profile', { method: 'PATCH', body })),
    onSuccess: onAnswer,
  });
}

/**
 * POST /api/v1/users/password. Every session ends on the server, this one too; the answer's
 * fresh token keeps this browser signed in.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: async (body: ChangePasswordRequest) =>
      LoginResponse.parse(await request('/api/v1/users/password', { method: 'POST', body })),
    onSuccess: (answer) => storeToken(answer.token, answer.user),
  });
}

/** POST /api/v1/users/email. */
export function useChangeEmail() {
  const onAnswer = useProfileAnswer();
  return useMutation({
    mutationFn: async (body: ChangeEmailRequest) =>
      ProfileResponse.parse(await request('/api/v1/users/email', { method: 'POST', body })),
    onSuccess: onAnswer,
  });
}

/** DELETE /api/v1/users/profile: the account is closed, so this browser forgets the session. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: DeleteAccountRequest) =>
      DeleteAccountResponse.parse(
        await request('/api/v1/users/profile', { method: 'DELETE', body }),
      ),
    onSuccess: () => {
      clearToken();
      queryClient.clear();
    },
  });
}

const signInMethodsKey = ['account', 'sign-in-methods'] as const;

/** GET /api/v1/users/sign-in-methods: whether the account has a password and a Google link. */
export function useSignInMethods() {
  return useQuery({
    queryKey: signInMethodsKey,
    queryFn: async () => SignInMethods.parse(await request('/api/v1/users/sign-in-methods')),
  });
}

/** POST /api/v1/users/google: links the Google account of the credential, confirmed by password. */
export function useLinkGoogle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LinkGoogleRequest) =>
      SignInMethods.parse(await request('/api/v1/users/google', { method: 'POST', body })),
    onSuccess: (answer) => queryClient.setQueryData(signInMethodsKey, answer),
  });
}
