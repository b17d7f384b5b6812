import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EmailStatusResponse,
  MessageResponse,
  NoticeSettings,
  OutboxResponse,
  VerifyEmailResponse,
  type ForgotPasswordRequest,
  type NoticeSettingsPatch,
  type ResetPasswordRequest,
} from '../../../../../common/schemas/mail';
import { request } from '../../../shared/api/request';

/* E-mail (issue 16): verification banner, verify link, password reset, the admin outbox. */

export const mailKeys = {
  status: ['mail', 'email-status'] as const,
  outbox: ['mail', 'outbox'] as const,
  notices: ['mail', 'notices'] as const,
};

/** Whether the signed-in person's address is verified (the banner). */
export function useEmailStatus() {
  return useQuery({
    queryKey: mailKeys.status,
    queryFn: async () => EmailStatusResponse.parse(await request('/api/v1/auth/email-status')),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: async () =>
      MessageResponse.parse(await request('/api/v1/auth/resend-verification', { method: 'POST' })),
  });
}

/** Uses a verification link's token; the banner's status is fetched again. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) =>
      VerifyEmailResponse.parse(
        await request('/api/v1/auth/verify-email', { body: { token }, token: null }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailKeys.status }),
  });
}

/** Uses a confirmation mail's "this was not me" link: the address leaves the account it named. */
export function useNotMe() {
  return useMutation({
    mutationFn: async (token: string) =>
      MessageResponse.parse(await request('/api/v1/auth/not-me', { body: { token }, token: null })),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: async (body: ForgotPasswordRequest) =>
      MessageResponse.parse(await request('/api/v1/auth/forgot-password', { body, token: null })),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: async (body: ResetPasswordRequest) =>
      MessageResponse.parse(await request('/api/v1/auth/reset-password', { body, token: null })),
  });
}

export function useUnsubscribe() {
  return useMutation({
    mutationFn: async (token: string) =>
      request<{ message: string; kind: string }>(
        `/api/v1/mail/unsubscribe?token=${encodeURIComponent(token)}`,
        { method: 'POST', token: null },
      ),
  });
}

/** The admin outbox page (admins only). */
export function useAdminOutbox() {
  return useQuery({
    queryKey: mailKeys.outbox,
    queryFn: async () => OutboxResponse.parse(await request('/api/v1/admin/outbox?limit=100')),
  });
}

/** The signed-in person's notice switches (account settings). */
export function useNoticeSettings() {
  return useQuery({
    queryKey: mailKeys.notices,
    queryFn: async () => NoticeSettings.parse(await request('/api/v1/users/notices')),
  });
}

/** Switches notice kinds on or off; the server's answer is the new state of every switch. */
export function useUpdateNoticeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: NoticeSettingsPatch) =>
      NoticeSettings.parse(
        await request('/api/v1/users/notices', { method: 'PATCH', body: patch }),
      ),
    onSuccess: (answer) => queryClient.setQueryData(mailKeys.notices, answer),
  });
}
