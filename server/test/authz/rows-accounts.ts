import { uniqueName } from '../app';
import type { MatrixRows } from './harness';

const PASSWORD = 'Str0ng!pass';
const signup = () => {
  const username = uniqueName('mx_');
  return {
    username,
    email: `${username.toLowerCase()}@example.test`,
    password: PASSWORD,
    newsletter: true,
    termsAndConditions: true,
  };
};

/** Signing in and up: open to anyone (the throttles and rate limits are tested beside them). */
export const authRows: MatrixRows = {
  'GET /api/v1/health': { who: 'anyone' },
  'POST /v1/auth/login': {
    who: 'anyone',
    request: (fx) => ({ body: { username: fx.target.username, password: 'wrong-password' } }),
  },
  'POST /v1/auth/signup': { who: 'anyone', request: () => ({ body: signup() }) },
  'POST /api/v1/auth/register': { who: 'anyone', request: () => ({ body: signup() }) },
  'POST /v1/auth/google': { who: 'anyone', request: () => ({ body: { credential: 'x.y.z' } }) },
  'GET /api/v1/auth/config': { who: 'anyone' },
  'GET /api/v1/auth/check-username': {
    who: 'anyone',
    request: () => ({ query: { username: uniqueName('free_') } }),
  },
  'GET /api/v1/auth/check-email': {
    who: 'anyone',
    request: () => ({ query: { email: `${uniqueName('free_')}@example.test` } }),
  },
  'POST /api/v1/auth/logout': { who: 'signed-in' },
  // Mail links carry their own proof: an unknown token is refused the same way for everyone.
  'POST /api/v1/auth/verify-email': { who: 'anyone', request: () => ({ body: { token: 'x' } }) },
  'POST /api/v1/auth/not-me': { who: 'anyone', request: () => ({ body: { token: 'x' } }) },
  'POST /api/v1/auth/forgot-password': {
    who: 'anyone',
    request: () => ({ body: { email: `${uniqueName('nobody_')}@example.test` } }),
  },
  'POST /api/v1/auth/reset-password': {
    who: 'anyone',
    request: () => ({ body: { token: 'x', password: PASSWORD, confirmPassword: PASSWORD } }),
  },
  'POST /api/v1/mail/unsubscribe': { who: 'anyone', request: () => ({ body: { token: 'x' } }) },
  // A new-post mail's link carries its own signature: a forged one is refused for everyone.
  'GET /api/v1/mail/click': {
    who: 'anyone',
    request: () => ({ query: { s: '1', to: '/', sig: 'x' } }),
  },
  'POST /api/v1/auth/resend-verification': { who: 'signed-in' },
  'GET /api/v1/auth/email-status': { who: 'signed-in' },
};

/** One's own account and profile: every signed-in person, on their own only. */
export const accountRows: MatrixRows = {
  'GET /api/v1/users/profile': { who: 'signed-in' },
  'PATCH /api/v1/users/profile': { who: 'signed-in' },
  // The factories' users have no password: a wrong one is refused with 400/401 by the service,
  // which still proves the guard let a signed-in caller through.
  'DELETE /api/v1/users/profile': {
    who: 'signed-in',
    request: () => ({ body: { password: 'not-the-password' } }),
  },
  'GET /api/v1/users/{id}': { who: 'anyone' },
  'GET /api/v1/auth/profile': { who: 'signed-in' },
  'PUT /api/v1/auth/profile': { who: 'signed-in' },
  'POST /api/v1/users/password': {
    who: 'signed-in',
    request: () => ({ body: { currentPassword: 'not-the-password', newPassword: PASSWORD } }),
  },
  'POST /api/v1/users/email': {
    who: 'signed-in',
    request: () => ({
      body: { email: `${uniqueName('new_')}@example.test`, password: 'not-the-password' },
    }),
  },
  'GET /api/v1/users/sign-in-methods': { who: 'signed-in' },
  'POST /api/v1/users/google': {
    who: 'signed-in',
    request: () => ({ body: { credential: 'x.y.z', password: 'not-the-password' } }),
  },
  'GET /api/v1/users/notices': { who: 'signed-in' },
  'GET /api/v1/users/notification-preferences': { who: 'signed-in' },
  // The fixture's owner is followed by nobody: a valid body the service refuses with 400.
  'PUT /api/v1/users/notification-preferences': {
    who: 'signed-in',
    request: (fx) => ({ body: { creators: [{ creatorId: fx.owner.id, newItems: 'off' }] } }),
  },
  'PATCH /api/v1/users/notices': { who: 'signed-in', request: () => ({ body: {} }) },
  'GET /api/v1/warnings/mine': { who: 'signed-in' },
  'POST /api/v1/warnings/{id}/acknowledge': { who: 'signed-in' },
  'GET /api/v1/payouts/me': { who: 'signed-in' },
  'PUT /api/v1/payouts/me': {
    who: 'signed-in',
    request: () => ({
      body: { paymentMethod: 'bank transfer', currency: 'usd', autoPayout: false },
    }),
  },
  'GET /api/v1/site': { who: 'anyone' },
  // What crawlers read: only public creator pages and listed items.
  'GET /robots.txt': { who: 'anyone' },
  'GET /sitemap.xml': { who: 'anyone' },
  'GET /api/v1/dashboard': { who: 'signed-in' },
};
