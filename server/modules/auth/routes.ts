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
import { perCaller, perMinute } from '../../http/rate-limits';
import { requestMeta } from '../../http/request-meta';
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

    app.post(
      '/v1/auth/login',
      {
        // account_suspended.
        config: { ...authLimit, openapi: { errors: [403] } },
        schema: {
          tags: ['auth'],
          summary: 'Sign in with username or e-mail and password',
          operationId: 'login',
          body: LoginRequest,
          response: { 200: LoginResponse },
        },
      },
      async (request, reply) => {
        try {
          return await login(
            { ...deps, throttleKey: ctx.keys['login-throttle'] },
            request.body,
            requestMeta(request, ctx.clock),
          );
        } catch (err) {
          if (err instanceof LoginThrottledError) {
            reply.header('retry-after', String(err.retryAfterSeconds));
          }
          throw err;
        }
      },
    );

    // SPEC §7: the signup form and /register post the same request; each keeps its own path.
    for (const [path, source] of [
      ['/v1/auth/signup', 'auth'],
      ['/api/v1/auth/register', 'register'],
    ] as const) {
      app.post(
        path,
        {
          // usernameTaken, emailTaken.
          config: { ...authLimit, openapi: { errors: [409] } },
          schema: {
            tags: ['auth'],
            summary:
              source === 'auth' ? 'Sign up (the sign-up form)' : 'Sign up (the register page)',
            operationId: source === 'auth' ? 'signup' : 'register',
            body: SignupRequest,
            response: { 201: SignupResponse },
          },
        },
        async (request, reply) =>
          reply
            .code(201)
            .send(
              await signup(
                deps,
                request.body,
                source,
                requestMeta(request, ctx.clock),
                localeOf(request.headers['accept-language']),
              ),
            ),
      );
    }

    app.post(
      '/v1/auth/google',
      {
        // A suspended account, an account that changed meanwhile, Google unreachable.
        config: { ...authLimit, openapi: { errors: [403, 409, 502] } },
        schema: {
          tags: ['auth'],
          summary: 'Sign in or sign up with a Google ID token',
          operationId: 'googleSignIn',
          body: GoogleLoginRequest,
          response: { 200: LoginResponse },
        },
      },
      async (request) =>
        googleSignIn(deps, request.body.credential, requestMeta(request, ctx.clock)),
    );

    app.get(
      '/api/v1/users/sign-in-methods',
      {
        preHandler: ctx.guards.requireAuth,
        schema: {
          tags: ['account'],
          summary: 'The sign-in methods of the signed-in account',
          operationId: 'getSignInMethods',
          response: { 200: SignInMethods },
        },
      },
      async (request) => signInMethods(ctx.db, ctx.guards.viewerOf(request)),
    );

    app.post(
      '/api/v1/users/google',
      {
        preHandler: ctx.guards.requireAuth,
        config: {
          ...perCaller(ctx.tokens, PASSWORD_CHECKS_PER_MINUTE),
          openapi: { errors: [409, 502] },
        },
        schema: {
          tags: ['account'],
          summary: 'Link a Google account to the signed-in account',
          operationId: 'linkGoogle',
          body: LinkGoogleRequest,
          response: { 200: SignInMethods },
        },
      },
      async (request) =>
        linkOwnGoogle(
          deps,
          ctx.guards.viewerOf(request),
          request.body,
          requestMeta(request, ctx.clock),
        ),
    );

    app.get(
      '/api/v1/auth/config',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign-in settings the web needs (the Google client id)',
          operationId: 'getAuthConfig',
          response: { 200: AuthConfigResponse },
        },
      },
      async () => ({ googleClientId: config.GOOGLE_CLIENT_ID ?? null }),
    );

    app.get(
      '/api/v1/auth/check-username',
      {
        config: checkLimit,
        schema: {
          tags: ['auth'],
          summary: 'Whether a username is free',
          operationId: 'checkUsername',
          querystring: z.object({ username: Username }),
          response: { 200: AvailabilityResponse },
        },
      },
      async (request) => ({ available: !(await isUsernameTaken(ctx.db, request.query.username)) }),
    );

    app.get(
      '/api/v1/auth/check-email',
      {
        config: checkLimit,
        schema: {
          tags: ['auth'],
          summary: 'Whether an e-mail address is free',
          operationId: 'checkEmail',
          querystring: z.object({ email: Email }),
          response: { 200: AvailabilityResponse },
        },
      },
      async (request) => ({ available: !(await isEmailTaken(ctx.db, request.query.email)) }),
    );

    app.post(
      '/api/v1/auth/logout',
      {
        preHandler: ctx.guards.requireAuth,
        schema: {
          tags: ['auth'],
          summary: 'Sign out (ends this token)',
          operationId: 'logout',
          response: { 200: MessageResponse },
        },
      },
      async (request) => {
        const viewer = ctx.guards.viewerOf(request);
        await logout(deps, viewer.id, viewer.token, requestMeta(request, ctx.clock));
        return { message: 'Signed out' };
      },
    );
  };
