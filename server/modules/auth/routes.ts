import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthConfigResponse,
  AvailabilityResponse,
  Email,
  GoogleLoginRequest,
  LoginRequest,
  LoginResponse,
  SignupRequest,
  SignupResponse,
  Username,
} from '../../../common/schemas/auth';
import { LinkGoogleRequest, SignInMethods } from '../../../common/schemas/account';
import { localeOf } from '../../../common/rules/locales';
import { createGoogleVerifier } from '../../adapters/identity/google';
import type { Container } from '../../container';
import { perMinute } from '../../http/rate-limits';
import { routesFor } from '../../http/route';
import { isEmailTaken, isUsernameTaken } from '../users/index';
import { linkOwnGoogle, signInMethods } from './google-link';
import { googleSignIn } from './google-signin';
import { PASSWORD_CHECKS_PER_MINUTE } from './password-check';
import { login, LoginThrottledError, logout, signup, type AuthDeps } from './service';

const MessageResponse = z.object({ message: z.string() });

/**
 * Accounts (issue 3): sign-in, sign-up, Google sign-in and linking, availability checks and
 * logout.
 */
export const authRoutes =
  (ctx: Container): FastifyPluginAsyncZod =>
  async (app) => {
    const { config } = ctx;
    const deps: AuthDeps = {
      db: ctx.db,
      clock: ctx.clock,
      tokens: ctx.tokens,
      mailKey: ctx.keys['mail-links'],
      google: config.GOOGLE_CLIENT_ID
        ? createGoogleVerifier({
            clientId: config.GOOGLE_CLIENT_ID,
            jwksUrl: config.GOOGLE_JWKS_URL,
            clock: ctx.clock,
          })
        : null,
    };
    const authLimit = perMinute(config.AUTH_RATE_LIMIT_PER_MINUTE);
    const checkLimit = perMinute(config.AUTH_CHECK_RATE_LIMIT_PER_MINUTE);
    const route = routesFor(app, ctx, { tags: ['auth'] });

    route.open({
      method: 'POST',
      url: '/v1/auth/login',
      config: authLimit,
      // invalid_credentials, account_suspended.
      errors: [401, 403],
      schema: {
        summary: 'Sign in with username or e-mail and password',
        operationId: 'login',
        body: LoginRequest,
        response: { 200: LoginResponse },
      },
      handler: async ({ request, reply, meta }) => {
        try {
          return await login(
            { ...deps, throttleKey: ctx.keys['login-throttle'] },
            request.body,
            meta(),
          );
        } catch (err) {
          if (err instanceof LoginThrottledError) {
            reply.header('retry-after', String(err.retryAfterSeconds));
          }
          throw err;
        }
      },
    });

    // SPEC §7: the signup form and /register post the same request; each keeps its own path.
    for (const [path, source] of [
      ['/v1/auth/signup', 'auth'],
      ['/api/v1/auth/register', 'register'],
    ] as const) {
      route.open({
        method: 'POST',
        url: path,
        config: authLimit,
        // usernameTaken, emailTaken.
        errors: [409],
        schema: {
          summary: source === 'auth' ? 'Sign up (the sign-up form)' : 'Sign up (the register page)',
          operationId: source === 'auth' ? 'signup' : 'register',
          body: SignupRequest,
          response: { 201: SignupResponse },
        },
        handler: async ({ request, reply, meta }) =>
          reply
            .code(201)
            .send(
              await signup(
                deps,
                request.body,
                source,
                meta(),
                localeOf(request.headers['accept-language']),
              ),
            ),
      });
    }

    route.open({
      method: 'POST',
      url: '/v1/auth/google',
      config: authLimit,
      // A token Google did not sign, a suspended account, an account that changed meanwhile, Google
      // unreachable.
      errors: [401, 403, 409, 502],
      schema: {
        summary: 'Sign in or sign up with a Google ID token',
        operationId: 'googleSignIn',
        body: GoogleLoginRequest,
        response: { 200: LoginResponse },
      },
      handler: ({ request, meta }) => googleSignIn(deps, request.body.credential, meta()),
    });

    route.authed({
      method: 'GET',
      url: '/api/v1/users/sign-in-methods',
      tags: ['account'],
      schema: {
        summary: 'The sign-in methods of the signed-in account',
        operationId: 'getSignInMethods',
        response: { 200: SignInMethods },
      },
      handler: ({ viewer }) => signInMethods(ctx.db, viewer),
    });

    route.authed({
      method: 'POST',
      url: '/api/v1/users/google',
      tags: ['account'],
      perCaller: PASSWORD_CHECKS_PER_MINUTE,
      errors: [409, 502],
      schema: {
        summary: 'Link a Google account to the signed-in account',
        operationId: 'linkGoogle',
        body: LinkGoogleRequest,
        response: { 200: SignInMethods },
      },
      handler: ({ viewer, request, meta }) => linkOwnGoogle(deps, viewer, request.body, meta()),
    });

    route.open({
      method: 'GET',
      url: '/api/v1/auth/config',
      schema: {
        summary: 'Sign-in settings the web needs (the Google client id)',
        operationId: 'getAuthConfig',
        response: { 200: AuthConfigResponse },
      },
      handler: () => ({ googleClientId: config.GOOGLE_CLIENT_ID ?? null }),
    });

    route.open({
      method: 'GET',
      url: '/api/v1/auth/check-username',
      config: checkLimit,
      schema: {
        summary: 'Whether a username is free',
        operationId: 'checkUsername',
        querystring: z.object({ username: Username }),
        response: { 200: AvailabilityResponse },
      },
      handler: async ({ request }) => ({
        available: !(await isUsernameTaken(ctx.db, request.query.username)),
      }),
    });

    route.open({
      method: 'GET',
      url: '/api/v1/auth/check-email',
      config: checkLimit,
      schema: {
        summary: 'Whether an e-mail address is free',
        operationId: 'checkEmail',
        querystring: z.object({ email: Email }),
        response: { 200: AvailabilityResponse },
      },
      handler: async ({ request }) => ({
        available: !(await isEmailTaken(ctx.db, request.query.email)),
      }),
    });

    route.authed({
      method: 'POST',
      url: '/api/v1/auth/logout',
      schema: {
        summary: 'Sign out (ends this token)',
        operationId: 'logout',
        response: { 200: MessageResponse },
      },
      handler: async ({ viewer, meta }) => {
        await logout(deps, viewer.id, viewer.token, meta());
        return { message: 'Signed out' };
      },
    });
  };
