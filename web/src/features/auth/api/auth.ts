import { useQuery } from '@tanstack/react-query';
import {
  AuthConfigResponse,
  AvailabilityResponse,
  LoginResponse,
  SignupResponse,
  type LoginRequest,
  type SignupRequest,
} from '../../../../../common/schemas/auth';
import { request } from '../../../shared/api/request';

/*
 * The account calls of SPEC §7 and issue 3. Sign-in calls send no bearer token: a stale one in
 * storage must not decide how the server treats a fresh sign-in.
 */

export const authKeys = {
  config: ['auth', 'config'] as const,
  availability: (field: 'username' | 'email', value: string) =>
    ['auth', 'availability', field, value] as const,
};

/** SPEC §7 POST /v1/auth/login: email or username, password -> token, user. */
export async function login(body: LoginRequest): Promise<LoginResponse> {
  return LoginResponse.parse(
    await request('/v1/auth/login', { method: 'POST', body, token: null }),
  );
}

/** SPEC §7 POST /v1/auth/signup, used by the signup tab of /auth (weak passwords refused). */
export async function signup(body: SignupRequest): Promise<SignupResponse> {
  return SignupResponse.parse(
    await request('/v1/auth/signup', { method: 'POST', body, token: null }),
  );
}

/** SPEC §7 POST /api/v1/auth/register, used by the standalone /register form. */
export async function register(body: SignupRequest): Promise<SignupResponse> {
  return SignupResponse.parse(
    await request('/api/v1/auth/register', { method: 'POST', body, token: null }),
  );
}

/** SPEC §7 POST /v1/auth/google: a Google ID token (credential) -> token, user. */
export async function googleLogin(credential: string): Promise<LoginResponse> {
  return LoginResponse.parse(
    await request('/v1/auth/google', { method: 'POST', body: { credential }, token: null }),
  );
}

/** Whether Google sign-in is configured, and with which client id. */
export async function fetchAuthConfig(): Promise<AuthConfigResponse> {
  return AuthConfigResponse.parse(await request('/api/v1/auth/config', { token: null }));
}

/** The sign-in configuration, fetched once per page life; no Google button when it fails. */
export function useAuthConfig() {
  return useQuery({
    queryKey: authKeys.config,
    queryFn: fetchAuthConfig,
    staleTime: Infinity,
    retry: false,
  });
}

/** SPEC §7 GET /api/v1/auth/check-username and check-email -> {available}. */
export async function checkAvailability(
  field: 'username' | 'email',
  value: string,
  signal?: AbortSignal,
): Promise<boolean> {
  const path = field === 'username' ? 'check-username' : 'check-email';
  const answer = await request(`/api/v1/auth/${path}?${field}=${encodeURIComponent(value)}`, {
    token: null,
    signal,
  });
  return AvailabilityResponse.parse(answer).available;
}

/** POST /api/v1/auth/logout revokes the stored token on the server. */
export async function logout(): Promise<void> {
  await request('/api/v1/auth/logout', { method: 'POST' });
}
